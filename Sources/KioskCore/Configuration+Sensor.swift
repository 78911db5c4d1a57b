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

    /// The defaults.
    public init() {}
}
