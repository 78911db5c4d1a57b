public import FoundationEssentials

/// One place a provider is asked about.
public struct ForecastPlace: Sendable, Hashable {
    /// Where the place is: the coordinate the config gives (the provider rounds it as its
    /// terms ask).
    public var coordinate: Coordinate
    /// Metres above sea level, when known (the station's `elevation`): MET Norway corrects
    /// its temperatures to it.
    public var elevation: Double?
    /// The place's offset from UTC now, in seconds, when known (the last Open-Meteo answer's
    /// `utc_offset_seconds`, or the kiosk's own zone for the station): MET Norway answers in
    /// UTC, and the place's days run from its own midnight. Unknown, the adapter takes the
    /// longitude's nautical zone (15° an hour), which can put a day's edge an hour off.
    public var utcOffsetSeconds: Int?
    /// The IANA zone name, for example "Europe/Oslo", kept in the forecast when the
    /// provider does not name one.
    public var timezone: String?
    /// What the provider's last answer for this place said about asking again (MET Norway's
    /// `Last-Modified` and `Expires`). Give a fresh `ConditionalRequest()` when no forecast
    /// from this provider is cached for the place: a conditional request only makes sense
    /// with the data it would keep.
    public var validity: ConditionalRequest

    /// Creates a place.
    public init(
        coordinate: Coordinate, elevation: Double? = nil, utcOffsetSeconds: Int? = nil,
        timezone: String? = nil, validity: ConditionalRequest = ConditionalRequest()
    ) {
        self.coordinate = coordinate
        self.elevation = elevation
        self.utcOffsetSeconds = utcOffsetSeconds
        self.timezone = timezone
        self.validity = validity
    }
}

/// What a provider is asked: the places, in order, and the units the pages show.
public struct ForecastQuery: Sendable, Hashable {
    /// The places, in the order the answer keeps.
    public var places: [ForecastPlace]
    /// The units the forecasts come back in.
    public var units: ForecastUnits

    /// Creates a query.
    public init(places: [ForecastPlace], units: ForecastUnits) {
        self.places = places
        self.units = units
    }
}

/// What a provider answered for one place.
public enum ForecastOutcome: Sendable, Hashable {
    /// A new forecast, and what the answer said about asking again.
    case forecast(LocationForecast, validity: ConditionalRequest)
    /// Nothing new: the service answered 304 Not Modified, or its `Expires` has not passed
    /// and nothing was asked. Keep the cached forecast; `validity` replaces the old one.
    case notModified(validity: ConditionalRequest)
    /// No forecast; the failure says why in a sentence and in a few words.
    case failed(ForecastFailure)

    /// The new forecast, if there is one.
    public var forecast: LocationForecast? {
        if case .forecast(let forecast, _) = self { return forecast }
        return nil
    }

    /// The failure, if it failed.
    public var failure: ForecastFailure? {
        if case .failed(let failure) = self { return failure }
        return nil
    }
}

/// Something a provider said that is not about one place and is worth a log line once, not
/// at every refresh.
public struct ForecastProviderNotice: Sendable, Hashable {
    /// What kind of notice.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// HTTP 203: the product still answers but is deprecated and will stop.
        case deprecated
    }

    /// What kind of notice.
    public var kind: Kind
    /// Who said it.
    public var provider: ForecastProviderID
    /// One sentence for the log.
    public var message: String

    /// Creates a notice.
    public init(kind: Kind, provider: ForecastProviderID, message: String) {
        self.kind = kind
        self.provider = provider
        self.message = message
    }
}

/// A provider's answer to a query: one outcome per place, in the query's order.
public struct ForecastAnswer: Sendable, Hashable {
    /// Who answered.
    public var provider: ForecastProviderID
    /// One outcome per place, in the query's order.
    public var outcomes: [ForecastOutcome]
    /// Notices for the log; `ForecastProviderNotice.Log` keeps them to once each.
    public var notices: [ForecastProviderNotice]

    /// Creates an answer.
    public init(
        provider: ForecastProviderID, outcomes: [ForecastOutcome],
        notices: [ForecastProviderNotice] = []
    ) {
        self.provider = provider
        self.outcomes = outcomes
        self.notices = notices
    }
}

/// A source of forecasts: Open-Meteo's client or MET Norway's, behind one port.
///
/// The contract every implementation keeps:
/// - it answers every place of the query, in order, and never throws: a failure is an
///   outcome that says why (a sentence naming the service, the URL or the config key);
/// - it keeps no state between calls: what to send next time (validators, the earliest
///   allowed request) comes back in the outcomes and goes in again with the next query;
/// - it sends one request at a time, and none for a place whose `Expires` has not passed;
/// - a cancelled task ends with `.failed` outcomes of kind `.cancelled`.
public protocol ForecastProvider: Sendable {
    /// Which service this is.
    var id: ForecastProviderID { get }

    /// Forecasts for the query's places, asked at `now` (the kiosk's wall clock).
    func forecasts(for query: ForecastQuery, at now: Date) async -> ForecastAnswer
}

extension ForecastProviderNotice {
    /// The notices already logged: each kind from each provider once per run of the kiosk.
    public struct Log: Sendable, Hashable {
        private var logged: Set<String> = []

        /// An empty log.
        public init() {}

        /// Whether `notice` is new (log it) or was logged before (stay quiet); remembers it.
        public mutating func isFirst(_ notice: ForecastProviderNotice) -> Bool {
            logged.insert(notice.provider.rawValue + "/" + notice.kind.rawValue).inserted
        }
    }
}
