public import KioskCore

/// One batched `/v1/air-quality` request to Open-Meteo's Air Quality API: every place in one
/// GET, the indices and pollutants the air page shows now, pollen, and the next hours'
/// indices for the trend. The data are CAMS model runs made twice a day: fetch it hourly at
/// most.
public struct AirQualityRequest: Sendable, Hashable {
    /// Variables of the `current` block: both indices, four pollutants, the UV index and
    /// the six plants' pollen (null outside Europe).
    public static let currentVariables =
        [
            "european_aqi", "us_aqi", "pm2_5", "pm10", "ozone", "nitrogen_dioxide", "uv_index",
        ] + PollenKind.allCases.map { $0.rawValue + "_pollen" }
    /// Variables of the `hourly` block: the two indices, for the trend.
    public static let hourlyVariables = ["european_aqi", "us_aqi"]
    /// Hours of the trend from the current hour on.
    public static let forecastHours = 24
    /// Days the request covers as Open-Meteo counts its cost: the API's default of 5, as
    /// only `forecast_hours` is sent.
    public static let countedDays = 5
    /// The Air Quality API's documented ceiling on locations per request.
    public static let maximumLocationsPerRequest = 100
    /// The shortest sensible time between two fetches: the model runs twice a day.
    public static let minimumRefreshMinutes = 60

    /// The places, in the order the response lists them.
    public var coordinates: [Coordinate]
    /// A commercial API key, sent as `apikey=` when not empty.
    public var apiKey: String

    /// Creates a request for `coordinates`.
    public init(coordinates: [Coordinate], apiKey: String = "") {
        self.coordinates = coordinates
        self.apiKey = apiKey
    }

    /// The requests that fetch `coordinates` with at most `maximumLocations` each, in order.
    public static func batches(
        for coordinates: [Coordinate], apiKey: String = "",
        maximumLocations: Int = maximumLocationsPerRequest
    ) -> [AirQualityRequest] {
        batched(coordinates, maximumLocations).map {
            AirQualityRequest(coordinates: $0, apiKey: apiKey)
        }
    }

    /// The full URL under `baseURL` (`forecast.air_quality_url`, default
    /// "https://air-quality-api.open-meteo.com", trailing slash or not).
    public func url(baseURL: String) -> String {
        var query = QueryBuilder()
        query.appendPlaces(
            coordinates,
            blocks: [("current", Self.currentVariables), ("hourly", Self.hourlyVariables)])
        query.append("forecast_hours", String(Self.forecastHours))
        if !apiKey.isEmpty { query.append("apikey", apiKey) }
        return endpoint(baseURL, "/v1/air-quality") + "?" + query.text
    }

    /// How many variables one place asks for, as Open-Meteo counts them: 15.
    public static var variableCount: Int { currentVariables.count + hourlyVariables.count }
}
