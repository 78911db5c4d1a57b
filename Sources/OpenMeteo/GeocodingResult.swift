public import KioskCore

/// One place from the geocoding API. Only the id, name and coordinate are always there; the
/// API leaves out every field it has no value for.
public struct GeocodingResult: Sendable, Hashable, Codable {
    /// GeoNames id.
    public var id: Int
    /// Name in the requested language, for example "Rome".
    public var name: String
    /// Where the place is.
    public var coordinate: Coordinate
    /// Elevation above sea level, metres.
    public var elevation: Double?
    /// GeoNames feature code, for example "PPLC" for a capital.
    public var featureCode: String?
    /// ISO 3166-1 alpha-2 country code, for example "IT".
    public var countryCode: String?
    /// Country name, for example "Italy".
    public var country: String?
    /// First-level administrative area, for example "Lazio".
    public var admin1: String?
    /// Second-level administrative area.
    public var admin2: String?
    /// Third-level administrative area.
    public var admin3: String?
    /// Fourth-level administrative area.
    public var admin4: String?
    /// IANA time zone, for example "Europe/Rome".
    public var timezone: String?
    /// Number of inhabitants.
    public var population: Int?
    /// Postal codes.
    public var postcodes: [String]

    /// Creates a result.
    public init(
        id: Int, name: String, coordinate: Coordinate, elevation: Double? = nil,
        featureCode: String? = nil, countryCode: String? = nil, country: String? = nil,
        admin1: String? = nil, admin2: String? = nil, admin3: String? = nil,
        admin4: String? = nil, timezone: String? = nil, population: Int? = nil,
        postcodes: [String] = []
    ) {
        self.id = id
        self.name = name
        self.coordinate = coordinate
        self.elevation = elevation
        self.featureCode = featureCode
        self.countryCode = countryCode
        self.country = country
        self.admin1 = admin1
        self.admin2 = admin2
        self.admin3 = admin3
        self.admin4 = admin4
        self.timezone = timezone
        self.population = population
        self.postcodes = postcodes
    }

    /// The favourite this place becomes: name, country and its code, admin1, coordinate,
    /// time zone and GeoNames id.
    public var city: City {
        City(
            name: name, country: country, admin1: admin1, coordinate: coordinate,
            timezone: timezone, geonameID: id, countryCode: countryCode)
    }

    /// `results` in display order for a search for `name`: exact name matches (ignoring
    /// case and accents) first, then names that start with the query, then the rest; within
    /// each group the larger population first (unknown counts as none), ties in API order.
    public static func ranked(_ results: [GeocodingResult], for name: String) -> [GeocodingResult] {
        let query = Transliteration.searchKey(name)
        func group(_ result: GeocodingResult) -> Int {
            let key = Transliteration.searchKey(result.name)
            if key == query { return 0 }
            return key.hasPrefix(query) ? 1 : 2
        }
        return results.enumerated()
            .map { (group: group($0.element), order: $0.offset, result: $0.element) }
            .sorted { left, right in
                if left.group != right.group { return left.group < right.group }
                let leftPopulation = left.result.population ?? 0
                let rightPopulation = right.result.population ?? 0
                if leftPopulation != rightPopulation { return leftPopulation > rightPopulation }
                return left.order < right.order
            }
            .map(\.result)
    }
}

/// One place as the API writes it, every field optional so that a missing one can be
/// reported by name.
struct PlaceBody: Decodable {
    var id: Int?
    var name: String?
    var latitude: Double?
    var longitude: Double?
    var elevation: Double?
    var featureCode: String?
    var countryCode: String?
    var country: String?
    var admin1: String?
    var admin2: String?
    var admin3: String?
    var admin4: String?
    var timezone: String?
    var population: Double?
    var postcodes: [String?]?
    var error: Bool?
    var reason: String?

    enum CodingKeys: String, CodingKey {
        case id, name, latitude, longitude, elevation, country, admin1, admin2, admin3, admin4
        case timezone, population, postcodes, error, reason
        case featureCode = "feature_code"
        case countryCode = "country_code"
    }

    /// The result, or the name of the first required field that is missing.
    func result() -> Result<GeocodingResult, MissingField> {
        guard let id else { return .failure(MissingField(name: "id")) }
        guard let name else { return .failure(MissingField(name: "name")) }
        guard let latitude else { return .failure(MissingField(name: "latitude")) }
        guard let longitude else { return .failure(MissingField(name: "longitude")) }
        // Int(exactly:) is nil past Int's range: a population of 1e300 is no number of people.
        let people = population.flatMap { $0 >= 0 ? Int(exactly: $0.rounded(.down)) : nil }
        return .success(
            GeocodingResult(
                id: id, name: Self.cleaned(name),
                coordinate: Coordinate(latitude: latitude, longitude: longitude),
                elevation: elevation, featureCode: nonEmpty(featureCode),
                countryCode: nonEmpty(countryCode),
                country: nonEmpty(country).map(Self.cleaned),
                admin1: nonEmpty(admin1).map(Self.cleaned),
                admin2: nonEmpty(admin2).map(Self.cleaned),
                admin3: nonEmpty(admin3).map(Self.cleaned),
                admin4: nonEmpty(admin4).map(Self.cleaned), timezone: nonEmpty(timezone),
                population: people,
                postcodes: postcodes?.compactMap { $0 } ?? []))
    }

    /// A name from the server as the kiosk keeps it: on one line (a line break or a
    /// bidirectional control is written out, `\x0A`, `\u{202E}`, as the terminal shows
    /// other controls) and at most `City.maximumNameLength` characters.
    static func cleaned(_ name: String) -> String {
        City.truncatedName(TerminalText.oneLine(name))
    }

    struct MissingField: Error {
        var name: String
    }
}

/// The `/v1/search` body: `results` is left out when nothing matched.
struct SearchBody: Decodable {
    var results: [PlaceBody?]?
    var error: Bool?
    var reason: String?
}

private func nonEmpty(_ text: String?) -> String? {
    guard let text, !text.isEmpty else { return nil }
    return text
}
