/// A CO2 concentration in parts per million by volume: what an SCD4x reports, and the
/// indoor number people act on. Encoded as a single number of ppm.
public struct CarbonDioxide: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The concentration, ppm.
    public var partsPerMillion: Double

    /// A concentration of `partsPerMillion` ppm.
    public init(partsPerMillion: Double) { self.partsPerMillion = partsPerMillion }

    /// Whether the number is finite.
    public var isFinite: Bool { partsPerMillion.isFinite }

    /// Where the concentration falls in `CarbonDioxideBand`'s guidance.
    public var band: CarbonDioxideBand { CarbonDioxideBand(self) }

    /// "812 ppm": whole ppm, as the sensors resolve it.
    public var description: String { "\(Int(partsPerMillion.rounded())) ppm" }

    /// Orders by concentration.
    public static func < (lhs: CarbonDioxide, rhs: CarbonDioxide) -> Bool {
        lhs.partsPerMillion < rhs.partsPerMillion
    }

    /// Reads a number of ppm.
    /// - Throws: `DecodingError` when the value is not a number.
    public init(from decoder: any Decoder) throws {
        self.init(partsPerMillion: try decoder.singleValueContainer().decode(Double.self))
    }

    /// Writes a number of ppm.
    /// - Throws: `EncodingError` from the encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(partsPerMillion)
    }
}

/// How the indoor air's CO2 reads against the German Environment Agency's guidance
/// (Umweltbundesamt, Ad-hoc-Arbeitsgruppe Innenraumrichtwerte, "Gesundheitliche Bewertung
/// von Kohlendioxid in der Innenraumluft", Bundesgesundheitsblatt 51 (2008) 1358–1369):
/// below 1000 ppm hygienically harmless, 1000–2000 ppm conspicuous (ventilate), above
/// 2000 ppm unacceptable. 1000 ppm is also the level at which the kiosk's users open a
/// window (issue 34).
public enum CarbonDioxideBand: String, Sendable, Hashable, Codable, CaseIterable {
    /// Below 1000 ppm: the room is well ventilated.
    case good
    /// 1000 to 2000 ppm: time to open a window.
    case ventilate
    /// Above 2000 ppm: ventilate now.
    case poor

    /// The lowest concentration that is no longer `good`, ppm.
    public static let ventilateFrom = 1000.0
    /// The highest concentration that is still `ventilate`, ppm; anything above is `poor`.
    public static let ventilateUpTo = 2000.0

    /// The band of `concentration`.
    public init(_ concentration: CarbonDioxide) {
        let ppm = concentration.partsPerMillion
        if ppm < Self.ventilateFrom {
            self = .good
        } else if ppm <= Self.ventilateUpTo {
            self = .ventilate
        } else {
            self = .poor
        }
    }

    /// The range of the band in words, for the docs and `doctor`: "below 1000 ppm",
    /// "1000–2000 ppm", "above 2000 ppm".
    public var range: String {
        switch self {
        case .good: "below \(Int(Self.ventilateFrom)) ppm"
        case .ventilate: "\(Int(Self.ventilateFrom))–\(Int(Self.ventilateUpTo)) ppm"
        case .poor: "above \(Int(Self.ventilateUpTo)) ppm"
        }
    }
}
