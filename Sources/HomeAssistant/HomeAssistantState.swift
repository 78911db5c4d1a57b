public import KioskCore

/// The kiosk's state for Home Assistant, from one snapshot: what is shown, the display's
/// power, the indoor values in the configured units (the `state` topic), and each
/// favourite's current temperature (one topic each).
public enum HomeAssistantState {
    /// The `state` payload.
    public static func payload(_ snapshot: KioskSnapshot) -> JSONValue {
        let units = snapshot.configuration.units
        var members: [String: JSONValue] = [
            "page": snapshot.slide.page.map { .string($0.rawValue) } ?? .null,
            // The select's option for the place shown (`PlaceNames`), and its stable id.
            "city": snapshot.page.city.map { .string($0.displayName) } ?? .null,
            "city_id": snapshot.page.city.map { .string(HomeAssistantTopics.cityID($0.city)) }
                ?? .null,
            "power": .string(snapshot.power.rawValue),
        ]
        if case .reading(let indoor) = snapshot.page.indoor {
            let reading = indoor.reading
            let pressureDigits = units.pressure == .hectopascal ? 1 : 2
            members["indoor"] = .object([
                "temperature": .number(reading.temperature.value(in: units.temperature), digits: 2),
                "humidity": .number(reading.humidity, digits: 1),
                "pressure": .number(
                    reading.pressure.value(in: units.pressure), digits: pressureDigits),
                "sea_level_pressure": .number(
                    indoor.seaLevelPressure?.value(in: units.pressure), digits: pressureDigits),
                "dew_point": .number(indoor.dewPoint?.value(in: units.temperature), digits: 2),
            ])
        } else {
            // Fields without values, never `"indoor": null`: Home Assistant's templates
            // (`value_json.indoor.temperature`) read None, its "unknown", without a warning.
            members["indoor"] = .object(
                Dictionary(
                    uniqueKeysWithValues: Self.indoorFields.map { ($0, JSONValue.null) }))
        }
        if snapshot.configuration.warnings.enabled {
            members["warnings"] = HomeAssistantWarnings.payload(snapshot)
        }
        if !snapshot.configuration.sensors.isEmpty {
            members["sensors"] = HomeAssistantSensors.payload(
                snapshot.sensors, entries: snapshot.configuration.sensors, units: units)
        }
        return .object(members)
    }

    /// The fields of the `indoor` object, which the sensors' templates read.
    static let indoorFields = [
        "temperature", "humidity", "pressure", "sea_level_pressure", "dew_point",
    ]

    /// Each favourite's current temperature and sea-level pressure in the configured
    /// units, its air-quality index on its scale and its UV index, by topic, as sent
    /// ("None", which Home Assistant shows as unknown, before its forecast or its air quality
    /// arrives).
    public static func cityValues(_ snapshot: KioskSnapshot, topics: HomeAssistantTopics)
        -> [String: String]
    {
        let units = snapshot.configuration.units
        let pressureScale = units.pressure == .hectopascal ? 10.0 : 100.0
        func text(_ value: Double?, scale: Double) -> String {
            value.map { (($0 * scale).rounded() / scale).description } ?? "None"
        }
        var values: [String: String] = [:]
        for weather in snapshot.page.favourites {
            let id = HomeAssistantTopics.cityID(weather.city)
            let current = weather.forecast?.current
            values[topics.cityTemperature(id)] = text(
                current?.temperature?.value(in: units.temperature), scale: 10)
            values[topics.citySeaLevelPressure(id)] = text(
                current?.seaLevelPressure?.value(in: units.pressure), scale: pressureScale)
            let air = weather.airQuality?.current
            let scale = units.aqiScale(for: weather.city)
            values[topics.cityAirQualityIndex(id)] = air?.index(on: scale)?.text ?? "None"
            values[topics.cityUVIndex(id)] = text(air?.uvIndex?.value, scale: 10)
        }
        return values
    }

    /// The command a message on one of the kiosk's command topics asks for; nil for a
    /// message that asks nothing the kiosk can do (an unknown city or page).
    public static func command(
        topic: String, payload: String, topics: HomeAssistantTopics,
        configuration: KioskConfiguration
    ) -> KioskCommand? {
        let text = payload.trimmingWhitespace
        switch topic {
        case topics.command:
            switch text.lowercased() {
            case "next": return .action(.nextCity)
            case "previous": return .action(.previousCity)
            case "refresh": return .action(.refresh)
            default: return nil
            }
        case topics.set("city"):
            // One of the select's options, or any name `show` takes; an ambiguous one is no
            // command (the options are never ambiguous).
            do {
                let number = try FavouriteReference.index(of: text, in: configuration.cities)
                return .action(.showCity(number - 1))
            } catch {
                return nil
            }
        case topics.set("page"):
            return Page(rawValue: text.lowercased()).map { .action(.showPage($0)) }
        case topics.set("power"):
            return DisplayPower(rawValue: text.lowercased()).map { .action(.setPower($0)) }
        default:
            return nil
        }
    }
}
