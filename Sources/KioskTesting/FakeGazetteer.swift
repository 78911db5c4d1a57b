public import KioskCore

extension FakeOpenMeteo {
    /// One place of the fake geocoder's gazetteer: real GeoNames ids, coordinates,
    /// countries, first-level areas, zones and populations.
    public struct Place: Sendable, Hashable {
        /// GeoNames id.
        public var id: Int
        /// English name, as the API returns it.
        public var name: String
        /// Where the place is.
        public var coordinate: Coordinate
        /// Metres above sea level.
        public var elevation: Double
        /// GeoNames feature code ("PPLC" capital, "PPLA" first-level seat, "PPL" town).
        public var featureCode: String
        /// ISO country code; nil for places outside any country.
        public var countryCode: String?
        /// Country name; nil where GeoNames has none.
        public var country: String?
        /// First-level administrative area; nil where GeoNames has none.
        public var admin1: String?
        /// IANA time zone.
        public var timezone: String
        /// Inhabitants; nil where GeoNames has no count.
        public var population: Int?
        /// Other names the search also finds it by ("Москва" for Moscow).
        public var alternateNames: [String]

        init(
            _ id: Int, _ name: String, _ latitude: Double, _ longitude: Double,
            elevation: Double, feature: String, countryCode: String?, country: String?,
            admin1: String?, timezone: String, population: Int?, alternateNames: [String] = []
        ) {
            self.id = id
            self.name = name
            self.coordinate = Coordinate(latitude: latitude, longitude: longitude)
            self.elevation = elevation
            self.featureCode = feature
            self.countryCode = countryCode
            self.country = country
            self.admin1 = admin1
            self.timezone = timezone
            self.population = population
            self.alternateNames = alternateNames
        }
    }

    /// The gazetteer, in the order searches return matches (deliberately not by population,
    /// as the real API's own ranking is not either: the client ranks for display).
    public static let places: [Place] = [
        Place(
            5_754_005, "Springfield", 44.04624, -123.02203, elevation: 141, feature: "PPL",
            countryCode: "US", country: "United States", admin1: "Oregon",
            timezone: "America/Los_Angeles", population: 59403),
        Place(
            3_169_070, "Rome", 41.89193, 12.51133, elevation: 20, feature: "PPLC",
            countryCode: "IT", country: "Italy", admin1: "Lazio", timezone: "Europe/Rome",
            population: 2_318_895, alternateNames: ["Roma"]),
        Place(
            4_219_762, "Rome", 34.25704, -85.16467, elevation: 184, feature: "PPLA2",
            countryCode: "US", country: "United States", admin1: "Georgia",
            timezone: "America/New_York", population: 36303),
        Place(
            2_950_159, "Berlin", 52.52437, 13.41053, elevation: 74, feature: "PPLC",
            countryCode: "DE", country: "Germany", admin1: "State of Berlin",
            timezone: "Europe/Berlin", population: 3_426_354),
        Place(
            4_717_560, "Paris", 33.66094, -95.55551, elevation: 181, feature: "PPLA2",
            countryCode: "US", country: "United States", admin1: "Texas",
            timezone: "America/Chicago", population: 24782),
        Place(
            2_988_507, "Paris", 48.85341, 2.3488, elevation: 42, feature: "PPLC",
            countryCode: "FR", country: "France", admin1: "Île-de-France",
            timezone: "Europe/Paris", population: 2_138_551),
        Place(
            4_647_963, "Paris", 36.302, -88.32671, elevation: 158, feature: "PPLA2",
            countryCode: "US", country: "United States", admin1: "Tennessee",
            timezone: "America/Chicago", population: 10156),
        Place(
            4_250_542, "Springfield", 39.80172, -89.64371, elevation: 182, feature: "PPLA",
            countryCode: "US", country: "United States", admin1: "Illinois",
            timezone: "America/Chicago", population: 116_565),
        Place(
            4_951_788, "Springfield", 42.10148, -72.58981, elevation: 21, feature: "PPLA2",
            countryCode: "US", country: "United States", admin1: "Massachusetts",
            timezone: "America/New_York", population: 153_060),
        Place(
            4_409_896, "Springfield", 37.21533, -93.29824, elevation: 396, feature: "PPLA2",
            countryCode: "US", country: "United States", admin1: "Missouri",
            timezone: "America/Chicago", population: 166_810),
        Place(
            4_525_353, "Springfield", 39.92423, -83.80882, elevation: 298, feature: "PPLA2",
            countryCode: "US", country: "United States", admin1: "Ohio",
            timezone: "America/New_York", population: 59357),
        Place(
            3_448_439, "São Paulo", -23.5475, -46.63611, elevation: 769, feature: "PPLA",
            countryCode: "BR", country: "Brazil", admin1: "São Paulo",
            timezone: "America/Sao_Paulo", population: 10_021_295),
        Place(
            1_566_083, "Ho Chi Minh City", 10.82302, 106.62965, elevation: 10, feature: "PPLA",
            countryCode: "VN", country: "Vietnam", admin1: "Ho Chi Minh",
            timezone: "Asia/Ho_Chi_Minh", population: 3_467_331,
            alternateNames: ["Thành phố Hồ Chí Minh", "Saigon"]),
        Place(
            2_657_896, "Zürich", 47.36667, 8.55, elevation: 408, feature: "PPLA",
            countryCode: "CH", country: "Switzerland", admin1: "Zurich",
            timezone: "Europe/Zurich", population: 341_730),
        Place(
            3_094_802, "Kraków", 50.06143, 19.93658, elevation: 219, feature: "PPLA",
            countryCode: "PL", country: "Poland", admin1: "Lesser Poland",
            timezone: "Europe/Warsaw", population: 755_050, alternateNames: ["Cracow"]),
        Place(
            524_901, "Moscow", 55.75222, 37.61556, elevation: 144, feature: "PPLC",
            countryCode: "RU", country: "Russia", admin1: "Moscow", timezone: "Europe/Moscow",
            population: 10_381_222, alternateNames: ["Москва", "Moskva"]),
        Place(
            3_413_829, "Reykjavík", 64.13548, -21.89541, elevation: 33, feature: "PPLC",
            countryCode: "IS", country: "Iceland", admin1: "Capital Region",
            timezone: "Atlantic/Reykjavik", population: 118_918),
        Place(
            2_147_714, "Sydney", -33.86785, 151.20732, elevation: 58, feature: "PPLA",
            countryCode: "AU", country: "Australia", admin1: "New South Wales",
            timezone: "Australia/Sydney", population: 4_627_345),
        Place(
            1_850_147, "Tokyo", 35.6895, 139.69171, elevation: 44, feature: "PPLC",
            countryCode: "JP", country: "Japan", admin1: "Tokyo", timezone: "Asia/Tokyo",
            population: 8_336_599),
        Place(
            2_643_743, "London", 51.50853, -0.12574, elevation: 25, feature: "PPLC",
            countryCode: "GB", country: "United Kingdom", admin1: "England",
            timezone: "Europe/London", population: 7_556_900),
        Place(
            5_128_581, "New York", 40.71427, -74.00597, elevation: 10, feature: "PPL",
            countryCode: "US", country: "United States", admin1: "New York",
            timezone: "America/New_York", population: 8_804_190,
            alternateNames: ["New York City"]),
        Place(
            2_756_071, "Enschede", 52.21833, 6.89583, elevation: 45, feature: "PPL",
            countryCode: "NL", country: "The Netherlands", admin1: "Overijssel",
            timezone: "Europe/Amsterdam", population: 153_655),
        Place(
            360_630, "Cairo", 30.06263, 31.24967, elevation: 23, feature: "PPLC",
            countryCode: "EG", country: "Egypt", admin1: "Cairo", timezone: "Africa/Cairo",
            population: 9_606_916),
        Place(
            1_275_339, "Mumbai", 19.07283, 72.88261, elevation: 14, feature: "PPLA",
            countryCode: "IN", country: "India", admin1: "Maharashtra",
            timezone: "Asia/Kolkata", population: 12_691_836, alternateNames: ["Bombay"]),
        Place(
            1_283_240, "Kathmandu", 27.70169, 85.3206, elevation: 1317, feature: "PPLC",
            countryCode: "NP", country: "Nepal", admin1: "Bagmati Province",
            timezone: "Asia/Kathmandu", population: 1_442_271),
        Place(
            2_078_025, "Adelaide", -34.92866, 138.59863, elevation: 48, feature: "PPLA",
            countryCode: "AU", country: "Australia", admin1: "South Australia",
            timezone: "Australia/Adelaide", population: 1_225_235),
        Place(
            5_856_195, "Honolulu", 21.30694, -157.85833, elevation: 18, feature: "PPLA",
            countryCode: "US", country: "United States", admin1: "Hawaii",
            timezone: "Pacific/Honolulu", population: 350_964),
        Place(
            5_879_400, "Anchorage", 61.21806, -149.90028, elevation: 31, feature: "PPL",
            countryCode: "US", country: "United States", admin1: "Alaska",
            timezone: "America/Anchorage", population: 291_826),
        Place(
            2_193_733, "Auckland", -36.84853, 174.76349, elevation: 26, feature: "PPL",
            countryCode: "NZ", country: "New Zealand", admin1: "Auckland",
            timezone: "Pacific/Auckland", population: 417_910),
        // The edge cases: an island with a country code but no country, area or population,
        // and a continent with no country at all.
        Place(
            1_546_314, "Île MacMurdo", -48.89824, 69.41539, elevation: 123, feature: "ISL",
            countryCode: "TF", country: nil, admin1: nil, timezone: "Indian/Kerguelen",
            population: nil),
        Place(
            6_255_152, "Antarctica", -78.15856, 16.40626, elevation: 3199, feature: "CONT",
            countryCode: nil, country: nil, admin1: nil, timezone: "Antarctica/Syowa",
            population: 1100),
    ]

    /// Standard-time UTC offsets (no daylight saving) and abbreviations of the gazetteer's
    /// zones, for `timezone=auto` and explicit zone names.
    static let zones: [String: (utcOffsetSeconds: Int, abbreviation: String)] = [
        "GMT": (0, "GMT"), "UTC": (0, "UTC"), "Europe/London": (0, "GMT"),
        "Atlantic/Reykjavik": (0, "GMT"), "Europe/Rome": (3600, "CET"),
        "Europe/Berlin": (3600, "CET"), "Europe/Paris": (3600, "CET"),
        "Europe/Zurich": (3600, "CET"), "Europe/Warsaw": (3600, "CET"),
        "Europe/Amsterdam": (3600, "CET"), "Africa/Cairo": (7200, "EET"),
        "Europe/Moscow": (10800, "MSK"), "Antarctica/Syowa": (10800, "GMT+3"),
        "Indian/Kerguelen": (18000, "GMT+5"), "Asia/Kolkata": (19800, "IST"),
        "Asia/Kathmandu": (20700, "GMT+5:45"), "Asia/Ho_Chi_Minh": (25200, "GMT+7"),
        "Asia/Tokyo": (32400, "JST"), "Australia/Adelaide": (34200, "ACST"),
        "Australia/Sydney": (36000, "AEST"), "Pacific/Auckland": (43200, "NZST"),
        "America/Sao_Paulo": (-10800, "GMT-3"), "America/New_York": (-18000, "EST"),
        "America/Chicago": (-21600, "CST"), "America/Los_Angeles": (-28800, "PST"),
        "America/Anchorage": (-32400, "AKST"), "Pacific/Honolulu": (-36000, "HST"),
    ]

    /// The zone `timezone=auto` picks for `coordinate`: the zone of a gazetteer place within
    /// 100 km, else whole hours of longitude/15 named like "Etc/GMT-1".
    static func automaticZone(for coordinate: Coordinate) -> Zone {
        let nearest = places.min {
            $0.coordinate.distance(to: coordinate) < $1.coordinate.distance(to: coordinate)
        }
        if let nearest, nearest.coordinate.distance(to: coordinate) <= 100_000,
            let zone = zones[nearest.timezone]
        {
            return Zone(name: nearest.timezone, abbreviation: zone.abbreviation, offset: zone.0)
        }
        let hours = Int((coordinate.longitude / 15).rounded())
        guard hours != 0 else { return Zone(name: "GMT", abbreviation: "GMT", offset: 0) }
        // The Etc zones count the other way round: Etc/GMT-1 is one hour east of Greenwich.
        let name = "Etc/GMT" + (hours > 0 ? "-\(hours)" : "+\(-hours)")
        let abbreviation = "GMT" + (hours > 0 ? "+\(hours)" : "-\(-hours)")
        return Zone(name: name, abbreviation: abbreviation, offset: hours * 3600)
    }

    /// A resolved time zone of a forecast location.
    struct Zone {
        var name: String
        var abbreviation: String
        var offset: Int
    }
}
