public import KioskCore

/// The user-defined characters the LCD pages use, 5×8 dots each: the weather groups and the
/// indoor and trend symbols. A frame loads at most eight of them (the HD44780 has eight
/// CGRAM slots); the pages never need more on one screen.
public enum CharacterIcon: String, Sendable, Hashable, CaseIterable {
    /// Clear by day.
    case sun
    /// Clear by night.
    case moon
    /// Sun behind a cloud.
    case partlyCloudy
    /// Overcast.
    case cloud
    /// Fog.
    case fog
    /// Rain, drizzle and showers.
    case rain
    /// Snow.
    case snow
    /// Thunderstorms.
    case thunder
    /// The indoor temperature.
    case thermometer
    /// Humidity.
    case drop
    /// Pressure rising.
    case rising
    /// Pressure falling.
    case falling

    /// The dot picture.
    public var glyph: CharacterGlyph {
        switch self {
        case .sun:
            CharacterGlyph([".....", "#.#.#", ".###.", "#####", ".###.", "#.#.#", ".....", "....."])
        case .moon:
            CharacterGlyph([".###.", "##...", "#....", "#....", "#....", "##...", ".###.", "....."])
        case .partlyCloudy:
            CharacterGlyph(["#.#..", ".#...", "#.##.", ".####", "#####", ".....", ".....", "....."])
        case .cloud:
            CharacterGlyph([".....", ".....", ".##..", "####.", "#####", ".....", ".....", "....."])
        case .fog:
            CharacterGlyph([".....", "#####", ".....", ".####", ".....", "####.", ".....", "....."])
        case .rain:
            CharacterGlyph([".##..", "####.", "#####", ".....", "#.#.#", ".#.#.", ".....", "....."])
        case .snow:
            CharacterGlyph(["..#..", "#.#.#", ".###.", "..#..", ".###.", "#.#.#", "..#..", "....."])
        case .thunder:
            CharacterGlyph(["...#.", "..#..", ".##..", "#####", "..##.", "..#..", ".#...", "....."])
        case .thermometer:
            CharacterGlyph(["..#..", ".#.#.", ".#.#.", ".#.#.", ".###.", "#####", "#####", ".###."])
        case .drop:
            CharacterGlyph(["..#..", "..#..", ".###.", ".###.", "#####", "#####", ".###.", "....."])
        case .rising:
            CharacterGlyph([".....", "..###", "...##", "..#.#", ".#...", "#....", ".....", "....."])
        case .falling:
            CharacterGlyph([".....", "#....", ".#...", "..#.#", "...##", "..###", ".....", "....."])
        }
    }

    /// The icon for a weather group; nil for an unknown code.
    public init?(_ icon: WeatherIcon, isDay: Bool) {
        switch icon {
        case .clear, .mainlyClear: self = isDay ? .sun : .moon
        case .partlyCloudy: self = isDay ? .partlyCloudy : .cloud
        case .overcast: self = .cloud
        case .fog: self = .fog
        case .drizzle, .freezingDrizzle, .rain, .freezingRain, .showers: self = .rain
        case .snow, .snowGrains, .snowShowers: self = .snow
        case .thunderstorm, .thunderstormHail: self = .thunder
        case .unknown: return nil
        }
    }
}
