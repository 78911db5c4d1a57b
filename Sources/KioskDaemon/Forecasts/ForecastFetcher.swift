public import FoundationEssentials
public import KioskCore
public import OpenMeteo

/// Fetches forecasts for everything the config shows — the station and every favourite —
/// in one batched request, and keeps the last good ones in the cache.
public struct ForecastFetcher: Sendable {
    /// The Open-Meteo client.
    public let client: OpenMeteoClient
    /// Where good forecasts are kept.
    public let cache: ForecastCache

    /// Creates a fetcher.
    public init(client: OpenMeteoClient, cache: ForecastCache) {
        self.client = client
        self.cache = cache
    }

    /// A fetcher for `configuration`: its forecast settings over `transport`, keeping
    /// forecasts in `cache` (by default its state directory's).
    public init(
        configuration: KioskConfiguration, transport: any HTTPTransport,
        cache: ForecastCache? = nil
    ) {
        self.init(
            client: OpenMeteoClient(
                transport: transport, baseURL: configuration.forecast.baseURL,
                geocodingURL: configuration.forecast.geocodingURL,
                apiKey: configuration.forecast.apiKey, language: configuration.placeNameLanguage),
            cache: cache ?? ForecastCache(directory: configuration.stateDirectory))
    }

    /// The coordinates a refresh asks for: the station first (when it is set), then each
    /// favourite once.
    public static func locations(for configuration: KioskConfiguration) -> [Coordinate] {
        var result = configuration.station.coordinate.map { [$0] } ?? []
        for city in configuration.cities
        where !result.contains(where: { ForecastCache.sameKey($0, city.coordinate) }) {
            result.append(city.coordinate)
        }
        return result
    }

    /// Fetches `locations` and returns their entries stamped `now`. A failed fetch throws and
    /// leaves the cache untouched.
    /// - Throws: `OpenMeteoError` with the sentence to show.
    public func fetch(_ locations: [Coordinate], units: ForecastUnits, now: Date)
        async throws(OpenMeteoError) -> [ForecastCache.Entry]
    {
        let forecasts = try await client.forecasts(for: locations, units: units)
        return zip(locations, forecasts).map { coordinate, forecast in
            ForecastCache.Entry(coordinate: coordinate, fetchedAt: now, forecast: forecast)
        }
    }
}
