public import KioskCore

/// A place whose warnings the kiosk fetches: a favourite or the station.
public struct WarningPlace: Sendable, Hashable {
    /// Display name, as in `WeatherWarning.place`.
    public var name: String
    /// Where it is.
    public var coordinate: Coordinate
    /// ISO 3166-1 alpha-2 country code from geocoding; nil for a place added by coordinates.
    public var countryCode: String?

    /// Creates a place.
    public init(name: String, coordinate: Coordinate, countryCode: String? = nil) {
        self.name = name
        self.coordinate = coordinate
        self.countryCode = countryCode
    }

    /// The official source that covers it, if any.
    public var source: WarningSource? {
        WarningCoverage.source(countryCode: countryCode, coordinate: coordinate)
    }
}

/// The base URLs of the three services: the `[warnings]` keys `nws_url`, `metalerts_url`
/// and `dwd_url`.
public struct WarningEndpoints: Sendable, Hashable {
    /// NWS API root.
    public var nwsURL: String
    /// MetAlerts 2.0 root.
    public var metAlertsURL: String
    /// Bright Sky root.
    public var dwdURL: String

    /// Creates the endpoints; the defaults are the public services.
    public init(
        nwsURL: String = "https://api.weather.gov",
        metAlertsURL: String = "https://api.met.no/weatherapi/metalerts/2.0",
        dwdURL: String = "https://api.brightsky.dev"
    ) {
        self.nwsURL = nwsURL
        self.metAlertsURL = metAlertsURL
        self.dwdURL = dwdURL
    }
}

/// One request to one service.
public enum WarningRequest: Sendable, Hashable {
    /// NWS for one point.
    case nws(NWSAlertsRequest)
    /// MetAlerts, nationally or for one point.
    case metAlerts(MetAlertsRequest)
    /// Bright Sky for one point.
    case brightSky(BrightSkyAlertsRequest)

    /// The service asked.
    public var source: WarningSource {
        switch self {
        case .nws: .nws
        case .metAlerts: .metalerts
        case .brightSky: .dwd
        }
    }

    /// The full URL under `endpoints`.
    public func url(_ endpoints: WarningEndpoints) -> String {
        switch self {
        case .nws(let request): request.url(baseURL: endpoints.nwsURL)
        case .metAlerts(let request): request.url(baseURL: endpoints.metAlertsURL)
        case .brightSky(let request): request.url(baseURL: endpoints.dwdURL)
        }
    }
}

/// A request and the places its answer is for.
public struct PlannedWarningRequest: Sendable, Hashable {
    /// What to send.
    public var request: WarningRequest
    /// Who the answer is for, in the order given.
    public var places: [WarningPlace]

    /// Creates a planned request.
    public init(request: WarningRequest, places: [WarningPlace]) {
        self.request = request
        self.places = places
    }
}

/// The fewest requests that cover every place: one national MetAlerts request for all of
/// Norway's places (its alerts carry polygons), one NWS and one Bright Sky request per
/// distinct point (neither publishes polygons for a national answer to be matched against).
/// Places at the same point (to four decimals) share a request. Places no source covers
/// get none.
public enum WarningRequestPlan {
    /// The requests for `places`, NWS first, then MetAlerts, then Bright Sky, each in the
    /// order of the places.
    public static func requests(for places: [WarningPlace], language: String = "en")
        -> [PlannedWarningRequest]
    {
        var plan: [PlannedWarningRequest] = []
        var indexByRequest: [WarningRequest: Int] = [:]
        func add(_ request: WarningRequest, _ place: WarningPlace) {
            if let index = indexByRequest[request] {
                plan[index].places.append(place)
            } else {
                indexByRequest[request] = plan.count
                plan.append(PlannedWarningRequest(request: request, places: [place]))
            }
        }
        for source in [WarningSource.nws, .metalerts, .dwd] {
            for place in places where place.source == source {
                let point = rounded(place.coordinate)
                switch source {
                case .nws: add(.nws(NWSAlertsRequest(coordinate: point)), place)
                case .metalerts: add(.metAlerts(MetAlertsRequest(language: language)), place)
                case .dwd:
                    add(
                        .brightSky(BrightSkyAlertsRequest(coordinate: point, language: language)),
                        place)
                case .derived: break
                }
            }
        }
        return plan
    }

    /// The places no official source covers: they get derived warnings only.
    public static func uncovered(_ places: [WarningPlace]) -> [WarningPlace] {
        places.filter { $0.source == nil }
    }

    /// Requests a day for `places` fetched every `refreshMinutes`, each source as planned:
    /// for the README's table and `doctor`'s budget. A 304 still counts as a request.
    public static func requestsPerDay(
        for places: [WarningPlace], refreshMinutes: Int, language: String = "en"
    ) -> [WarningSource: Int] {
        let perDay = 1440 / max(1, refreshMinutes)
        var counts: [WarningSource: Int] = [:]
        for planned in requests(for: places, language: language) {
            counts[planned.request.source, default: 0] += perDay
        }
        return counts
    }

    /// `coordinate` rounded to the four decimals the request sends.
    static func rounded(_ coordinate: Coordinate) -> Coordinate {
        func four(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }
        return Coordinate(
            latitude: four(coordinate.latitude), longitude: four(coordinate.longitude))
    }
}
