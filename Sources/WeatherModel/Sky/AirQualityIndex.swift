public import Localization

/// The two air-quality index scales Open-Meteo computes: the European Environment Agency's
/// (the bands revised in 2024) and the US Environmental Protection Agency's. Each has its
/// own words and colours; a page says the scale's word in the scale's colour.
public enum AQIScale: String, Sendable, Hashable, Codable, CaseIterable {
    /// The European Air Quality Index: 0–20 good … above 100 extremely poor.
    case european
    /// The US AQI: 0–50 good … 301 and more hazardous.
    case us

    /// The scale a place reads by default: the US AQI in the United States and the places
    /// where the EPA's AirNow reports it (Puerto Rico, Guam, the Virgin Islands, American
    /// Samoa, the Northern Mariana Islands), the European index everywhere else.
    /// - Parameter countryCode: the ISO 3166-1 alpha-2 code, any case; nil or unknown gives
    ///   the European index.
    public static func `default`(forCountryCode countryCode: String?) -> AQIScale {
        guard let code = countryCode?.uppercased() else { return .european }
        return ["US", "PR", "GU", "VI", "AS", "MP", "UM"].contains(code) ? .us : .european
    }

    /// The scale a favourite reads by default: by its ISO country code when it has one
    /// (`default(forCountryCode:)`). Favourites keep their country's name (in the
    /// language they were looked up in) rather than a code: the United States in the five
    /// languages the kiosk speaks, its territories by name, and, for a favourite without a
    /// country, a US time zone.
    public static func `default`(for city: City) -> AQIScale {
        if let code = city.countryCode, !code.isEmpty {
            return `default`(forCountryCode: code)
        }
        if let country = city.country?.lowercased() {
            return usCountryNames.contains(country) ? .us : .european
        }
        guard let zone = city.timezone else { return .european }
        return usTimeZonePrefixes.contains { zone.hasPrefix($0) } ? .us : .european
    }

    private static let usCountryNames: Set<String> = [
        "united states", "united states of america", "usa", "vereinigte staaten",
        "états-unis", "etats-unis", "stati uniti", "estados unidos", "puerto rico", "guam",
        "american samoa", "northern mariana islands", "u.s. virgin islands",
    ]

    private static let usTimeZonePrefixes = [
        "America/New_York", "America/Chicago", "America/Denver", "America/Los_Angeles",
        "America/Phoenix", "America/Anchorage", "America/Juneau", "America/Sitka",
        "America/Nome", "America/Adak", "America/Boise", "America/Detroit", "America/Indiana/",
        "America/Kentucky/", "America/North_Dakota/", "America/Menominee", "Pacific/Honolulu",
        "America/Puerto_Rico", "Pacific/Guam",
    ]

    /// The name `forecast` shows: "European AQI", "US AQI".
    public var title: String { self == .european ? "European AQI" : "US AQI" }

    /// The name pages show, in `language`: "European AQI", "Europäischer LQI".
    public func title(in language: Language) -> String {
        // TRANSLATORS: the name of an air-quality index scale, as a page's heading above
        // the index ("IQA européen"). Use the abbreviation your language's agencies use
        // for an air-quality index (German LQI, French and Italian IQA, Spanish ICA).
        self == .european
            ? language.localized("European AQI", context: "air quality scale")
            : language.localized("US AQI", context: "air quality scale")
    }

    /// The scale's abbreviation in `language`, where its name does not fit: "AQI", "LQI".
    public func abbreviation(in language: Language) -> String {
        // TRANSLATORS: the air-quality index abbreviated, where the scale's name does not
        // fit (a dashboard tile, a small display: "LQI 44"). At most 4 characters.
        self == .european
            ? language.localized("AQI", context: "European air quality scale, abbreviated")
            : language.localized("AQI", context: "US air quality scale, abbreviated")
    }

    /// The scale's name on a small display in `language`: "EU AQI", "US AQI", "EU-LQI".
    public func smallTitle(in language: Language) -> String {
        // TRANSLATORS: the air-quality scale's name on a small display, before the index
        // ("EU AQI 44 Fair"). At most 7 characters.
        self == .european
            ? language.localized("EU AQI", context: "air quality scale, small display")
            : language.localized("US AQI", context: "air quality scale, small display")
    }

    /// The scale's bands, best first, with the publisher's colours (the EEA's as Open-Meteo
    /// documents them; the EPA's from its AQI technical assistance document). Their words
    /// are the agencies' own and, where the agency publishes them, its translations.
    public var bands: [IndexBand] {
        switch self {
        case .european:
            // TRANSLATORS: the European Environment Agency's six bands of the European Air
            // Quality Index, best first, in the EEA's own words for your language where it
            // has them ("Gut", "Mittelmäßig", "Mäßig"...), capitalised: they stand alone
            // beside the index.
            Self.numbered(
                [
                    LocalizedMessage("Good", context: "European air quality band"),
                    LocalizedMessage("Fair", context: "European air quality band"),
                    LocalizedMessage("Moderate", context: "European air quality band"),
                    LocalizedMessage("Poor", context: "European air quality band"),
                    LocalizedMessage("Very poor", context: "European air quality band"),
                    LocalizedMessage("Extremely poor", context: "European air quality band"),
                ], colors: [0x50F0E6, 0x50CCAA, 0xF0E641, 0xFF5050, 0x960032, 0x7D2181])
        case .us:
            // TRANSLATORS: the US EPA's six Air Quality Index categories, best first, in
            // the EPA's own translation where it has one (AirNow's Spanish), capitalised.
            Self.numbered(
                [
                    LocalizedMessage("Good", context: "US air quality band"),
                    LocalizedMessage("Moderate", context: "US air quality band"),
                    LocalizedMessage(
                        "Unhealthy for sensitive groups", context: "US air quality band"),
                    LocalizedMessage("Unhealthy", context: "US air quality band"),
                    LocalizedMessage("Very unhealthy", context: "US air quality band"),
                    LocalizedMessage("Hazardous", context: "US air quality band"),
                ], colors: [0x00E400, 0xFFFF00, 0xFF7E00, 0xFF0000, 0x8F3F97, 0x7E0023])
        }
    }

    /// Bands of `words` and `colors`, the best first.
    private static func numbered(_ words: [LocalizedMessage], colors: [UInt32]) -> [IndexBand] {
        zip(words, colors).enumerated().map { IndexBand($1.0, level: $0, color: $1.1) }
    }

    /// The highest index of each band but the last (which has no top): 20, 40, 60, 80, 100
    /// for the European index; 50, 100, 150, 200, 300 for the US AQI.
    public var upperBounds: [Int] {
        self == .european ? [20, 40, 60, 80, 100] : [50, 100, 150, 200, 300]
    }

    /// The band of `index` (rounded to a whole number first, as both agencies report it).
    public func band(for index: Double) -> IndexBand {
        let whole = Int(max(0, index).rounded())
        let level = upperBounds.firstIndex { whole <= $0 } ?? upperBounds.count
        return bands[level]
    }

    /// The top of the drawn scale: where a bar of the index ends (the European index can
    /// exceed 100 and the US AQI 500; bars stop there).
    public var drawnMaximum: Double { self == .european ? 120 : 350 }
}

/// A value of an air-quality index on its scale.
public struct AirQualityIndex: Sendable, Hashable {
    /// The index, a whole number as reported.
    public var value: Double
    /// The scale it is on.
    public var scale: AQIScale

    /// Creates an index value.
    public init(_ value: Double, scale: AQIScale) {
        self.value = value
        self.scale = scale
    }

    /// Its band: the word and colour to show.
    public var band: IndexBand { scale.band(for: value) }

    /// "44", as both agencies write it.
    public var text: String { String(Int(max(0, value).rounded())) }
}

extension Units {
    /// The air-quality scale `city` is read on: `aqi` when set, or the city's country's.
    public func aqiScale(for city: City) -> AQIScale {
        aqi ?? AQIScale.default(for: city)
    }
}
