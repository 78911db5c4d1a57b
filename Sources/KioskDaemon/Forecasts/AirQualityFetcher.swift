public import FoundationEssentials
public import KioskCore
public import OpenMeteo

/// Fetches the air quality for every favourite from Open-Meteo's Air Quality API
/// (`forecast.air_quality_url`) in one batched request: what the daemon asks hourly at most,
/// and `forecast` when what the daemon kept is not fresh.
public struct AirQualityFetcher: Sendable {
    /// The Open-Meteo client, pointed at the Air Quality API.
    public let client: OpenMeteoClient

    /// A fetcher for `configuration`'s `air_quality_url` and key over `transport`.
    public init(configuration: KioskConfiguration, transport: any HTTPTransport) {
        client = OpenMeteoClient(
            transport: transport, apiKey: configuration.forecast.apiKey,
            airQualityURL: configuration.forecast.airQualityURL)
    }

    /// The places asked for: each favourite once, in display order.
    public static func places(for configuration: KioskConfiguration) -> [Coordinate] {
        var result: [Coordinate] = []
        for city in configuration.cities
        where !result.contains(where: { ForecastEntry.sameKey($0, city.coordinate) }) {
            result.append(city.coordinate)
        }
        return result
    }

    /// The endpoint asked, for sentences: `{air_quality_url}/v1/air-quality`.
    public var endpoint: String {
        var base = client.airQualityURL
        while base.hasSuffix("/") { base.removeLast() }
        return base + "/v1/air-quality"
    }

    /// Fetches `places` and returns their entries stamped `now`, in order.
    /// - Throws: `OpenMeteoError` with the sentence to show.
    public func fetch(_ places: [Coordinate], now: Date) async throws(OpenMeteoError)
        -> [AirQualityEntry]
    {
        let forecasts = try await client.airQuality(for: places)
        return zip(places, forecasts).map {
            AirQualityEntry(coordinate: $0, fetchedAt: now, forecast: $1)
        }
    }

    /// The journal's sentence for `error`: the URL asked, then what went wrong.
    public func sentence(for error: OpenMeteoError, oneShot: Bool = false) -> String {
        "The air quality from \(endpoint) could not be had: "
            + (oneShot ? error.oneShotMessage : error.message)
    }
}
