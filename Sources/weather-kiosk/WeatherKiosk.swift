import ArgumentParser
import KioskApp
import KioskCore

/// The `weather-kiosk` command: parses arguments and hands every verb to KioskApp.
@main
struct WeatherKiosk: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "weather-kiosk",
        abstract: "A wall-mounted weather station for Raspberry-Pi-class boards.",
        discussion: """
            Exit codes: 0 ok, 1 runtime failure, 2 usage or validation error, 3 daemon not running.
            The config is --config PATH, else $WEATHER_KIOSK_CONFIG, else /etc/weather-kiosk/config.toml when it exists or for root, else the per-user $XDG_CONFIG_HOME/weather-kiosk/config.toml (~/.config/… without XDG_CONFIG_HOME), created by the first edit.
            """,
        version: KioskVersion.string,
        subcommands: [
            RunCommand.self, CityCommand.self, ForecastCommand.self, ConfigCommand.self,
            StatusCommand.self,
            NextCommand.self, PreviousCommand.self, ShowCommand.self, PageCommand.self,
            RefreshCommand.self, ReloadCommand.self, ScreenshotCommand.self, PreviewCommand.self,
            RenderCommand.self,
            SensorCommand.self,
            ButtonsCommand.self,
            DoctorCommand.self,
        ])

    static func main() async {
        ProcessSetup.prepare()
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let failure as CommandFailure {
            Console.standard.printError(failure.message)
            Self.exit(withError: ExitCode(failure.exitCode))
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                // ArgumentParser's usage errors: DESIGN.md fixes their exit code at 2.
                Console.standard.printError(fullMessage(for: error))
                Self.exit(withError: ExitCode(CommandFailure.usage))
            }
            Self.exit(withError: error)
        }
    }
}

/// `--config PATH`, shared by every verb that reads the config.
struct ConfigOptions: ParsableArguments {
    @Option(
        name: .customLong("config"),
        help: ArgumentHelp(
            "Config file (default: $WEATHER_KIOSK_CONFIG, else /etc/weather-kiosk/config.toml when it exists or for root, else ~/.config/weather-kiosk/config.toml).",
            valueName: "path"))
    var path: String?

    var store: ConfigStore {
        ConfigStore(explicitPath: path, environment: ProcessSetup.environment)
    }
}
