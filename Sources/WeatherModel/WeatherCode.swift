/// A WMO weather interpretation code (WMO 4677): the subset Open-Meteo reports, and the
/// four sleet codes (68, 69, 83, 84) that MET Norway's sleet symbols map to.
public struct WeatherCode: RawRepresentable, Sendable, Hashable, Codable {
    /// The numeric code, 0…99.
    public var rawValue: Int

    /// Wraps a numeric code; unknown codes are kept and described as "Unknown".
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Every code Open-Meteo documents, in ascending order (28 codes).
    public static let documented: [WeatherCode] = [
        0, 1, 2, 3, 45, 48, 51, 53, 55, 56, 57, 61, 63, 65, 66, 67, 71, 73, 75, 77, 80, 81, 82,
        85, 86, 95, 96, 99,
    ].map(WeatherCode.init(rawValue:))

    /// What the code means in English, in words a person would use ("Light drizzle");
    /// `condition(isDay:language:)` says it in another language.
    public var condition: String { condition(isDay: true) }

    /// The icon group that draws this code.
    public var icon: WeatherIcon {
        switch rawValue {
        case 0: .clear
        case 1: .mainlyClear
        case 2: .partlyCloudy
        case 3: .overcast
        case 45, 48: .fog
        case 51, 53, 55: .drizzle
        case 56, 57: .freezingDrizzle
        case 61, 63, 65: .rain
        // Sleet (rain and snow mixed) draws as rain with a flake, like freezing rain.
        case 66, 67, 68, 69: .freezingRain
        case 71, 73, 75: .snow
        case 77: .snowGrains
        case 80, 81, 82: .showers
        case 83, 84, 85, 86: .snowShowers
        case 95: .thunderstorm
        case 96, 99: .thunderstormHail
        default: .unknown
        }
    }

    /// The codes beyond Open-Meteo's that the kiosk knows: WMO's rain-and-snow (sleet) codes,
    /// which MET Norway's sleet symbols map to.
    public static let sleet: [WeatherCode] = [68, 69, 83, 84]

    /// Whether the code is one Open-Meteo documents.
    public var isDocumented: Bool { Self.documented.contains(self) }
}

extension WeatherCode: ExpressibleByIntegerLiteral {
    /// Creates a code from an integer literal.
    public init(integerLiteral value: Int) { self.init(rawValue: value) }
}

extension WeatherCode: CustomStringConvertible {
    /// The condition text.
    public var description: String { condition }
}

/// The icon groups, one drawing each; `clear`, `mainlyClear` and `partlyCloudy` have night
/// variants (a moon instead of the sun), chosen by `is_day`.
public enum WeatherIcon: String, Sendable, Hashable, Codable, CaseIterable {
    case clear
    case mainlyClear
    case partlyCloudy
    case overcast
    case fog
    case drizzle
    case freezingDrizzle
    case rain
    case freezingRain
    case snow
    case snowGrains
    case showers
    case snowShowers
    case thunderstorm
    case thunderstormHail
    case unknown
}
