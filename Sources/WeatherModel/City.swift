import RealModule

/// A point on the Earth in decimal degrees (WGS 84).
public struct Coordinate: Sendable, Hashable, Codable {
    /// Latitude, −90…90, north positive.
    public var latitude: Double
    /// Longitude, −180…180, east positive.
    public var longitude: Double

    /// Creates a coordinate.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Great-circle distance to another coordinate in metres (haversine, mean Earth radius).
    public func distance(to other: Coordinate) -> Double {
        let radius = 6_371_008.8
        let phi1 = latitude * .pi / 180
        let phi2 = other.latitude * .pi / 180
        let deltaPhi = (other.latitude - latitude) * .pi / 180
        let deltaLambda = (other.longitude - longitude) * .pi / 180
        let a =
            sinHalfSquared(deltaPhi) + .cos(phi1) * .cos(phi2) * sinHalfSquared(deltaLambda)
        return 2 * radius * .asin(min(1, max(0, a)).squareRoot())
    }
}

/// A favourite city: one `[[cities]]` entry of the config.
public struct City: Sendable, Hashable, Codable {
    /// Display name, for example "Rome".
    public var name: String
    /// Country name, for example "Italy".
    public var country: String?
    /// ISO 3166-1 alpha-2 country code, for example "IT", as geocoding gives it: which
    /// warning service covers the city.
    public var countryCode: String?
    /// First-level administrative area, for example "Lazio".
    public var admin1: String?
    /// Where the city is.
    public var coordinate: Coordinate
    /// IANA time zone name, for example "Europe/Rome".
    public var timezone: String?
    /// GeoNames id, when the city came from geocoding.
    public var geonameID: Int?

    /// Creates a city.
    public init(
        name: String, country: String? = nil, admin1: String? = nil, coordinate: Coordinate,
        timezone: String? = nil, geonameID: Int? = nil, countryCode: String? = nil
    ) {
        self.name = name
        self.country = country
        self.countryCode = countryCode
        self.admin1 = admin1
        self.coordinate = coordinate
        self.timezone = timezone
        self.geonameID = geonameID
    }

    /// The longest name, country or region a favourite (or the station) may have, in
    /// characters: longer than any real place's, short enough that no page is slow to lay out.
    public static let maximumNameLength = 100

    /// `text` cut to `maximumNameLength` characters, with "…" at the cut.
    public static func truncatedName(_ text: String) -> String {
        text.count <= maximumNameLength ? text : String(text.prefix(maximumNameLength - 1)) + "…"
    }

    /// What is wrong with `text` as a name, to follow the key or option that gave it ("is
    /// 400 characters long; …"); nil when it is at most `maximumNameLength` characters.
    public static func nameLengthProblem(_ text: String) -> String? {
        let count = text.count
        guard count > maximumNameLength else { return nil }
        return "is \(count) characters long; a name has at most \(maximumNameLength)"
    }

    /// "Rome, Lazio, Italy": the name with the parts that tell same-named places apart.
    public var qualifiedName: String {
        ([name] + [admin1, country].compactMap { $0 }.filter { !$0.isEmpty && $0 != name })
            .joined(separator: ", ")
    }

    /// Whether two entries are the same place: the same GeoNames id, or within 1 km.
    public func isSamePlace(as other: City) -> Bool {
        if let id = geonameID, let otherID = other.geonameID, id == otherID { return true }
        return coordinate.distance(to: other.coordinate) <= 1_000
    }

    /// Whether `query` names this city, ignoring case and accents ("sao paulo" finds
    /// "São Paulo").
    public func matches(name query: String) -> Bool {
        Transliteration.searchKey(query) == Transliteration.searchKey(name)
    }
}

private func sinHalfSquared(_ angle: Double) -> Double {
    let s = Double.sin(angle / 2)
    return s * s
}
