import ArgumentParser
import KioskCommands
import KioskControl
import KioskDaemon
import Logging

/// `weather-kiosk run`: the daemon.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the kiosk: the display, sensor, buttons and forecasts, until stopped.",
        discussion: """
            systemd runs this (deploy/weather-kiosk.service). On a PC the simulator board
            shows the kiosk in this terminal: arrows and Enter are the buttons, q quits.
            SIGTERM or Ctrl-C stop it gracefully; SIGHUP reloads the config.
            """)
    @OptionGroup var options: ConfigOptions
    @Option(help: ArgumentHelp("Write the log to this file instead of stderr.", valueName: "file"))
    var log: String?

    func run() async throws {
        let store = options.store
        let logger = DaemonLogging.bootstrap(store: store, file: log)
        do {
            try await KioskDaemon.run(
                store: store, environment: ProcessSetup.environment, logger: logger)
        } catch let error as DaemonStartError {
            throw CommandFailure.runtime(error.message)
        }
    }
}
