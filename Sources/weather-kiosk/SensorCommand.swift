import ArgumentParser
import KioskCommands
import KioskConfig

/// `weather-kiosk sensor …`
struct SensorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sensor",
        abstract: "Read the configured sensor (BME280/BMP280, or the simulated one).",
        discussion: """
            The default verb, `sensor [--json] [--watch [--interval S]] [--device PATH]`,
            prints temperature, humidity, station and sea-level pressure and dew point.
            The sea-level pressure needs the station's elevation: station.elevation, else
            Open-Meteo's from the forecast cache; without either it is reported unknown.
            `sensor decode FILE` compensates a pasted `i2cdump -y BUS ADDR`.
            """,
        subcommands: [Read.self, Decode.self], defaultSubcommand: Read.self)
}

extension SensorCommand {
    struct Read: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "read", abstract: "Take one reading, or one per interval with --watch.")
        @OptionGroup var options: ConfigOptions
        @Flag(help: "Print JSON.") var json = false
        @Flag(help: "Print one line per interval until interrupted.") var watch = false
        @Option(
            help: ArgumentHelp(
                "Seconds between --watch readings (default: sensor.interval_seconds).",
                valueName: "seconds"))
        var interval: DecimalArgument?
        @Option(
            help: ArgumentHelp(
                "I2C bus device (default: /dev/i2c-<sensor.bus>).", valueName: "path"))
        var device: String?

        func validate() throws {
            if interval != nil && !watch {
                throw ValidationError("--interval goes with --watch.")
            }
            if let interval, !(interval.value > 0 && interval.value <= 86400) {
                throw ValidationError("--interval must be from 0 to 86400 seconds.")
            }
        }

        func run() async throws {
            let commands = SensorCommands(store: options.store, console: .standard)
            if watch {
                try await commands.watch(json: json, devicePath: device, interval: interval?.value)
            } else {
                try await commands.read(json: json, devicePath: device)
            }
        }
    }

    struct Decode: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "decode",
            abstract:
                "Compensate an `i2cdump -y BUS ADDR` of a BME280/BMP280 and print the reading.",
            discussion: "FILE is the text i2cdump printed (all 16 rows); - reads standard input.")
        @Flag(help: "Print JSON.") var json = false
        @Flag(help: "Also print the calibration and the raw values.") var verbose = false
        @Argument(help: ArgumentHelp("The dump, or - for standard input.", valueName: "file"))
        var file: String

        func run() throws {
            try SensorCommands(
                store: ConfigStore(explicitPath: nil, environment: [:]), console: .standard
            )
            .decode(file: file, json: json, verbose: verbose)
        }
    }
}
