public import KioskCore

/// The Bosch BME280 (temperature, humidity, pressure) or BMP280 (no humidity) over any
/// `I2CDevice`, in forced mode: each `read()` triggers one measurement, waits for it and
/// compensates it with Bosch's double-precision formulas.
///
/// The first read, the first after any failure, and any read that finds another chip id
/// probe the chip again: chip id, soft reset, NVM copy, calibration, config. So a sensor that was unplugged and plugged back
/// in (or swapped) works again on the next read, with no restart. A value the chip marks
/// as skipped or not ready is never returned as a number.
///
/// A value type with one owner: the task that reads the sensor keeps it in a `var`.
public struct BME280: Sendable {
    /// The registers the driver uses (datasheet section 5.3).
    private enum Register: UInt8 {
        case calibrationTemperatureAndPressure = 0x88
        case chipID = 0xD0
        case reset = 0xE0
        case calibrationHumidity = 0xE1
        case controlHumidity = 0xF2
        case status = 0xF3
        case controlMeasurement = 0xF4
        case config = 0xF5
        case data = 0xF7
    }

    /// The byte that soft-resets the chip when written to 0xE0.
    private static let resetCommand: UInt8 = 0xB6
    /// Status bit 3: a conversion is running.
    private static let measuringBit: UInt8 = 0x08
    /// Status bit 0: the NVM is being copied to the image registers.
    private static let copyingBit: UInt8 = 0x01
    /// ctrl_meas mode bits for forced mode.
    private static let forcedMode: UInt8 = 0x01
    /// Start-up time after power-on or reset (datasheet: 2 ms).
    private static let startUpTime = Duration.milliseconds(2)
    /// How many times the NVM-copy bit is checked after a reset, `startUpTime` apart.
    private static let copyChecks = 5
    /// How often, and how far apart, the "measuring" bit is checked after the maximum
    /// measurement time has passed: 20 × 1 ms.
    private static let measuringChecks = 20
    private static let measuringCheckInterval = Duration.milliseconds(1)

    /// Measurement settings.
    public struct Settings: Sendable, Hashable {
        /// Oversampling, the same for every channel.
        public var oversampling: BME280Oversampling
        /// The IIR filter.
        public var filter: BME280Filter

        /// ×1 oversampling and the filter off: Bosch's weather-monitoring setting.
        public init(oversampling: BME280Oversampling = .x1, filter: BME280Filter = .off) {
            self.oversampling = oversampling
            self.filter = filter
        }
    }

    /// One compensated measurement.
    public struct Measurement: Sendable, Hashable {
        /// Which chip made it.
        public var chip: SensorChip
        /// Temperature.
        public var temperature: Temperature
        /// %RH; nil for a BMP280.
        public var humidity: Double?
        /// Station pressure.
        public var pressure: Pressure
        /// The raw values it was computed from.
        public var raw: BME280RawSample
    }

    private struct Setup: Sendable {
        var chipID: UInt8
        var chip: SensorChip
        var calibration: BME280Calibration
    }

    /// The device the chip is.
    public let device: any I2CDevice
    /// The settings every measurement uses.
    public let settings: Settings
    private let sleep: @Sendable (Duration) async throws -> Void
    private var setup: Setup?

    /// A driver for the chip at `device`. Nothing is transferred until the first `read()`.
    /// - Parameter sleep: waits a duration; `Task.sleep` unless a test gives another.
    public init(
        device: any I2CDevice, settings: Settings = Settings(),
        sleep: @escaping @Sendable (Duration) async throws -> Void = {
            try await Task.sleep(for: $0)
        }
    ) {
        self.device = device
        self.settings = settings
        self.sleep = sleep
    }

    /// The chip found by the last successful probe; nil before it and after a failure.
    public var chip: SensorChip? { setup?.chip }

    /// The calibration read by the last successful probe.
    public var calibration: BME280Calibration? { setup?.calibration }

    /// The longest a measurement with these settings takes on `chip`.
    public func maximumMeasurementTime(for chip: SensorChip) -> Duration {
        bme280MaximumMeasurementTime(
            temperature: settings.oversampling, pressure: settings.oversampling,
            humidity: chip.measuresHumidity ? settings.oversampling : nil)
    }

    /// Takes one measurement (probing the chip first when needed).
    /// - Throws: `BME280Error` when the chip is not a BME280/BMP280, does not finish, or
    ///   returns skipped values; the bus's error when a transfer fails. After any failure
    ///   the next call probes the chip again.
    public mutating func read() async throws -> Measurement {
        do {
            // The id is read every time (one byte): a chip swapped for another, or another
            // device answering at the address, is noticed at once and probed afresh.
            let id = try await registers(.chipID, count: 1)[0]
            let current: Setup
            if let setup, setup.chipID == id {
                current = setup
            } else {
                current = try await probe(id: id)
            }
            setup = current
            return try await measure(current)
        } catch {
            setup = nil
            throw error
        }
    }

    // MARK: Probe

    private func probe(id: UInt8) async throws -> Setup {
        guard let chip = SensorChip(chipID: id) else {
            throw BME280Error(.unknownChip(id: id), location: device.location)
        }
        try await device.write(register: Register.reset.rawValue, value: Self.resetCommand)
        var copying = true
        for _ in 0..<Self.copyChecks where copying {
            try await sleep(Self.startUpTime)
            let status = try await registers(.status, count: 1)[0]
            copying = status & Self.copyingBit != 0
        }
        if copying { throw BME280Error(.calibrationCopyTimedOut, location: device.location) }

        let first = try await registers(
            .calibrationTemperatureAndPressure,
            count: BME280Calibration.temperatureAndPressureLength)
        var second: [UInt8]?
        if chip.measuresHumidity {
            second = try await registers(
                .calibrationHumidity, count: BME280Calibration.humidityLength)
        }
        let calibration = BME280Calibration(temperatureAndPressure: first, humidity: second)
        guard calibration.isPlausible else {
            throw BME280Error(.implausibleCalibration, location: device.location)
        }
        // The filter lives in config, which the chip takes in sleep mode: right after reset.
        try await device.write(register: Register.config.rawValue, value: settings.filter.code << 2)
        return Setup(chipID: id, chip: chip, calibration: calibration)
    }

    // MARK: Measure

    private func measure(_ setup: Setup) async throws -> Measurement {
        let code = settings.oversampling.code
        if setup.chip.measuresHumidity {
            // ctrl_hum takes effect only with the next write to ctrl_meas: write it first.
            try await device.write(register: Register.controlHumidity.rawValue, value: code)
        }
        try await device.write(
            register: Register.controlMeasurement.rawValue,
            value: code << 5 | code << 2 | Self.forcedMode)

        // The status read too early can still say "done": wait the maximum time first.
        try await sleep(maximumMeasurementTime(for: setup.chip))
        var measuring = true
        var checks = 0
        while true {
            let status = try await registers(.status, count: 1)[0]
            measuring = status & Self.measuringBit != 0
            if !measuring || checks == Self.measuringChecks { break }
            checks += 1
            try await sleep(Self.measuringCheckInterval)
        }
        if measuring {
            let waited = Self.measuringCheckInterval * checks
            let milliseconds =
                Int(waited.components.seconds * 1000)
                + Int(waited.components.attoseconds / 1_000_000_000_000_000)
            throw BME280Error(
                .measurementTimedOut(milliseconds: milliseconds), location: device.location)
        }

        let bytes = try await registers(.data, count: setup.chip.measuresHumidity ? 8 : 6)
        let raw = BME280RawSample(dataRegisters: bytes)
        let skipped = raw.skippedChannels
        guard skipped.isEmpty else {
            throw BME280Error(.skipped(skipped), location: device.location)
        }
        let result = setup.calibration.compensate(raw)
        return Measurement(
            chip: setup.chip, temperature: result.temperature,
            humidity: result.humidity, pressure: result.pressure, raw: raw)
    }

    /// `count` registers from `register`, checked to be `count` bytes.
    private func registers(_ register: Register, count: Int) async throws -> [UInt8] {
        try await device.registers(from: register.rawValue, count: count)
    }
}
