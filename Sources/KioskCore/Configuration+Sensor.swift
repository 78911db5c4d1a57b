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

/// Where a sensor measures: in the room or outside.
public enum SensorRole: String, Sendable, Hashable, Codable, CaseIterable {
    /// In the room the kiosk hangs in.
    case indoor
    /// Outside (a balcony, a window sill in the shade).
    case outdoor
}

/// One `[[sensors]]` entry: a chip, where it measures, its name and where it is wired.
public struct SensorEntry: Sendable, Hashable {
    /// The chip.
    public var model: SensorModel
    /// Where it measures.
    public var role: SensorRole
    /// The name the pages, `sensor` and Home Assistant show ("Living room", "Balcony").
    public var name: String
    /// I2C bus number, `/dev/i2c-N` (I2C chips).
    public var bus: Int
    /// 7-bit I2C address (I2C chips).
    public var address: Int
    /// The DS18B20's sysfs directory (`/sys/bus/w1/devices/28-…`); nil: the only one there.
    public var device: String?

    /// An entry; `address` nil takes the chip's default address.
    public init(
        model: SensorModel, role: SensorRole = .indoor, name: String? = nil, bus: Int = 1,
        address: Int? = nil, device: String? = nil
    ) {
        self.model = model
        self.role = role
        self.name = name ?? role.rawValue
        self.bus = bus
        self.address = address ?? Int(model.addresses.first ?? 0)
        self.device = device
    }

    /// Where the chip is, for a failure's sentence: "I2C bus 1 at 0x62",
    /// "1-Wire /sys/bus/w1/devices/28-…", "the only 1-Wire thermometer".
    public var location: String { location(in: .en) }

    /// `location` in `language`, for `doctor`'s text.
    public func location(in language: Language) -> String {
        if model.isI2C {
            let digits = String(address, radix: 16)
            // TRANSLATORS: where a sensor is: "I2C bus 1 at 0x62".
            return language.localized(
                "I2C bus {bus} at {address}",
                ["bus": String(bus), "address": "0x\(digits.count < 2 ? "0" : "")\(digits)"])
        }
        return device.map { "1-Wire \($0)" }
            ?? language.localized("the only 1-Wire thermometer")
    }
}

extension KioskConfiguration {
    /// The sensors the kiosk reads: the `[[sensors]]` entries, or else the `[sensor]`
    /// table's chip as one indoor sensor named "indoor" (none when its kind is `none`).
    public var activeSensors: [SensorEntry] {
        if !sensors.isEmpty { return sensors }
        switch sensor.kind {
        case .none: return []
        case .bme280, .simulated:
            return [SensorEntry(model: .bme280, bus: sensor.bus, address: sensor.address)]
        }
    }
}
