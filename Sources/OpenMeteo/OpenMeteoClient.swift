public import KioskCore

/// The Open-Meteo forecast and geocoding client over any `HTTPTransport`.
///
/// Every call builds its URL afresh, sends it, checks the status and decodes the body; every
/// failure is one `OpenMeteoError` (typed throws) whose message names the host and the fix.
/// It logs nothing and keeps no state: the caller logs, caches and backs off (a rate-limit
/// error carries the instant its window resets).
public struct OpenMeteoClient: Sendable {
    /// Fetches the URLs.
    public let transport: any HTTPTransport
    /// Forecast API root, for example "https://api.open-meteo.com".
    public var baseURL: String
    /// Geocoding API root, for example "https://geocoding-api.open-meteo.com".
    public var geocodingURL: String
    /// A commercial API key, sent as `apikey=` when not empty.
    public var apiKey: String
    /// Language of place names, for example "en".
    public var language: String
    /// Locations per forecast request before the list is split (100; tests use less).
    public var maximumLocationsPerRequest: Int
    /// Air Quality API root (`forecast.air_quality_url`).
    public var airQualityURL: String

    /// Creates a client.
    public init(
        transport: any HTTPTransport, baseURL: String = "https://api.open-meteo.com",
        geocodingURL: String = "https://geocoding-api.open-meteo.com", apiKey: String = "",
        language: String = "en",
        maximumLocationsPerRequest: Int = ForecastRequest.maximumLocationsPerRequest,
        airQualityURL: String = "https://air-quality-api.open-meteo.com"
    ) {
        self.transport = transport
        self.baseURL = baseURL
        self.airQualityURL = airQualityURL
        self.geocodingURL = geocodingURL
        self.apiKey = apiKey
        self.language = language
        self.maximumLocationsPerRequest = maximumLocationsPerRequest
    }

    /// Forecasts for `coordinates`, in the same order: one request per batch of at most
    /// `maximumLocationsPerRequest`, sent one after another. No coordinates, no request.
    /// - Throws: `OpenMeteoError` from the first batch that fails; nothing partial is returned.
    public func forecasts(for coordinates: [Coordinate], units: ForecastUnits)
        async throws(OpenMeteoError) -> [LocationForecast]
    {
        var forecasts: [LocationForecast] = []
        forecasts.reserveCapacity(coordinates.count)
        let batches = ForecastRequest.batches(
            for: coordinates, units: units, apiKey: apiKey,
            maximumLocations: maximumLocationsPerRequest)
        for request in batches {
            let url = request.url(baseURL: baseURL)
            let body = try await fetch(url)
            forecasts += try request.decodeResponse(body, host: hostDescription(of: url))
        }
        return forecasts
    }

    /// Air-quality forecasts for `coordinates`, in the same order, batched like
    /// `forecasts(for:units:)`. No coordinates, no request.
    /// - Throws: `OpenMeteoError` from the first batch that fails; nothing partial is returned.
    public func airQuality(for coordinates: [Coordinate]) async throws(OpenMeteoError)
        -> [AirQualityForecast]
    {
        var forecasts: [AirQualityForecast] = []
        forecasts.reserveCapacity(coordinates.count)
        let batches = AirQualityRequest.batches(
            for: coordinates, apiKey: apiKey, maximumLocations: maximumLocationsPerRequest)
        for request in batches {
            let url = request.url(baseURL: airQualityURL)
            let body = try await fetch(url)
            forecasts += try request.decodeResponse(body, host: hostDescription(of: url))
        }
        return forecasts
    }

    /// Places whose name starts with `name`, in display order (`GeocodingResult.ranked`).
    /// No match is an empty array.
    /// - Throws: `OpenMeteoError`, of kind `.invalidQuery` before sending anything for a name
    ///   shorter than 2 characters, a count outside 1…100 or a malformed country code.
    public func search(name: String, count: Int = 10, countryCode: String? = nil)
        async throws(OpenMeteoError) -> [GeocodingResult]
    {
        let search = GeocodingSearch(
            name: name, count: count, countryCode: countryCode, language: language,
            apiKey: apiKey)
        try search.validate()
        let url = search.url(geocodingURL: geocodingURL)
        let body = try await fetch(url)
        let results = try search.decodeResponse(body, host: hostDescription(of: url))
        return GeocodingResult.ranked(results, for: name)
    }

    /// The place with GeoNames id `id`.
    /// - Throws: `OpenMeteoError`; an unknown id is `.rejected` ("Location ID not found").
    public func place(id: Int) async throws(OpenMeteoError) -> GeocodingResult {
        let lookup = GeocodingLookup(id: id, language: language, apiKey: apiKey)
        let url = lookup.url(geocodingURL: geocodingURL)
        let body = try await fetch(url)
        return try lookup.decodeResponse(body, host: hostDescription(of: url))
    }

    /// The body of a 200 answer to `url`.
    private func fetch(_ url: String) async throws(OpenMeteoError) -> [UInt8] {
        let host = hostDescription(of: url)
        let response: HTTPResponse
        do {
            response = try await transport.get(
                HTTPRequest(
                    url: url, headers: [HTTPHeader(name: "Accept", value: "application/json")]))
        } catch {
            throw OpenMeteoError(.transport(error), host: host)
        }
        return try successfulBody(of: response, host: host)
    }
}
