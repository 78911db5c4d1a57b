public import KioskCore

/// The `[[sensors]]` in Home Assistant: each sensor's values as entities named after the
/// sensor ("Balcony temperature", "Living room carbon dioxide"), read from the `sensors`
/// object of the state message, keyed by the sensor's slug.
public enum HomeAssistantSensors {
    /// One value an entity shows.
    public struct Quantity: Sendable, Hashable {
        /// The key in the state message: "carbon_dioxide", "temperature", "humidity",
        /// "pressure".
        public var key: String
        /// Home Assistant's device class.
        public var deviceClass: String
        /// How the entity's name ends: "carbon dioxide".
        public var label: String
    }

    /// What a chip of `model` measures, as entities.
    public static func quantities(of model: SensorModel) -> [Quantity] {
        let temperature = Quantity(
            key: "temperature", deviceClass: "temperature", label: "temperature")
        let humidity = Quantity(key: "humidity", deviceClass: "humidity", label: "humidity")
        let pressure = Quantity(
            key: "pressure", deviceClass: "atmospheric_pressure", label: "pressure")
        let co2 = Quantity(
            key: "carbon_dioxide", deviceClass: "carbon_dioxide", label: "carbon dioxide")
        return switch model {
        case .bme280, .bme680: [temperature, humidity, pressure]
        case .bmp280: [temperature, pressure]
        case .sht3x, .sht4x: [temperature, humidity]
        case .scd4x: [co2, temperature, humidity]
        case .ds18b20: [temperature]
        }
    }

    /// The entity's name: the sensor's name and what it shows, "Balcony temperature".
    static func entityName(_ quantity: Quantity, sensor: String) -> LocalizedMessage {
        switch quantity.key {
        case "carbon_dioxide":
            LocalizedMessage(
                "{sensor} carbon dioxide", context: "Home Assistant entity", ["sensor": sensor])
        case "humidity":
            LocalizedMessage(
                "{sensor} humidity", context: "Home Assistant entity", ["sensor": sensor])
        case "pressure":
            LocalizedMessage(
                "{sensor} pressure", context: "Home Assistant entity", ["sensor": sensor])
        default:
            LocalizedMessage(
                "{sensor} temperature", context: "Home Assistant entity", ["sensor": sensor])
        }
    }

    /// The unit Home Assistant shows a quantity in, in the configured `units`.
    static func unit(_ quantity: Quantity, _ units: Units) -> String {
        switch quantity.key {
        case "carbon_dioxide": "ppm"
        case "humidity": "%"
        case "pressure": units.pressure.symbol
        default: units.temperature.symbol
        }
    }

    /// The `sensors` object of the state message: per sensor slug its values in the
    /// configured units, null where there is none (never missing: the templates read it).
    static func payload(_ sensors: [SensorStatus], entries: [SensorEntry], units: Units)
        -> JSONValue
    {
        var members: [String: JSONValue] = [:]
        for entry in entries {
            let values = sensors.first { $0.entry == entry && $0.error == nil }?.values
            var fields: [String: JSONValue] = [:]
            for quantity in quantities(of: entry.model) {
                fields[quantity.key] =
                    switch quantity.key {
                    case "carbon_dioxide":
                        .number(values?.carbonDioxide?.partsPerMillion.rounded(), digits: 0)
                    case "humidity": .number(values?.humidity, digits: 1)
                    case "pressure":
                        .number(
                            values?.pressure?.value(in: units.pressure),
                            digits: units.pressure == .hectopascal ? 1 : 2)
                    default: .number(values?.temperature?.value(in: units.temperature), digits: 2)
                    }
            }
            members[HomeAssistantTopics.slug(entry.name)] = .object(fields)
        }
        return .object(members)
    }
}
