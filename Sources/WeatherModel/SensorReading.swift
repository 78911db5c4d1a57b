public import FoundationEssentials

/// Which Bosch chip answered: the BME280 measures humidity, the BMP280 does not.
public enum SensorChip: String, Sendable, Hashable, Codable, CaseIterable {
    /// Temperature, humidity and pressure (chip id 0x60).
    case bme280
    /// Temperature and pressure only (chip id 0x58).
    case bmp280

    /// Whether the chip measures relative humidity.
    public var measuresHumidity: Bool { self == .bme280 }
}

/// One compensated indoor reading.
public struct SensorReading: Sendable, Hashable, Codable {
    /// The chip that made it.
    public var chip: SensorChip
    /// When it was taken.
    public var time: Date
    /// Air temperature, after the configured corrections.
    public var temperature: Temperature
    /// Relative humidity, %; nil for a BMP280.
    public var humidity: Double?
    /// Station-level (absolute) pressure.
    public var pressure: Pressure

    /// Creates a reading.
    public init(
        chip: SensorChip, time: Date, temperature: Temperature, humidity: Double?,
        pressure: Pressure
    ) {
        self.chip = chip
        self.time = time
        self.temperature = temperature
        self.humidity = humidity
        self.pressure = pressure
    }
}

/// Where the sea-level pressure has been heading over the last three hours.
public enum PressureTendency: String, Sendable, Hashable, Codable {
    /// Up by more than the steady band.
    case rising
    /// Within the steady band.
    case steady
    /// Down by more than the steady band.
    case falling
}
