public import KioskCore

/// The Bosch BME680 or BME688 (temperature, pressure, humidity, gas resistance) over any
/// `I2CDevice`, in forced mode: each `read()` sets the heater profile, triggers one
/// measurement, waits for it and compensates it with Bosch's floating-point formulas.
///
/// Gas resistance is the raw hot-plate resistance in ohms; no air-quality index is made
/// from it (that needs Bosch's proprietary BSEC library; see `GasResistance`).
///
/// The first read, the first after any failure, and any read that finds another chip id
/// probe the chip again: chip id 0x61, soft reset, variant id, calibration. Values the
/// chip marks as not measured (0x80000, 0x8000) are never returned as numbers.
///
/// A value type with one owner: the task that reads the sensor keeps it in a `var`.
public struct BME680: Sendable {
    /// The registers the driver uses (BME680 datasheet section 5.2, BME688 5.3).
    private enum Register: UInt8 {
        case measurementStatus = 0x1D
        case heaterResistance0 = 0x5A
        case gasWait0 = 0x64
        case controlGas0 = 0x70
        case controlGas1 = 0x71
        case controlHumidity = 0x72
        case controlMeasurement = 0x74
        case config = 0x75
        case chipID = 0xD0
        case reset = 0xE0
        case variantID = 0xF0
    }

    /// The chip id both chips have.
    public static let chipID: UInt8 = 0x61
    /// The byte that soft-resets the chip when written to 0xE0.
    private static let resetCommand: UInt8 = 0xB6
    /// The wait after a soft reset (Bosch's API: 10 ms).
    private static let resetTime = Duration.milliseconds(10)
    /// How often, and how far apart, new_data is checked after the measurement's time
    /// (Bosch's API: 5 × 10 ms).
    private static let dataChecks = 5
    private static let dataCheckInterval = Duration.milliseconds(10)
    /// The length of the first data field, 0x1D…0x2D.
    private static let fieldLength = 17

    /// The gas heater's set point for one measurement.
    public struct HeaterProfile: Sendable, Hashable {
        /// Hot-plate temperature, °C (200…400 per the datasheet; capped at 400).
        public var temperature: Double
        /// How long the plate is held there before the gas is measured, ms (1…4032).
        public var milliseconds: Int

        /// 320 °C for 150 ms: within the datasheet's 200–400 °C, long enough to settle.
        public init(temperature: Double = 320, milliseconds: Int = 150) {
            self.temperature = temperature
            self.milliseconds = milliseconds
        }
    }

    /// Measurement settings.
    public struct Settings: Sendable, Hashable {
        /// Oversampling of temperature, pressure and humidity.
        public var oversampling: BME280Oversampling
        /// The IIR filter on temperature and pressure.
        public var filter: BME280Filter
        /// The heater; nil measures no gas (and heats nothing).
        public var heater: HeaterProfile?

        /// ×1 oversampling, filter off, the default heater profile.
        public init(
            oversampling: BME280Oversampling = .x1, filter: BME280Filter = .off,
            heater: HeaterProfile? = HeaterProfile()
        ) {
            self.oversampling = oversampling
            self.filter = filter
            self.heater = heater
        }
    }

    /// One compensated measurement.
    public struct Measurement: Sendable, Hashable {
        /// Which chip made it.
        public var variant: BME680Variant
        /// Temperature.
        public var temperature: Temperature
        /// Station pressure.
        public var pressure: Pressure
        /// Relative humidity, %.
        public var humidity: Double
        /// The hot plate's resistance; nil when no gas was measured or the chip marked it
        /// invalid or the heater unstable (too short a heating time).
        public var gasResistance: GasResistance?
        /// The raw field 0 (0x1D…0x2D) it was computed from.
        public var field: [UInt8]

        /// The values, for the multi-sensor view.
        public var values: SensorValues {
            SensorValues(
                temperature: temperature, humidity: humidity, pressure: pressure,
                gasResistance: gasResistance)
        }
    }

    private struct Setup: Sendable {
        var variant: BME680Variant
        var calibration: BME680Calibration
    }

    /// The device the chip is.
    public let device: any I2CDevice
    /// The settings every measurement uses.
    public let settings: Settings
    private let sleep: @Sendable (Duration) async throws -> Void
    private var setup: Setup?
    /// The temperature the heater formula assumes around the plate: the last reading's
    /// (25 °C before the first, as Bosch's API assumes).
    private var ambient = 25.0

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
    public var variant: BME680Variant? { setup?.variant }

    /// The calibration read by the last successful probe.
    public var calibration: BME680Calibration? { setup?.calibration }

    /// The longest a measurement with these settings takes, the heater's time included.
    public var measurementTime: Duration {
        let o = settings.oversampling
        let heating = settings.heater.map {
            Duration.milliseconds(
                BME680Calibration.gasWaitMilliseconds(
                    code: BME680Calibration.gasWaitCode(milliseconds: $0.milliseconds)))
        }
        return bme680MeasurementTime(temperature: o, pressure: o, humidity: o)
            + (heating ?? .zero)
    }

    /// Takes one measurement (probing the chip first when needed).
    /// - Throws: `BME680Error` when the chip is not a BME680/BME688, does not finish, or
    ///   returns unmeasured values; the bus's error when a transfer fails. After any
    ///   failure the next call probes the chip again.
    public mutating func read() async throws -> Measurement {
        do {
            let id = try await registers(.chipID, count: 1)[0]
            guard id == Self.chipID else {
                throw BME680Error(.unknownChip(id: id), location: device.location)
            }
            let current: Setup
            if let setup {
                current = setup
            } else {
                current = try await probe()
            }
            setup = current
            let measurement = try await measure(current)
            ambient = measurement.temperature.celsius
            return measurement
        } catch {
            setup = nil
            throw error
        }
    }

    // MARK: Probe

    private func probe() async throws -> Setup {
        try await device.write(register: Register.reset.rawValue, value: Self.resetCommand)
        try await sleep(Self.resetTime)
        let variant = BME680Variant(variantID: try await registers(.variantID, count: 1)[0])
        var bytes: [UInt8] = []
        for block in BME680Calibration.blocks {
            bytes += try await device.registers(from: block.register, count: block.count)
        }
        let calibration = BME680Calibration(bytes: bytes)
        guard calibration.isPlausible else {
            throw BME680Error(.implausibleCalibration, location: device.location)
        }
        return Setup(variant: variant, calibration: calibration)
    }

    // MARK: Measure

    private func measure(_ setup: Setup) async throws -> Measurement {
        let code = settings.oversampling.code
        // The chip is in sleep mode after every forced measurement: config is taken.
        try await device.write(register: Register.controlHumidity.rawValue, value: code)
        try await device.write(register: Register.config.rawValue, value: settings.filter.code << 2)
        if let heater = settings.heater {
            let resistance = setup.calibration.heaterResistanceCode(
                target: heater.temperature, ambient: ambient)
            try await device.write(register: Register.heaterResistance0.rawValue, value: resistance)
            try await device.write(
                register: Register.gasWait0.rawValue,
                value: BME680Calibration.gasWaitCode(milliseconds: heater.milliseconds))
            // heat_off = 0; run_gas 1 (BME680) or 2 (BME688), heater set point 0.
            try await device.write(register: Register.controlGas0.rawValue, value: 0x00)
            let runGas: UInt8 = setup.variant == .bme688 ? 0x20 : 0x10
            try await device.write(register: Register.controlGas1.rawValue, value: runGas)
        } else {
            try await device.write(register: Register.controlGas0.rawValue, value: 0x08)
            try await device.write(register: Register.controlGas1.rawValue, value: 0x00)
        }
        try await device.write(
            register: Register.controlMeasurement.rawValue, value: code << 5 | code << 2 | 0x01)

        try await sleep(measurementTime)
        var field = try await registers(.measurementStatus, count: Self.fieldLength)
        var checks = 0
        while field[0] & 0x80 == 0 {
            guard checks < Self.dataChecks else {
                let waited = (Self.dataCheckInterval * checks).wholeMilliseconds
                throw BME680Error(.noNewData(milliseconds: waited), location: device.location)
            }
            checks += 1
            try await sleep(Self.dataCheckInterval)
            field = try await registers(.measurementStatus, count: Self.fieldLength)
        }
        return try BME680.compensate(
            field: field, variant: setup.variant, calibration: setup.calibration,
            gasMeasured: settings.heater != nil, location: device.location)
    }

    /// Compensates a field 0 (17 bytes from 0x1D).
    /// - Throws: `BME680Error.unmeasured` when a channel holds the not-measured marker.
    public static func compensate(
        field f: [UInt8], variant: BME680Variant, calibration: BME680Calibration,
        gasMeasured: Bool, location: String
    ) throws(BME680Error) -> Measurement {
        precondition(f.count == fieldLength)
        let pressureADC = Int(f[2]) << 12 | Int(f[3]) << 4 | Int(f[4]) >> 4
        let temperatureADC = Int(f[5]) << 12 | Int(f[6]) << 4 | Int(f[7]) >> 4
        let humidityADC = Int(f[8]) << 8 | Int(f[9])
        var unmeasured: [BME280Channel] = []
        if temperatureADC == 0x80000 { unmeasured.append(.temperature) }
        if pressureADC == 0x80000 { unmeasured.append(.pressure) }
        if humidityADC == 0x8000 { unmeasured.append(.humidity) }
        guard unmeasured.isEmpty else {
            throw BME680Error(.unmeasured(unmeasured), location: location)
        }

        let (celsius, tFine) = calibration.temperature(adc: temperatureADC)
        let pressure = calibration.pressure(adc: pressureADC, tFine: tFine)
        let humidity = calibration.humidity(adc: humidityADC, tFine: tFine)
        // Gas: bytes 13–14 on a BME680, 15–16 on a BME688: 10-bit ADC, valid bit 5, heater
        // stable bit 4, range in bits 3…0.
        let offset = variant == .bme688 ? 15 : 13
        let (high, low) = (f[offset], f[offset + 1])
        var gas: GasResistance?
        if gasMeasured, low & 0x20 != 0, low & 0x10 != 0 {
            let adc = Int(high) << 2 | Int(low) >> 6
            let range = Int(low & 0x0F)
            let ohms =
                variant == .bme688
                ? BME680Calibration.gasResistanceBME688(adc: adc, range: range)
                : calibration.gasResistanceBME680(adc: adc, range: range)
            gas = GasResistance(ohms: ohms)
        }
        return Measurement(
            variant: variant, temperature: Temperature(celsius: celsius),
            pressure: Pressure(pascals: pressure), humidity: humidity, gasResistance: gas,
            field: f)
    }

    /// `count` registers from `register`, checked to be `count` bytes.
    private func registers(_ register: Register, count: Int) async throws -> [UInt8] {
        try await device.registers(from: register.rawValue, count: count)
    }
}
