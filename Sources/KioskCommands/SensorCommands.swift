import Devices
import FoundationEssentials
public import KioskConfig
import KioskControl
import KioskCore
import KioskDaemon
import LinuxPlatform

/// The `sensor` verbs: read the configured sensor once or repeatedly, and decode an
/// `i2cdump` of a BME280/BMP280.
public struct SensorCommands: Sendable {
    /// The config file.
    public let store: ConfigStore
    /// Where output goes.
    public let console: Console

    /// Creates the verbs for a config file.
    public init(store: ConfigStore, console: Console) {
        self.store = store
        self.console = console
    }

    private var config: ConfigCommands { ConfigCommands(store: store, console: console) }

    /// `sensor [--json]`: one reading with the sea-level pressure and dew point.
    /// - Parameter devicePath: the I2C bus device instead of `/dev/i2c-<sensor.bus>`.
    /// - Throws: `CommandFailure`: exit 1 when the sensor cannot be read (one sentence), 2
    ///   for a config problem.
    public func read(json: Bool, devicePath: String?) async throws {
        let configuration = try config.load().configuration
        if !configuration.sensors.isEmpty, devicePath == nil {
            return try await readAll(configuration, json: json)
        }
        var sensor = try self.sensor(configuration, devicePath: devicePath)
        let result: IndoorSensor.Result
        do {
            result = try await sensor.read(at: Date())
        } catch {
            throw CommandFailure.runtime(String(describing: error))
        }
        for warning in result.warnings { console.printError(warning) }
        let elevation = StationElevation.resolve(configuration)
        if json {
            console.print(
                try JSONText.encode(SensorJSON(result.reading, elevation: elevation.metres)))
        } else {
            console.print(
                SensorText.reading(
                    result.reading, location: sensor.location, elevation: elevation,
                    units: configuration.units,
                    language: configuration.languageChoice.language))
        }
    }

    /// `sensor --watch`: one line per interval until interrupted. A failed read prints its
    /// sentence on stderr and the next interval tries again (the driver probes the chip
    /// afresh), so a re-plugged sensor comes back by itself.
    /// - Parameter interval: seconds between readings; `sensor.interval_seconds` when nil.
    /// - Throws: `CommandFailure` for a config problem; otherwise it runs until the task is
    ///   cancelled (then it returns) or the process is interrupted.
    public func watch(json: Bool, devicePath: String?, interval: Double?) async throws {
        let configuration = try config.load().configuration
        let seconds = interval ?? Double(configuration.sensor.intervalSeconds)
        guard seconds > 0, seconds.isFinite else {
            throw CommandFailure.usage("--interval must be a positive number of seconds.")
        }
        if !configuration.sensors.isEmpty, devicePath == nil {
            return await watchAll(configuration, json: json, seconds: seconds)
        }
        var sensor = try self.sensor(configuration, devicePath: devicePath)
        let language = configuration.languageChoice.language
        if !json {
            // TRANSLATORS: `sensor --watch`; {location} is a bus and address
            // ("/dev/i2c-1 at 0x76"), {seconds} a whole number.
            console.print(
                language.localized(
                    "Reading the sensor at {location} every {seconds} s; Ctrl-C stops.",
                    [
                        "location": sensor.location,
                        "seconds": SensorText.number(seconds, digits: 0, language: language),
                    ]))
        }
        var failing = false
        while !Task.isCancelled {
            let elevation = StationElevation.resolve(configuration)
            do {
                let result = try await sensor.read(at: Date())
                for warning in result.warnings { console.printError(warning) }
                if failing {
                    console.printError(
                        language.localized(
                            "The sensor at {location} answers again.",
                            ["location": sensor.location]))
                }
                failing = false
                let line =
                    json
                    ? try JSONText.encodeLine(
                        SensorJSON(result.reading, elevation: elevation.metres))
                    : SensorText.line(
                        result.reading, elevation: elevation, units: configuration.units,
                        language: language)
                console.print(line)
            } catch is CancellationError {
                return
            } catch {
                failing = true
                console.printError(String(describing: error))
            }
            do {
                try await Task.sleep(for: .milliseconds(Int64(seconds * 1000)))
            } catch {
                return
            }
        }
    }

    /// `sensor decode FILE`: the chip, optionally the calibration, and the compensated
    /// reading of an `i2cdump -y BUS ADDR` text; FILE "-" is stdin.
    /// - Throws: `CommandFailure`: exit 2 when the text is not a 16×16 dump or the file
    ///   cannot be read, exit 1 when the dump holds no reading (unknown chip, skipped values).
    public func decode(file: String, json: Bool, verbose: Bool) throws {
        let (name, text) = try readDump(file)
        let registers: [UInt8]
        do {
            registers = try I2CDumpText.registers(from: text)
        } catch {
            throw CommandFailure.usage(
                Sentence.ended("\(name) is not a complete i2cdump: \(error)"))
        }
        let dump = BME280RegisterDump(registers: registers)
        let chip: SensorChip
        let calibration: BME280Calibration
        let raw: BME280RawSample
        let result: BME280Compensated
        do {
            chip = try dump.chip()
            calibration = try dump.calibration()
            raw = try dump.raw()
            result = try dump.compensated()
        } catch {
            throw CommandFailure.runtime(SensorText.problem(error, in: name))
        }
        if json {
            console.print(
                try JSONText.encode(
                    DecodeJSON(
                        chip: chip, result: result, calibration: verbose ? calibration : nil,
                        raw: verbose ? raw : nil)))
        } else {
            console.print(
                SensorText.decoded(
                    chip: chip, id: dump.chipID, result: result,
                    calibration: verbose ? calibration : nil, raw: verbose ? raw : nil))
        }
    }

    /// The most a dump may be, from a file or standard input: 1 MiB.
    static let dumpSizeLimit = 1 << 20

    func readDump(_ file: String) throws(CommandFailure) -> (name: String, text: String) {
        if file == "-" {
            guard let bytes = console.readInput(Self.dumpSizeLimit) else {
                throw CommandFailure.runtime(
                    "Cannot read standard input; give the dump as a file instead.")
            }
            guard bytes.count <= Self.dumpSizeLimit else {
                throw CommandFailure.usage(
                    "Standard input has more than 1 MiB; an i2cdump is about 1.3 KB, so this is"
                        + " not one: pipe only the output of `i2cdump -y BUS ADDR`.")
            }
            return ("standard input", String(decoding: bytes, as: UTF8.self))
        }
        let bytes: [UInt8]?
        do {
            bytes = try FileSystem.read(file, limit: Self.dumpSizeLimit)
        } catch {
            throw CommandFailure.usage(error.message)
        }
        guard let bytes else {
            throw CommandFailure.usage(
                "\(file) does not exist; save the output of `i2cdump -y 1 0x76` to a file, or give - to read standard input."
            )
        }
        return (file, String(decoding: bytes, as: UTF8.self))
    }

    /// The configured sensor; a config without one is a usage error (exit 2).
    /// The configured sensor; a `--device` the simulated sensor cannot use is said on
    /// stderr, not passed over in silence.
    private func sensor(_ configuration: KioskConfiguration, devicePath: String?)
        throws(CommandFailure) -> IndoorSensor
    {
        if let devicePath, configuration.sensor.kind == .simulated {
            console.printError(
                "--device \(devicePath) is ignored: sensor.kind = \"simulated\" reads the simulated"
                    + " BME280, which is on no I2C bus (set sensor.kind = \"bme280\" to read a real"
                    + " one).")
        }
        do {
            return try IndoorSensor.configured(configuration, devicePath: devicePath)
        } catch {
            throw CommandFailure.usage(error.description)
        }
    }

}
