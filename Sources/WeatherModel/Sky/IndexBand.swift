public import Localization

/// One band of an index scale (UV, air quality): the scale's own word for it and the colour
/// the scale's publisher gives it, so that a page says "Moderate" in the colour people know.
public struct IndexBand: Sendable, Hashable {
    /// The scale's word for the band, in every language: "Good", "Unhealthy for sensitive
    /// groups"; "Gut", "Mäßig" in German.
    public var word: LocalizedMessage
    /// 0 for the best band, one more for each worse one.
    public var level: Int
    /// The publisher's colour, 0xRRGGBB.
    public var color: UInt32

    /// Creates a band.
    public init(_ word: LocalizedMessage, level: Int, color: UInt32) {
        self.word = word
        self.level = level
        self.color = color
    }

    /// The scale's English word ("Moderate"), as `--json` and status give it.
    public var name: String { word.id }

    /// The scale's word in `language`: "Moderate", "Mäßig", "Moderata".
    public func name(in language: Language) -> String { word.text(in: language) }
}

/// The UV index (WHO Global Solar UV Index): a number from 0 with no unit, reported as a
/// whole number and read in the WHO's five bands.
public struct UVIndex: Sendable, Hashable, Comparable, Codable {
    /// The index as given (Open-Meteo sends tenths).
    public var value: Double

    /// Creates a UV index.
    public init(_ value: Double) { self.value = value }

    /// The WHO's bands, from low (0–2) to extreme (11 and more), with the WHO's colours
    /// green, yellow, orange, red and violet.
    public static let bands: [IndexBand] = [
        // TRANSLATORS: the WHO's UV index bands, as your weather or radiation service
        // names them ("Niedrig", "Moderato"), capitalised: they stand alone beside the
        // number. At most about 12 characters.
        IndexBand(LocalizedMessage("Low", context: "UV index band"), level: 0, color: 0x289500),
        IndexBand(
            LocalizedMessage("Moderate", context: "UV index band"), level: 1, color: 0xF7E400),
        IndexBand(LocalizedMessage("High", context: "UV index band"), level: 2, color: 0xF85900),
        IndexBand(
            LocalizedMessage("Very high", context: "UV index band"), level: 3, color: 0xD8001D),
        IndexBand(
            LocalizedMessage("Extreme", context: "UV index band"), level: 4, color: 0x6B49C8),
    ]

    /// The whole number the WHO reports: 2.4 is 2, 2.5 is 3.
    public var reported: Int { Int(max(0, value).rounded()) }

    /// The band of the reported value.
    public var band: IndexBand {
        switch reported {
        case ...2: Self.bands[0]
        case ...5: Self.bands[1]
        case ...7: Self.bands[2]
        case ...10: Self.bands[3]
        default: Self.bands[4]
        }
    }

    /// Orders by value.
    public static func < (lhs: UVIndex, rhs: UVIndex) -> Bool { lhs.value < rhs.value }

    /// Reads a plain number.
    /// - Throws: `DecodingError` when it is not a number.
    public init(from decoder: any Decoder) throws {
        value = try decoder.singleValueContainer().decode(Double.self)
    }

    /// Writes a plain number.
    /// - Throws: `EncodingError` from the encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}
