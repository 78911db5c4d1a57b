public import FoundationEssentials
public import Localization

/// A pollutant's mass in a cubic metre of air, as Open-Meteo gives PM2.5, PM10, ozone and
/// nitrogen dioxide: micrograms per cubic metre (µg/m³).
public struct MassConcentration: Sendable, Hashable, Comparable, Codable {
    /// Micrograms per cubic metre.
    public var microgramsPerCubicMetre: Double

    /// Creates a concentration of `value` µg/m³.
    public init(microgramsPerCubicMetre value: Double) { microgramsPerCubicMetre = value }

    /// The unit's symbol.
    public static let symbol = "µg/m³"

    /// Orders by mass.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.microgramsPerCubicMetre < rhs.microgramsPerCubicMetre
    }

    /// Reads a plain number of µg/m³.
    /// - Throws: `DecodingError` when it is not a number.
    public init(from decoder: any Decoder) throws {
        microgramsPerCubicMetre = try decoder.singleValueContainer().decode(Double.self)
    }

    /// Writes a plain number of µg/m³.
    /// - Throws: `EncodingError` from the encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(microgramsPerCubicMetre)
    }
}

/// The plants whose pollen Open-Meteo forecasts (the CAMS European model: Europe only, in
/// season, four days ahead).
public enum PollenKind: String, Sendable, Hashable, Codable, CaseIterable {
    case alder, birch, grass, mugwort, olive, ragweed

    /// "Birch".
    public var name: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    /// The plant's name in `language`: "Birch", "Birke", "Betulla".
    public func name(in language: Language) -> String {
        // TRANSLATORS: a plant whose pollen is counted, as pollen forecasts name it,
        // capitalised ("Birke 12"). At most about 10 characters.
        switch self {
        case .alder: language.localized("Alder", context: "pollen")
        case .birch: language.localized("Birch", context: "pollen")
        case .grass: language.localized("Grass", context: "pollen")
        case .mugwort: language.localized("Mugwort", context: "pollen")
        case .olive: language.localized("Olive", context: "pollen")
        case .ragweed: language.localized("Ragweed", context: "pollen")
        }
    }
}

/// One plant's pollen: grains per cubic metre of air.
public struct PollenCount: Sendable, Hashable, Codable {
    /// Which plant.
    public var kind: PollenKind
    /// Grains per cubic metre.
    public var grainsPerCubicMetre: Double

    /// Creates a count.
    public init(_ kind: PollenKind, grainsPerCubicMetre: Double) {
        self.kind = kind
        self.grainsPerCubicMetre = grainsPerCubicMetre
    }

    /// The unit's symbol.
    public static let symbol = "grains/m³"
}

/// The air now at one place. Every value may be missing; pollen holds only the plants the
/// response had a number for, so outside Europe (where Open-Meteo sends `null`) it is empty
/// and pages say nothing about pollen rather than zero.
public struct AirQualityConditions: Sendable, Hashable, Codable, AirQualityIndices {
    /// When the values apply.
    public var time: Date
    /// The European Air Quality Index.
    public var europeanAQI: Double?
    /// The US AQI.
    public var usAQI: Double?
    /// Fine particles, PM2.5.
    public var pm25: MassConcentration?
    /// Particles, PM10.
    public var pm10: MassConcentration?
    /// Ozone, O₃.
    public var ozone: MassConcentration?
    /// Nitrogen dioxide, NO₂.
    public var nitrogenDioxide: MassConcentration?
    /// The UV index now.
    public var uvIndex: UVIndex?
    /// The plants with a pollen count, in `PollenKind` order.
    public var pollen: [PollenCount]

    /// Creates air conditions.
    public init(
        time: Date, europeanAQI: Double? = nil, usAQI: Double? = nil,
        pm25: MassConcentration? = nil, pm10: MassConcentration? = nil,
        ozone: MassConcentration? = nil, nitrogenDioxide: MassConcentration? = nil,
        uvIndex: UVIndex? = nil, pollen: [PollenCount] = []
    ) {
        self.time = time
        self.europeanAQI = europeanAQI
        self.usAQI = usAQI
        self.pm25 = pm25
        self.pm10 = pm10
        self.ozone = ozone
        self.nitrogenDioxide = nitrogenDioxide
        self.uvIndex = uvIndex
        self.pollen = pollen
    }
}

/// One hour of the air-quality forecast: the two indices.
public struct AirQualityHour: Sendable, Hashable, Codable, AirQualityIndices {
    /// Start of the hour.
    public var time: Date
    /// The European Air Quality Index.
    public var europeanAQI: Double?
    /// The US AQI.
    public var usAQI: Double?

    /// Creates an hour.
    public init(time: Date, europeanAQI: Double? = nil, usAQI: Double? = nil) {
        self.time = time
        self.europeanAQI = europeanAQI
        self.usAQI = usAQI
    }
}

/// The air-quality forecast for one place, as Open-Meteo's Air Quality API returned it.
public struct AirQualityForecast: Sendable, Hashable, Codable {
    /// The grid point the model used.
    public var coordinate: Coordinate
    /// The UTC offset valid when it was made.
    public var utcOffsetSeconds: Int
    /// The air now.
    public var current: AirQualityConditions?
    /// The next hours, oldest first.
    public var hourly: [AirQualityHour]

    /// Creates an air-quality forecast.
    public init(
        coordinate: Coordinate, utcOffsetSeconds: Int = 0,
        current: AirQualityConditions? = nil, hourly: [AirQualityHour] = []
    ) {
        self.coordinate = coordinate
        self.utcOffsetSeconds = utcOffsetSeconds
        self.current = current
        self.hourly = hourly
    }

    /// The index on `scale` for up to `count` hours from the one that contains `instant`:
    /// the trend a page draws. Hours without a value are left out.
    public func trend(on scale: AQIScale, from instant: Date, count: Int) -> [(
        time: Date, index: AirQualityIndex
    )] {
        let start = instant.addingTimeInterval(-3600)
        return hourly.filter { $0.time > start }.prefix(count).compactMap { hour in
            hour.index(on: scale).map { (hour.time, $0) }
        }
    }
}

/// A value with both indices Open-Meteo computes, either of which may be missing.
public protocol AirQualityIndices {
    /// The European Air Quality Index.
    var europeanAQI: Double? { get }
    /// The US AQI.
    var usAQI: Double? { get }
}

extension AirQualityIndices {
    /// The index on `scale`, when the response had it.
    public func index(on scale: AQIScale) -> AirQualityIndex? {
        let value = scale == .european ? europeanAQI : usAQI
        return value.map { AirQualityIndex($0, scale: scale) }
    }
}
