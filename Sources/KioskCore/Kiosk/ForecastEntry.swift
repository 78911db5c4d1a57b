public import FoundationEssentials

/// One location's forecast as the kiosk keeps it: what the forecast cache stores and what
/// the reducer holds for the pages.
public struct ForecastEntry: Sendable, Hashable, Codable {
    /// The coordinate it was requested for (not the model's grid point).
    public var coordinate: Coordinate
    /// When it was fetched.
    public var fetchedAt: Date
    /// The forecast.
    public var forecast: LocationForecast
    /// The service it came from (the pages credit MET Norway's data).
    public var provider: ForecastProviderID
    /// What the provider's answer said about asking again (MET Norway's `Last-Modified` and
    /// `Expires`), kept across a restart so that the next request is conditional and none
    /// goes before `Expires`; empty for Open-Meteo, which sends none.
    public var validity: ConditionalRequest

    /// Creates an entry.
    public init(
        coordinate: Coordinate, fetchedAt: Date, forecast: LocationForecast,
        provider: ForecastProviderID = .openMeteo,
        validity: ConditionalRequest = ConditionalRequest()
    ) {
        self.coordinate = coordinate
        self.fetchedAt = fetchedAt
        self.forecast = forecast
        self.provider = provider
        self.validity = validity
    }

    private enum CodingKeys: String, CodingKey {
        case coordinate, fetchedAt, forecast, provider, validity
    }

    /// Reads an entry; one written before there were two providers is Open-Meteo's, with no
    /// validators.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        coordinate = try container.decode(Coordinate.self, forKey: .coordinate)
        fetchedAt = try container.decode(Date.self, forKey: .fetchedAt)
        forecast = try container.decode(LocationForecast.self, forKey: .forecast)
        provider =
            try container.decodeIfPresent(ForecastProviderID.self, forKey: .provider) ?? .openMeteo
        validity =
            try container.decodeIfPresent(ConditionalRequest.self, forKey: .validity)
            ?? ConditionalRequest()
    }

    /// Two coordinates name the same entry when they agree to 4 decimals (~11 m).
    public static func sameKey(_ a: Coordinate, _ b: Coordinate) -> Bool {
        (a.latitude * 1e4).rounded() == (b.latitude * 1e4).rounded()
            && (a.longitude * 1e4).rounded() == (b.longitude * 1e4).rounded()
    }
}

extension [ForecastEntry] {
    /// The entry for `coordinate`: in `units` when there is one, else any.
    public func entry(for coordinate: Coordinate, units: ForecastUnits) -> ForecastEntry? {
        first { ForecastEntry.sameKey($0.coordinate, coordinate) && $0.forecast.units == units }
            ?? first { ForecastEntry.sameKey($0.coordinate, coordinate) }
    }

    /// These entries with `fresh` in front, replacing the entries for their locations.
    public func merging(_ fresh: [ForecastEntry]) -> [ForecastEntry] {
        let kept = filter { old in
            !fresh.contains { ForecastEntry.sameKey($0.coordinate, old.coordinate) }
        }
        return fresh + kept
    }
}
