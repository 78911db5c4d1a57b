public import Localization

/// What a weather code means, in the words of each language's weather service.
extension WeatherCode {
    /// The condition in words a person would use: "Light drizzle", "Pioviggine debole".
    /// Clear and partly cloudy skies are said differently by night in some languages
    /// (German "Sonnig" by day, "Klar" by night); `isDay` is Open-Meteo's `is_day`.
    public func condition(isDay: Bool, language: Language = .en) -> String {
        switch (rawValue, isDay) {
        // TRANSLATORS: a weather condition by day, as your weather service says it
        // ("Leicht bewölkt", "Poco nuvoloso"). Pages show it beside the temperature: keep
        // it short, at most about 24 characters.
        case (0, true): language.localized("Clear sky", context: "weather")
        case (1, true): language.localized("Mainly clear", context: "weather")
        case (2, true): language.localized("Partly cloudy", context: "weather")
        // TRANSLATORS: the same conditions by night, where the sun is not out.
        case (0, false): language.localized("Clear sky", context: "weather at night")
        case (1, false): language.localized("Mainly clear", context: "weather at night")
        case (2, false): language.localized("Partly cloudy", context: "weather at night")
        case (3, _): language.localized("Overcast", context: "weather")
        case (45, _): language.localized("Fog", context: "weather")
        case (48, _): language.localized("Rime fog", context: "weather")
        case (51, _): language.localized("Light drizzle", context: "weather")
        case (53, _): language.localized("Drizzle", context: "weather")
        case (55, _): language.localized("Dense drizzle", context: "weather")
        case (56, _): language.localized("Light freezing drizzle", context: "weather")
        case (57, _): language.localized("Freezing drizzle", context: "weather")
        case (61, _): language.localized("Light rain", context: "weather")
        case (63, _): language.localized("Rain", context: "weather")
        case (65, _): language.localized("Heavy rain", context: "weather")
        case (66, _): language.localized("Light freezing rain", context: "weather")
        case (67, _): language.localized("Freezing rain", context: "weather")
        case (71, _): language.localized("Light snow", context: "weather")
        case (73, _): language.localized("Snow", context: "weather")
        case (75, _): language.localized("Heavy snow", context: "weather")
        case (77, _): language.localized("Snow grains", context: "weather")
        case (80, _): language.localized("Light showers", context: "weather")
        case (81, _): language.localized("Showers", context: "weather")
        case (82, _): language.localized("Violent showers", context: "weather")
        case (85, _): language.localized("Snow showers", context: "weather")
        case (86, _): language.localized("Heavy snow showers", context: "weather")
        // MET Norway's sleet: in English only until the catalogs translate them.
        case (68, _): "Light sleet"
        case (69, _): "Sleet"
        case (83, _): "Light sleet showers"
        case (84, _): "Sleet showers"
        case (95, _): language.localized("Thunderstorm", context: "weather")
        case (96, _): language.localized("Thunderstorm, hail", context: "weather")
        case (99, _): language.localized("Thunderstorm, heavy hail", context: "weather")
        // TRANSLATORS: a weather code the kiosk does not know.
        default: language.localized("Unknown", context: "weather")
        }
    }

    /// The condition in at most `shortConditionLength` characters, for character LCDs
    /// ("Part cloudy"); several codes may share one.
    public func shortCondition(isDay: Bool, language: Language = .en) -> String {
        switch (rawValue, isDay) {
        // TRANSLATORS: a weather condition by day on a character LCD: at most 13
        // characters (a test counts them). Abbreviate as your readers would still
        // understand; the English "Lt" is light, "Frz" freezing, "Hvy" heavy.
        case (0, true): language.localized("Clear", context: "weather, at most 13 characters")
        case (1, true):
            language.localized("Mostly clear", context: "weather, at most 13 characters")
        case (2, true): language.localized("Part cloudy", context: "weather, at most 13 characters")
        // TRANSLATORS: the same by night, at most 13 characters.
        case (0, false):
            language.localized("Clear", context: "weather at night, at most 13 characters")
        case (1, false):
            language.localized("Mostly clear", context: "weather at night, at most 13 characters")
        case (2, false):
            language.localized("Part cloudy", context: "weather at night, at most 13 characters")
        case (3, _): language.localized("Overcast", context: "weather, at most 13 characters")
        case (45, _): language.localized("Fog", context: "weather, at most 13 characters")
        case (48, _): language.localized("Rime fog", context: "weather, at most 13 characters")
        case (51, _): language.localized("Lt drizzle", context: "weather, at most 13 characters")
        case (53, _), (55, _):
            language.localized("Drizzle", context: "weather, at most 13 characters")
        case (56, _), (57, _):
            language.localized("Frz drizzle", context: "weather, at most 13 characters")
        case (61, _): language.localized("Light rain", context: "weather, at most 13 characters")
        case (63, _): language.localized("Rain", context: "weather, at most 13 characters")
        case (65, _): language.localized("Heavy rain", context: "weather, at most 13 characters")
        case (66, _), (67, _):
            language.localized("Frz rain", context: "weather, at most 13 characters")
        case (71, _): language.localized("Light snow", context: "weather, at most 13 characters")
        case (73, _): language.localized("Snow", context: "weather, at most 13 characters")
        case (75, _): language.localized("Heavy snow", context: "weather, at most 13 characters")
        case (77, _): language.localized("Snow grains", context: "weather, at most 13 characters")
        case (80, _): language.localized("Lt showers", context: "weather, at most 13 characters")
        case (81, _): language.localized("Showers", context: "weather, at most 13 characters")
        case (82, _): language.localized("Hvy showers", context: "weather, at most 13 characters")
        case (85, _), (86, _):
            language.localized("Snow showers", context: "weather, at most 13 characters")
        case (95, _): language.localized("Thunder", context: "weather, at most 13 characters")
        case (96, _), (99, _):
            language.localized("Thunder+hail", context: "weather, at most 13 characters")
        default: language.localized("Unknown", context: "weather, at most 13 characters")
        }
    }

    /// The most characters a `shortCondition` has in any language.
    public static let shortConditionLength = 13

    /// The English condition in at most `shortConditionLength` characters, for character
    /// LCDs: "Part cloudy".
    public var shortCondition: String { shortCondition(isDay: true) }
}
