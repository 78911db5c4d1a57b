import Devices
import FoundationEssentials
import KioskCommands
import KioskConfig
import KioskControl
import KioskCore
import KioskDaemon
import KioskTesting
import Simulator
import Synchronization
import Testing

/// How often a sensor released its bus.
final class ReleaseCount: Sendable {
    let count = Mutex(0)
}

/// A console that records what a verb prints and feeds it input lines.
final class RecordingConsole: Sendable {
    private let output = Mutex<(out: String, err: [String])>(("", []))
    private let input: Mutex<[String]>

    init(input: [String] = []) { self.input = Mutex(input) }

    var console: Console {
        Console(
            write: { text in self.output.withLock { $0.out += text } },
            printError: { text in self.output.withLock { $0.err.append(text) } },
            readLine: { self.input.withLock { $0.isEmpty ? nil : $0.removeFirst() } })
    }

    var standardOutput: String { output.withLock { $0.out } }
    var errors: [String] { output.withLock { $0.err } }
}

/// A JSON value of a flat object: a string, a number or null.
enum JSONScalar: Decodable, Equatable {
    case string(String)
    case number(Double)
    case null

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    var double: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }
}

/// The flat JSON object a verb printed.
func jsonObject(_ text: String) throws -> [String: JSONScalar] {
    try JSONDecoder().decode([String: JSONScalar].self, from: Data(text.utf8))
}

/// The `sensor` verbs in-process: reading the simulator board, watching, decoding dumps.
@Suite struct SensorCommandsTests {
    private func commands(
        _ directory: TemporaryDirectory, config: String = "", input: [String] = []
    )
        -> (SensorCommands, RecordingConsole)
    {
        directory.write("config.toml", "state_dir = \"\(directory.path)\"\n" + config)
        let recorder = RecordingConsole(input: input)
        let store = ConfigStore(explicitPath: directory.file("config.toml"), environment: [:])
        return (SensorCommands(store: store, console: recorder.console), recorder)
    }

    @Test func oneReadingOnTheSimulatorBoard() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let (verbs, recorder) = commands(directory, config: "[station]\nelevation = 250\n")
        try await verbs.read(json: true, devicePath: nil)
        let object = try jsonObject(recorder.standardOutput)
        #expect(
            Set(object.keys)
                == [
                    "chip", "temperature_c", "humidity_percent", "pressure_pa",
                    "sea_level_pressure_pa", "dew_point_c",
                ])
        #expect(object["chip"]?.string == "bme280")
        let temperature = try #require(object["temperature_c"]?.double)
        let humidity = try #require(object["humidity_percent"]?.double)
        let pressure = try #require(object["pressure_pa"]?.double)
        let seaLevel = try #require(object["sea_level_pressure_pa"]?.double)
        let dewPoint = try #require(object["dew_point_c"]?.double)
        #expect((19...24).contains(temperature))
        #expect((30...60).contains(humidity))
        #expect(
            abs(
                seaLevel
                    - SeaLevelPressure.reduce(
                        stationPressure: Pressure(pascals: pressure), elevation: 250,
                        temperature: Temperature(celsius: temperature)
                    ).pascals) < 1e-6
        )
        #expect(seaLevel > pressure + 2500)
        let expectedDewPoint = try #require(
            Humidity.dewPoint(
                temperature: Temperature(celsius: temperature), relativeHumidity: humidity)?
                .celsius)
        #expect(abs(dewPoint - expectedDewPoint) < 1e-9)
    }

    @Test func theTextSaysWhenTheSeaLevelPressureIsUnknown() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let (verbs, recorder) = commands(directory)
        try await verbs.read(json: false, devicePath: nil)
        let text = recorder.standardOutput
        #expect(text.hasPrefix("BME280 at 0x76 on the simulated bus\n"))
        #expect(text.contains("Sea level    unknown: set station.elevation (metres)"))
        #expect(text.contains("Dew point"))
    }

    @Test func theElevationComesFromTheForecastCacheWhenNotConfigured() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var configuration = KioskConfiguration()
        configuration.stateDirectory = directory.path
        #expect(StationElevation.resolve(configuration) == .unknown)
        let station = Coordinate(latitude: 52.52, longitude: 13.41)
        let entry = ForecastCache.Entry(
            coordinate: station, fetchedAt: Date(),
            forecast: LocationForecast(coordinate: station, elevation: 38))
        try ForecastCache(directory: directory.path).store([entry], now: Date())
        // No station set: a cached forecast for some place is not the kiosk's elevation.
        #expect(StationElevation.resolve(configuration) == .unknown)
        configuration.station.coordinate = station
        #expect(StationElevation.resolve(configuration) == .openMeteo(38))
        configuration.station.elevation = 34
        #expect(StationElevation.resolve(configuration) == .configured(34))
        configuration.station.elevation = nil
        directory.write("forecasts.json", "{ torn")
        #expect(StationElevation.resolve(configuration) == .unknown)
    }

    @Test func noSensorIsAConfigProblem() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let (verbs, _) = commands(directory, config: "[sensor]\nkind = \"none\"\n")
        do {
            try await verbs.read(json: false, devicePath: nil)
            Issue.record("reading kind = none succeeded")
        } catch let failure as CommandFailure {
            #expect(failure.exitCode == CommandFailure.usage)
            #expect(failure.message.hasPrefix("sensor.kind is \"none\""))
        }
    }

    /// The lines printed after the first `after` characters, once there are `count` (an
    /// SCD4x round takes 5 s; the safety net is 60 s).
    private func printedLines(_ recorder: RecordingConsole, atLeast count: Int, after: Int = 0)
        async throws -> [Substring]
    {
        var lines: [Substring] = []
        for _ in 0..<6000 where lines.count < count {
            try await Task.sleep(for: .milliseconds(10))
            lines = recorder.standardOutput.dropFirst(after).split(separator: "\n")
        }
        return lines
    }

    @Test func watchPrintsOneLinePerIntervalUntilCancelled() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let (verbs, recorder) = commands(directory, config: "[station]\nelevation = 34\n")
        let watching = Task { try await verbs.watch(json: true, devicePath: nil, interval: 0.05) }
        let lines = try await printedLines(recorder, atLeast: 3)
        watching.cancel()
        try await watching.value
        #expect(lines.count >= 3)
        for line in lines {
            let object = try jsonObject(String(line))
            #expect(object.count == 6)
            #expect(object["sea_level_pressure_pa"]?.double != nil)
        }
        #expect(recorder.errors.isEmpty)
    }

    @Test func watchReadsEverySensorOfTheSensorsTables() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let (verbs, recorder) = commands(directory, config: SensorConfigs.indoorCO2AndOutdoor)
        let watching = Task { try await verbs.watch(json: true, devicePath: nil, interval: 0.05) }
        let lines = try await printedLines(recorder, atLeast: 2)
        watching.cancel()
        try await watching.value
        #expect(lines.count >= 2)
        for line in lines {
            // One array per round: every sensor, as `sensor --json` prints them.
            let round = try JSONDecoder().decode(
                [[String: JSONScalar]].self, from: Data(line.utf8))
            #expect(round.map { $0["name"]?.string } == ["Living room", "Balcony"])
            #expect(round[0]["co2_ppm"]?.double != nil)
            #expect(round[1]["temperature_c"]?.double != nil)
        }
        #expect(recorder.errors.isEmpty)

        let before = recorder.standardOutput.count
        let text = Task { try await verbs.watch(json: false, devicePath: nil, interval: 0.05) }
        let printed = try await printedLines(recorder, atLeast: 5, after: before)
        text.cancel()
        try await text.value
        #expect(printed.first?.hasPrefix("Reading 2 sensors every 0 s") == true, "\(printed)")
        #expect(printed.contains { $0.contains("  Living room (SCD4x, indoor): ") })
        #expect(printed.contains { $0.contains("  Balcony (DS18B20, outdoor): ") })
    }

    @Test func heatCompensationUsesTheCPUTemperature() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write("temp", "61000\n")
        let bus = SimulatedI2CBus()
        bus.attach(
            SimulatedBME280(
                output: .conditions(
                    temperature: Temperature(celsius: 30), humidity: 40,
                    pressure: Pressure(pascals: 100_000))),
            at: 0x76)
        var settings = SensorSettings()
        settings.cpuHeatFactor = 2
        settings.temperatureOffset = -1
        var sensor = IndoorSensor(
            device: bus.device(at: 0x76), settings: settings,
            cpuTemperaturePath: directory.file("temp"))
        let result = try await sensor.read(at: Date())
        // 30 − (61 − 30) / 2 − 1 = 13.5 °C; the same water makes a higher humidity.
        #expect(abs(result.reading.temperature.celsius - 13.5) < 0.02)
        #expect((result.reading.humidity ?? 0) > 90)
        #expect(result.warnings.isEmpty)

        var blind = IndoorSensor(
            device: bus.device(at: 0x76), settings: settings,
            cpuTemperaturePath: directory.file("missing"))
        let degraded = try await blind.read(at: Date())
        #expect(abs(degraded.reading.temperature.celsius - 29) < 0.02)
        #expect(degraded.warnings.count == 1)
        #expect(
            degraded.warnings.first?.hasPrefix(
                "CPU heat compensation skipped: cannot read the CPU temperature from") == true)
    }

    /// Every reading, read or failed, releases the bus afterwards: between readings the
    /// kiosk holds no `/dev/i2c-N` open, so the bus's driver can be unloaded and loaded
    /// again (the system VM unloads i2c-stub under the running kiosk).
    @Test func everyReadingReleasesTheBus() async throws {
        let bus = SimulatedI2CBus()
        bus.attach(
            SimulatedBME280(
                output: .conditions(
                    temperature: Temperature(celsius: 21), humidity: 50,
                    pressure: Pressure(pascals: 100_000))),
            at: 0x76)
        let releases = ReleaseCount()
        var sensor = IndoorSensor(
            device: bus.device(at: 0x76), settings: SensorSettings(),
            release: { releases.count.withLock { $0 += 1 } })
        let result = try await sensor.read(at: Date())
        #expect(abs(result.reading.temperature.celsius - 21) < 0.02)
        #expect(releases.count.withLock { $0 } == 1)

        bus.detach(at: 0x76)
        await #expect(throws: (any Error).self) { try await sensor.read(at: Date()) }
        #expect(releases.count.withLock { $0 } == 2)
    }

    /// Dumps the decoder has never seen: a simulated chip with a random calibration from the
    /// vectors measures random conditions, its registers are pasted as i2cdump text on
    /// stdin, and `sensor decode - --json` must print Bosch's result for them.
    @Test func decodesUnseenDumpsFromStandardInput() throws {
        var generator = SystemRandomNumberGenerator()
        let calibrations: [[UInt8]] = [
            SimulatedBME280.referenceCalibrationBytes,
            [
                0x6C, 0x6E, 0x77, 0x66, 0x32, 0x00, 0xA8, 0x92, 0x27, 0xD5, 0xD0, 0x0B, 0x6F,
                0x18, 0xCA, 0xFF, 0xF9, 0xFF, 0xAC, 0x26, 0x0A, 0xD8, 0xBD, 0x10, 0x00, 0x4B,
                0x65, 0x01, 0x00, 0x14, 0x0B, 0x00, 0x1E,
            ],
        ]
        for _ in 0..<8 {
            let bytes = calibrations.randomElement(using: &generator)!
            let calibration = BME280Calibration(
                temperatureAndPressure: Array(bytes[0..<26]), humidity: Array(bytes[26..<33]))
            let raw = calibration.rawSample(
                temperature: Temperature(celsius: Double.random(in: -5...45, using: &generator)),
                humidity: Double.random(in: 1...99, using: &generator),
                pressure: Pressure(pascals: Double.random(in: 70_000...108_000, using: &generator)))
            var registers = [UInt8](repeating: 0, count: 256)
            registers[0x88..<0x88 + 26] = bytes[0..<26]
            registers[0xE1...0xE7] = bytes[26..<33]
            registers[0xD0] = 0x60
            let data: [UInt8] = [
                UInt8(raw.pressure >> 12), UInt8(raw.pressure >> 4 & 0xFF),
                UInt8(raw.pressure << 4 & 0xF0),
                UInt8(raw.temperature >> 12), UInt8(raw.temperature >> 4 & 0xFF),
                UInt8(raw.temperature << 4 & 0xF0), UInt8(raw.humidity! >> 8),
                UInt8(raw.humidity! & 0xFF),
            ]
            registers[0xF7...0xFE] = data[0..<8]
            let lines = I2CDumpText.render(registers).split(separator: "\n").map(String.init)
            let recorder = RecordingConsole(input: lines)
            let verbs = SensorCommands(
                store: ConfigStore(explicitPath: "/nonexistent.toml", environment: [:]),
                console: recorder.console)
            try verbs.decode(file: "-", json: true, verbose: false)
            let object = try jsonObject(recorder.standardOutput)
            let expected = calibration.compensate(raw)
            #expect(object["temperature_c"]?.double == expected.temperature.celsius)
            #expect(object["pressure_pa"]?.double == expected.pressure.pascals)
            #expect(object["humidity_percent"]?.double == expected.humidity)
            #expect(object["chip"]?.string == "bme280")
        }
    }

    @Test func aShortDumpOnStandardInputIsAUsageError() throws {
        let recorder = RecordingConsole(input: ["00: 00 00", "10: 00"])
        let verbs = SensorCommands(
            store: ConfigStore(explicitPath: "/nonexistent.toml", environment: [:]),
            console: recorder.console)
        do {
            try verbs.decode(file: "-", json: false, verbose: false)
            Issue.record("a two-line dump was decoded")
        } catch let failure as CommandFailure {
            #expect(failure.exitCode == CommandFailure.usage)
            #expect(
                failure.message.hasPrefix(
                    "standard input is not a complete i2cdump: line 1: row 00: has 2 bytes, not 16")
            )
        }
        #expect(recorder.standardOutput.isEmpty)
    }
}
