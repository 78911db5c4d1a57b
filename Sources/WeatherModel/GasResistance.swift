/// The resistance of a metal-oxide gas sensor's hot plate (the BME680/BME688), in ohms.
///
/// It falls as reducing gases (VOCs, CO) rise, but it is not an air-quality index by
/// itself: an IAQ figure needs a per-sensor baseline learnt over days and compensation for
/// humidity, which Bosch's proprietary BSEC library does. Encoded as a single number of
/// ohms.
public struct GasResistance: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The resistance, Ω.
    public var ohms: Double

    /// A resistance of `ohms` Ω.
    public init(ohms: Double) { self.ohms = ohms }

    /// The resistance in kΩ.
    public var kiloohms: Double { ohms / 1000 }

    /// Whether the number is finite.
    public var isFinite: Bool { ohms.isFinite }

    /// "123.4 kΩ".
    public var description: String {
        "\(Double(Int((kiloohms * 10).rounded())) / 10) kΩ"
    }

    /// Orders by resistance.
    public static func < (lhs: GasResistance, rhs: GasResistance) -> Bool {
        lhs.ohms < rhs.ohms
    }

    /// Reads a number of ohms.
    /// - Throws: `DecodingError` when the value is not a number.
    public init(from decoder: any Decoder) throws {
        self.init(ohms: try decoder.singleValueContainer().decode(Double.self))
    }

    /// Writes a number of ohms.
    /// - Throws: `EncodingError` from the encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(ohms)
    }
}
