public import KioskCore

/// A Locationforecast `symbol_code`: the weather MET Norway draws, such as "clearsky_day",
/// "lightrainshowers_night", "heavysnow". Symbols with a sun or a moon come in `_day`,
/// `_night` and `_polartwilight` variants; the rest have none.
public struct SymbolCode: Sendable, Hashable {
    /// Which sky a variant draws.
    public enum Variant: String, Sendable, Hashable, CaseIterable {
        /// The sun is up.
        case day
        /// The sun is down.
        case night
        /// Polar twilight: the sun stays below the horizon all day, but only just.
        case polarTwilight = "polartwilight"
    }

    /// The symbol without its variant: "clearsky", "heavysnow".
    public let base: String
    /// The variant, when the code has one.
    public let variant: Variant?

    /// The symbol `text` names; nil for a symbol MET Norway does not publish.
    public init?(_ text: some StringProtocol) {
        var base = Substring(text)
        var variant: Variant?
        if let underscore = base.lastIndex(of: "_") {
            guard let named = Variant(rawValue: String(base[base.index(after: underscore)...]))
            else { return nil }
            variant = named
            base = base[..<underscore]
        }
        guard Self.weatherCodes[String(base)] != nil else { return nil }
        self.base = String(base)
        self.variant = variant
    }

    /// The kiosk's condition for the symbol: a WMO code, chosen by the symbol's meaning.
    /// Every thunder symbol is 95 (thunderstorm; MET Norway has no hail), sleet is WMO's
    /// rain-and-snow (68, 69; showers 83, 84).
    public var weatherCode: WeatherCode {
        // `init` admits only published bases; an unknown one would read "Unknown".
        Self.weatherCodes[base] ?? WeatherCode(rawValue: -1)
    }

    /// Whether the sun is up: true by day, false by night and in polar twilight (the sun
    /// does not rise, as Open-Meteo's `is_day` would say); nil for symbols without a sun or
    /// a moon, which look the same by day and by night.
    public var isDay: Bool? {
        variant.map { $0 == .day }
    }

    /// Every symbol MET Norway publishes (its weathericons legend), without variants, and
    /// the WMO code each maps to. The two misspellings with "lights…" are the published
    /// codes; the corrected spellings are accepted too, for when MET Norway fixes them.
    static let weatherCodes: [String: WeatherCode] = [
        "clearsky": 0, "fair": 1, "partlycloudy": 2, "cloudy": 3, "fog": 45,
        "lightrain": 61, "rain": 63, "heavyrain": 65,
        "lightsleet": 68, "sleet": 69, "heavysleet": 69,
        "lightsnow": 71, "snow": 73, "heavysnow": 75,
        "lightrainshowers": 80, "rainshowers": 81, "heavyrainshowers": 82,
        "lightsleetshowers": 83, "sleetshowers": 84, "heavysleetshowers": 84,
        "lightsnowshowers": 85, "snowshowers": 86, "heavysnowshowers": 86,
        "lightrainandthunder": 95, "rainandthunder": 95, "heavyrainandthunder": 95,
        "lightsleetandthunder": 95, "sleetandthunder": 95, "heavysleetandthunder": 95,
        "lightsnowandthunder": 95, "snowandthunder": 95, "heavysnowandthunder": 95,
        "lightrainshowersandthunder": 95, "rainshowersandthunder": 95,
        "heavyrainshowersandthunder": 95,
        "lightssleetshowersandthunder": 95, "lightsleetshowersandthunder": 95,
        "sleetshowersandthunder": 95, "heavysleetshowersandthunder": 95,
        "lightssnowshowersandthunder": 95, "lightsnowshowersandthunder": 95,
        "snowshowersandthunder": 95, "heavysnowshowersandthunder": 95,
    ]
}
