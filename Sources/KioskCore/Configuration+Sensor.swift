/// The kinds of indoor sensor.
public enum SensorKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// A Bosch BME280 (or BMP280) on I2C.
    case bme280
    /// The simulator's chip.
    case simulated
    /// No sensor.
    case none
}

/// The `[sensor]` table.
public struct SensorSettings: Sendable, Hashable {
    /// What kind of sensor.
    public var kind = SensorKind.bme280
    /// I2C bus number, `/dev/i2c-N`.
    public var bus = 1
    /// 7-bit I2C address, 0x76 or 0x77.
    public var address = 0x76
    /// Seconds between readings.
    public var intervalSeconds = 60
    /// Fixed temperature correction, °C, added to every reading.
    public var temperatureOffset = 0.0
    /// CPU-heat compensation factor; 0 turns it off.
    public var cpuHeatFactor = 0.0
    /// Oversampling of temperature, pressure and humidity: 1, 2, 4, 8 or 16 samples per
    /// reading. 1 is Bosch's weather-monitoring setting (least self-heating).
    public var oversampling = 1
    /// The chip's IIR filter coefficient: 2, 4, 8 or 16; 0 means off (the default).
    public var filterCoefficient = 0

    /// The oversampling values the chip supports.
    public static let oversamplingChoices = [1, 2, 4, 8, 16]
    /// The IIR filter coefficients the chip supports (0 = off).
    public static let filterChoices = [0, 2, 4, 8, 16]

    /// The defaults.
    public init() {}
}
