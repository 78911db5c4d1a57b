public import Localization

/// The words among the numbers: compass points and durations.
extension WeatherFormat {
    /// The 16-point compass direction a wind comes from: 225° → "SW" (French "SO", German
    /// "SW"); the points as the language abbreviates them.
    public static func compass(_ degrees: Double, language: Language = .en) -> String {
        let normalised = (degrees.truncatingRemainder(dividingBy: 360) + 360)
            .truncatingRemainder(dividingBy: 360)
        switch Int((normalised / 22.5).rounded()) % 16 {
        // TRANSLATORS: the 16 points of the compass, where a wind comes from, as your
        // language abbreviates them after a wind speed ("9 km/h SW"; French "SO").
        case 0: return language.localized("N", context: "compass point")
        case 1: return language.localized("NNE", context: "compass point")
        case 2: return language.localized("NE", context: "compass point")
        case 3: return language.localized("ENE", context: "compass point")
        case 4: return language.localized("E", context: "compass point")
        case 5: return language.localized("ESE", context: "compass point")
        case 6: return language.localized("SE", context: "compass point")
        case 7: return language.localized("SSE", context: "compass point")
        case 8: return language.localized("S", context: "compass point")
        case 9: return language.localized("SSW", context: "compass point")
        case 10: return language.localized("SW", context: "compass point")
        case 11: return language.localized("WSW", context: "compass point")
        case 12: return language.localized("W", context: "compass point")
        case 13: return language.localized("WNW", context: "compass point")
        case 14: return language.localized("NW", context: "compass point")
        default: return language.localized("NNW", context: "compass point")
        }
    }

    /// A duration as people say it: "under a minute", "4 min", "2 h 5 min", "3 days".
    public static func duration(_ seconds: Double, language: Language = .en) -> String {
        let total = Int(max(0, seconds))
        if total < 60 { return language.localized("under a minute", context: "duration") }
        let minutes = total / 60
        if minutes < 60 { return "\(minutes) min" }
        let hours = minutes / 60
        if hours < 48 {
            let rest = minutes % 60
            return rest == 0 ? "\(hours) h" : "\(hours) h \(rest) min"
        }
        return language.localized(
            "{count} day", plural: "{count} days", count: hours / 24, context: "duration")
    }
}
