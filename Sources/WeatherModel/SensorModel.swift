/// The sensor chips the kiosk reads, by model; raw values are the spellings of
/// `[[sensors]] kind` (the `[sensor]` table's older `SensorKind` also has `simulated`, `none`).
public enum SensorModel: String, Sendable, Hashable, Codable, CaseIterable {
    /// Bosch BME280: temperature, humidity, pressure (I2C 0x76/0x77).
    case bme280
    /// Bosch BMP280: temperature and pressure (I2C 0x76/0x77).
    case bmp280
    /// Sensirion SHT30/31/35: temperature and humidity (I2C 0x44/0x45).
    case sht3x
    /// Sensirion SHT40/41/45: temperature and humidity (I2C 0x44/0x45/0x46).
    case sht4x
    /// Sensirion SCD40/41: CO2, temperature and humidity (I2C 0x62).
    case scd4x
    /// Bosch BME680/BME688: temperature, humidity, pressure, gas resistance (I2C 0x76/0x77).
    case bme680
    /// Maxim DS18B20: temperature, on 1-Wire through the kernel's w1 sysfs files.
    case ds18b20

    /// The name as the datasheets write it: "SHT3x", "SCD4x", "DS18B20".
    public var displayName: String {
        switch self {
        case .bme280: "BME280"
        case .bmp280: "BMP280"
        case .sht3x: "SHT3x"
        case .sht4x: "SHT4x"
        case .scd4x: "SCD4x"
        case .bme680: "BME680"
        case .ds18b20: "DS18B20"
        }
    }

    /// The 7-bit I2C addresses the chip can have, default first; empty for 1-Wire.
    public var addresses: [UInt8] {
        switch self {
        case .bme280, .bmp280, .bme680: [0x76, 0x77]
        case .sht3x: [0x44, 0x45]
        case .sht4x: [0x44, 0x45, 0x46]
        case .scd4x: [0x62]
        case .ds18b20: []
        }
    }

    /// Whether the chip sits on an I2C bus (false: 1-Wire).
    public var isI2C: Bool { self != .ds18b20 }
}

/// What one sensor measured at one time, each value in a type with its unit; nil for what
/// the chip does not measure (or a value it did not give this time).
///
/// Encoded with the `--json` keys of the design: snake_case with the unit in the name
/// (`temperature_c`, `humidity_percent`, `pressure_pa`, `co2_ppm`, `gas_resistance_ohm`).
public struct SensorValues: Sendable, Hashable, Codable {
    /// Air temperature.
    public var temperature: Temperature?
    /// Relative humidity, %.
    public var humidity: Double?
    /// Station-level (absolute) pressure.
    public var pressure: Pressure?
    /// CO2 concentration.
    public var carbonDioxide: CarbonDioxide?
    /// The gas sensor's hot-plate resistance (BME680/BME688).
    public var gasResistance: GasResistance?

    /// Values; absent ones are nil.
    public init(
        temperature: Temperature? = nil, humidity: Double? = nil, pressure: Pressure? = nil,
        carbonDioxide: CarbonDioxide? = nil, gasResistance: GasResistance? = nil
    ) {
        self.temperature = temperature
        self.humidity = humidity
        self.pressure = pressure
        self.carbonDioxide = carbonDioxide
        self.gasResistance = gasResistance
    }

    private enum CodingKeys: String, CodingKey {
        case temperature = "temperature_c"
        case humidity = "humidity_percent"
        case pressure = "pressure_pa"
        case carbonDioxide = "co2_ppm"
        case gasResistance = "gas_resistance_ohm"
    }
}
