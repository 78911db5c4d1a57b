public import KioskCore

/// The Sensirion SCD40/SCD41 (CO2, temperature, humidity) at 0x62 over any
/// `I2CMessageDevice`, in periodic measurement (a new value every 5 s) or, on an SCD41,
/// single shot (one measurement of 5 s per read).
///
/// Set-up (the first read, and the first after any failure): stop_periodic_measurement
/// (the chip keeps measuring across a restart of the kiosk), get_serial_number,
/// automatic self-calibration as configured (on, the chip's default), the altitude when
/// given, then start_periodic_measurement. Each read passes the station pressure, when
/// there is one, with set_ambient_pressure, which overrides the altitude; then waits for
/// get_data_ready_status and reads read_measurement with every CRC checked. Command codes
/// and execution times are the SCD4x datasheet's (section 3.5 to 3.10).
///
/// A value type with one owner: the task that reads the sensor keeps it in a `var`.
public struct SCD4x: Sendable {
    /// The commands the driver uses, with their codes.
    private enum Command: UInt16 {
        case startPeriodicMeasurement = 0x21B1
        case readMeasurement = 0xEC05
        case stopPeriodicMeasurement = 0x3F86
        case setSensorAltitude = 0x2427
        case setAmbientPressure = 0xE000
        case performForcedRecalibration = 0x362F
        case setAutomaticSelfCalibrationEnabled = 0x2416
        case getDataReadyStatus = 0xE4B8
        case getSerialNumber = 0x3682
        case getSensorVariant = 0x202F
        case measureSingleShot = 0x219D
    }

    /// The datasheet's execution times.
    enum Timing {
        /// Most commands (read_measurement, get_*, set_*): 1 ms.
        static let command = Duration.milliseconds(1)
        /// stop_periodic_measurement: 500 ms before the chip takes another command.
        static let stop = Duration.milliseconds(500)
        /// perform_forced_recalibration: 400 ms before its answer can be read.
        static let recalibration = Duration.milliseconds(400)
        /// measure_single_shot: 5000 ms.
        static let singleShot = Duration.seconds(5)
        /// The periodic signal update interval: 5 s.
        static let signalInterval = Duration.seconds(5)
        /// How often get_data_ready_status is asked while waiting.
        static let poll = Duration.milliseconds(250)
    }

    /// How the chip measures.
    public enum Mode: String, Sendable, Hashable, Codable {
        /// start_periodic_measurement: a value every 5 s, the chip always on (about 15 mA
        /// average at 3.3 V: fine for a wall-powered kiosk).
        case periodic
        /// measure_single_shot per read (SCD41 only): 5 s per read, idle in between.
        case singleShot = "single_shot"
    }

    /// Which member of the family answered (get_sensor_variant, bits 15…12).
    public enum Variant: String, Sendable, Hashable, Codable {
        /// SCD40.
        case scd40 = "SCD40"
        /// SCD41: also single shot.
        case scd41 = "SCD41"
        /// SCD42.
        case scd42 = "SCD42"
        /// SCD43.
        case scd43 = "SCD43"

        /// The variant a get_sensor_variant word names; nil for an unknown one.
        public init?(word: UInt16) {
            switch word & 0xF000 {
            case 0x0000: self = .scd40
            case 0x1000: self = .scd41
            case 0x2000: self = .scd42
            case 0x5000: self = .scd43
            default: return nil
            }
        }
    }

    /// What the driver sets up.
    public struct Settings: Sendable, Hashable {
        /// Periodic (default) or single shot.
        public var mode: Mode
        /// The sensor's altitude above sea level, metres (0…3000), for the pressure
        /// compensation when no pressure is passed to `read`; nil keeps the chip's value.
        public var altitude: Int?
        /// Automatic self-calibration: on (the chip's default) assumes the sensor sees
        /// fresh air (about 400 ppm) at least once a week.
        public var automaticSelfCalibration: Bool

        /// Periodic measurement, the chip's altitude, self-calibration on.
        public init(
            mode: Mode = .periodic, altitude: Int? = nil, automaticSelfCalibration: Bool = true
        ) {
            self.mode = mode
            self.altitude = altitude
            self.automaticSelfCalibration = automaticSelfCalibration
        }
    }

    /// One measurement.
    public struct Measurement: Sendable, Hashable {
        /// CO2 concentration.
        public var carbonDioxide: CarbonDioxide
        /// Temperature (the chip's, with its default 4 °C self-heating offset applied).
        public var temperature: Temperature
        /// Relative humidity, %.
        public var humidity: Double
        /// The raw CO2, temperature and humidity words.
        public var rawCarbonDioxide, rawTemperature, rawHumidity: UInt16

        /// The values, for the multi-sensor view.
        public var values: SensorValues {
            SensorValues(
                temperature: temperature, humidity: humidity, carbonDioxide: carbonDioxide)
        }

        /// The measurement in the three words of read_measurement.
        public init(words: [UInt16]) {
            precondition(words.count == 3)
            carbonDioxide = CarbonDioxide(partsPerMillion: Double(words[0]))
            temperature = SensirionSignal.temperature(words[1])
            humidity = SensirionSignal.humidity(words[2])
            (rawCarbonDioxide, rawTemperature, rawHumidity) = (words[0], words[1], words[2])
        }
    }

    /// The ambient pressures the chip takes (set_ambient_pressure: 700…1200 hPa).
    public static let ambientPressureRange = 70_000.0...120_000.0
    /// The CO2 range the chip measures, ppm: what a recalibration target may be.
    public static let measurementRange = 0.0...40_000.0

    /// The device the chip is.
    public var device: any I2CMessageDevice { link.device }
    /// The settings applied at set-up.
    public let settings: Settings
    private let link: SensirionLink
    private let sleep: @Sendable (Duration) async throws -> Void
    /// The 48-bit serial number read at the last set-up; nil before it and after a failure.
    public private(set) var serial: UInt64?
    /// The variant, when the set-up asked (single shot) and the chip answered.
    public private(set) var variant: Variant?
    private var sentPressure: UInt16?

    /// A driver for the chip at `device`. Nothing is transferred until the first `read()`.
    /// - Parameter sleep: waits a duration; `Task.sleep` unless a test gives another.
    public init(
        device: any I2CMessageDevice, settings: Settings = Settings(),
        sleep: @escaping @Sendable (Duration) async throws -> Void = {
            try await Task.sleep(for: $0)
        }
    ) {
        link = SensirionLink(device: device, chip: "SCD4x")
        self.settings = settings
        self.sleep = sleep
    }

    /// Takes one measurement (setting the chip up first when needed).
    /// - Parameter ambientPressure: the station pressure (from a BME280) for the chip's
    ///   pressure compensation; sent when it changed by 1 hPa or more.
    /// - Throws: `SensirionError` for a wrong CRC, no new data in time or a 0 ppm value;
    ///   the bus's error when a transfer fails. After any failure but a 0 ppm value the
    ///   next call sets the chip up again.
    public mutating func read(ambientPressure: Pressure? = nil) async throws -> Measurement {
        let measurement: Measurement
        do {
            if serial == nil { try await setUp() }
            if let ambientPressure { try await compensate(for: ambientPressure) }
            switch settings.mode {
            case .periodic:
                try await waitForData()
            case .singleShot:
                try await link.send(command: Command.measureSingleShot.rawValue)
                try await sleep(Timing.singleShot)
            }
            try await link.send(command: Command.readMeasurement.rawValue)
            try await sleep(Timing.command)
            measurement = Measurement(words: try await link.readWords(3))
        } catch {
            serial = nil
            throw error
        }
        // Not a failure of the set-up: the chip keeps measuring, the next value is real.
        guard measurement.rawCarbonDioxide != 0 else { throw link.error(.noCarbonDioxide) }
        return measurement
    }

    /// perform_forced_recalibration to `target`: the chip must have measured for at least
    /// 3 minutes in air of that CO2 concentration (outdoors or at an open window: about
    /// 420 ppm). Periodic measurement is stopped for it and started again after.
    /// - Precondition: `target` within `measurementRange` (the verb checks what a user
    ///   typed).
    /// - Returns: the correction the chip applied, ppm.
    /// - Throws: `SensirionError` when the chip refuses or a CRC is wrong; the bus's error.
    public mutating func performForcedRecalibration(target: CarbonDioxide) async throws -> Int {
        precondition(Self.measurementRange.contains(target.partsPerMillion))
        do {
            if serial == nil { try await setUp() }
            if settings.mode == .periodic {
                try await link.send(command: Command.stopPeriodicMeasurement.rawValue)
                try await sleep(Timing.stop)
            }
            try await link.send(
                command: Command.performForcedRecalibration.rawValue,
                argument: UInt16(target.partsPerMillion.rounded()))
            try await sleep(Timing.recalibration)
            let word = try await link.readWords(1)[0]
            if settings.mode == .periodic {
                try await link.send(command: Command.startPeriodicMeasurement.rawValue)
            }
            guard word != 0xFFFF else { throw link.error(.recalibrationFailed) }
            return Int(word) - 0x8000
        } catch {
            serial = nil
            throw error
        }
    }

    // MARK: Set-up

    private mutating func setUp() async throws {
        sentPressure = nil
        try await link.send(command: Command.stopPeriodicMeasurement.rawValue)
        try await sleep(Timing.stop)
        let serial = try await serialNumber()
        if settings.mode == .singleShot {
            variant = try await readVariant()
            if let variant, variant != .scd41 {
                throw link.error(.singleShotUnsupported(variant: variant.rawValue))
            }
        }
        try await link.send(
            command: Command.setAutomaticSelfCalibrationEnabled.rawValue,
            argument: settings.automaticSelfCalibration ? 1 : 0)
        try await sleep(Timing.command)
        if let altitude = settings.altitude {
            try await link.send(
                command: Command.setSensorAltitude.rawValue,
                argument: UInt16(min(3000, max(0, altitude))))
            try await sleep(Timing.command)
        }
        if settings.mode == .periodic {
            try await link.send(command: Command.startPeriodicMeasurement.rawValue)
        }
        self.serial = serial
    }

    private func serialNumber() async throws -> UInt64 {
        try await link.send(command: Command.getSerialNumber.rawValue)
        try await sleep(Timing.command)
        let words = try await link.readWords(3)
        return UInt64(words[0]) << 32 | UInt64(words[1]) << 16 | UInt64(words[2])
    }

    /// get_sensor_variant; nil when the chip's firmware does not know the command (older
    /// SCD41s), which the serial number read right after proves is not a missing chip.
    private func readVariant() async throws -> Variant? {
        do {
            try await link.send(command: Command.getSensorVariant.rawValue)
            try await sleep(Timing.command)
            return Variant(word: try await link.readWords(1)[0])
        } catch let error as SensirionError {
            throw error
        } catch {
            _ = try await serialNumber()
            return nil
        }
    }

    // MARK: Reading

    private mutating func compensate(for pressure: Pressure) async throws {
        guard Self.ambientPressureRange.contains(pressure.pascals) else { return }
        let word = UInt16((pressure.pascals / 100).rounded())
        guard word != sentPressure else { return }
        try await link.send(command: Command.setAmbientPressure.rawValue, argument: word)
        try await sleep(Timing.command)
        sentPressure = word
    }

    /// Polls get_data_ready_status until the low 11 bits say "ready", for at most one
    /// signal interval and a second.
    private func waitForData() async throws {
        var waited = Duration.zero
        while true {
            try await link.send(command: Command.getDataReadyStatus.rawValue)
            try await sleep(Timing.command)
            let status = try await link.readWords(1)[0]
            if status & 0x07FF != 0 { return }
            if waited >= Timing.signalInterval + .seconds(1) {
                throw link.error(.notReady(milliseconds: waited.wholeMilliseconds))
            }
            try await sleep(Timing.poll)
            waited += Timing.poll + Timing.command
        }
    }
}
