import ArgumentParser
import KioskCommands
import KioskConfig
import KioskControl
import KioskCore
import Synchronization

/// The `weather-kiosk` command: parses arguments and hands every verb to KioskCommands or
/// KioskDaemon.
@main
struct WeatherKiosk: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "weather-kiosk",
        abstract: "A wall-mounted weather station for Raspberry-Pi-class boards.",
        discussion: """
            Exit codes: 0 ok, 1 runtime failure, 2 usage or validation error, 3 daemon not running.
            The config is --config PATH, else $WEATHER_KIOSK_CONFIG, else /etc/weather-kiosk/config.toml when it exists or for root, else the per-user $XDG_CONFIG_HOME/weather-kiosk/config.toml (~/.config/… without XDG_CONFIG_HOME), created by the first edit.
            --config PATH goes before the verb or after it; after it wins when both are given.
            """,
        version: KioskVersion.string,
        subcommands: [
            RunCommand.self, CityCommand.self, ForecastCommand.self, WarningsCommand.self,
            ConfigCommand.self,
            StatusCommand.self,
            NextCommand.self, PreviousCommand.self, ShowCommand.self, PageCommand.self,
            RefreshCommand.self, ReloadCommand.self, ScreenshotCommand.self, PreviewCommand.self,
            RenderCommand.self,
            SensorCommand.self,
            ButtonsCommand.self,
            DoctorCommand.self,
            MQTTCommand.self,
        ])

    static func main() async {
        ProcessSetup.prepare()
        do {
            let arguments = try RootOptions.take(from: Array(CommandLine.arguments.dropFirst()))
            var command = try parseAsRoot(arguments)
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
                // ArgumentParser's usage errors: docs/command-line.md fixes their exit code
                // at 2.
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
        ConfigStore(
            explicitPath: path ?? RootOptions.configPath, environment: ProcessSetup.environment)
    }
}

/// The options given before the verb (`weather-kiosk --config F status`), as people type
/// them after git, systemctl and kubectl; every verb's `ConfigOptions` falls back to them.
enum RootOptions {
    private static let storage = Mutex<String?>(nil)

    /// `--config PATH` given before the verb, if any.
    static var configPath: String? { storage.withLock { $0 } }

    /// Removes the leading `--config PATH` / `--config=PATH` from `arguments` and keeps the
    /// path; everything from the first other argument on (the verb) is returned unchanged.
    /// - Throws: `ValidationError` when `--config` has no path after it.
    static func take(from arguments: [String]) throws -> [String] {
        var rest = arguments[...]
        var path: String?
        while let first = rest.first {
            if first == "--config" {
                rest = rest.dropFirst()
                guard let value = rest.first, !value.hasPrefix("-") || value == "-" else {
                    throw ValidationError(
                        "--config needs a path: weather-kiosk --config PATH VERB.")
                }
                path = value
                rest = rest.dropFirst()
            } else if first.hasPrefix("--config=") {
                path = String(first.dropFirst("--config=".count))
                rest = rest.dropFirst()
            } else {
                break
            }
        }
        storage.withLock { $0 = path }
        return Array(rest)
    }
}
