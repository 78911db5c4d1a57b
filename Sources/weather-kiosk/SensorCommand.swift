import ArgumentParser
import KioskCommands
import KioskConfig

/// `weather-kiosk sensor …`
struct SensorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sensor",
        abstract: "Read the configured sensors, scan a bus, decode a chip's bytes.",
        discussion: """
            The default verb, `sensor [--json] [--watch [--interval S]] [--device PATH]`,
            prints temperature, humidity, station and sea-level pressure and dew point.
            The sea-level pressure needs the station's elevation: station.elevation, else
            Open-Meteo's from the forecast cache; without either it is reported unknown.
            With [[sensors]] it reads every sensor, one line (or JSON object) each.
            `sensor decode FILE` compensates a pasted `i2cdump -y BUS ADDR`;
            `sensor decode --chip CHIP FILE` decodes the bytes `i2ctransfer` printed.
            `sensor scan [--bus N]` lists what answers at the sensors' addresses.
            """,
        subcommands: [Read.self, Decode.self, Scan.self], defaultSubcommand: Read.self)
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
        @Option(
            help: ArgumentHelp(
                "Decode `i2ctransfer` bytes of this chip: \(SensorCommands.frameChips.joined(separator: ", ")).",
                valueName: "chip"))
        var chip: String?
        @Argument(help: ArgumentHelp("The dump, or - for standard input.", valueName: "file"))
        var file: String

        func validate() throws {
            if let chip, !SensorCommands.frameChips.contains(chip) {
                throw ValidationError(
                    "--chip must be one of \(SensorCommands.frameChips.joined(separator: ", ")), not \(chip)."
                )
            }
            if chip != nil, verbose { throw ValidationError("--verbose goes without --chip.") }
        }

        func run() throws {
            // The config only says the language of the text; without one, the system's.
            let store = ConfigStore(
                explicitPath: RootOptions.configPath, environment: ProcessSetup.environment)
            let commands = SensorCommands(store: store, console: .standard)
            if let chip {
                try commands.decode(file: file, chip: chip, json: json)
            } else {
                try commands.decode(file: file, json: json, verbose: verbose)
            }
        }
    }

    struct Scan: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "scan",
            abstract: "List what answers at the sensors' and displays' I2C addresses.",
            discussion: """
                Probes 0x27, 0x3c, 0x3d, 0x3f, 0x44, 0x45, 0x46, 0x62, 0x76 and 0x77 without
                data, then identifies sensors only by reads and identification commands.
                On the simulator board it scans the simulated bus of the [[sensors]].
                """)
        @OptionGroup var options: ConfigOptions
        @Flag(help: "Print JSON.") var json = false
        @Option(
            help: ArgumentHelp(
                "The I2C bus number, /dev/i2c-N (default: the first sensor's, else 1).",
                valueName: "n"))
        var bus: Int?

        func validate() throws {
            if let bus, !(0...255).contains(bus) {
                throw ValidationError("--bus must be a bus number from 0 to 255.")
            }
        }

        func run() async throws {
            try await SensorCommands(store: options.store, console: .standard)
                .scan(bus: bus, json: json)
        }
    }
}
