public import KioskCore

/// One batched `/v1/forecast` request: every coordinate in one GET, the variables the pages
/// use, `timezone=auto` and unix times. Rebuilt for every refresh: Open-Meteo applies the UTC
/// offset valid at request time to the whole series, so a cached URL would go stale.
public struct ForecastRequest: Sendable, Hashable {
    /// Variables of the `current` block.
    public static let currentVariables = [
        "temperature_2m", "relative_humidity_2m", "apparent_temperature", "is_day",
        "weather_code", "wind_speed_10m", "wind_direction_10m", "pressure_msl",
    ]
    /// Variables of the `hourly` block.
    public static let hourlyVariables = [
        "temperature_2m", "precipitation_probability", "weather_code", "is_day",
        // The kiosk's own warnings: gusts and heavy rain hour by hour.
        "precipitation", "wind_gusts_10m",
    ]
    /// Variables of the `daily` block.
    public static let dailyVariables = [
        "weather_code", "temperature_2m_max", "temperature_2m_min", "precipitation_sum",
        "precipitation_probability_max", "sunrise", "sunset", "daylight_duration",
        "uv_index_max",
    ]
    /// Days of daily forecast: today and the six days the week's outlook shows. Below 14
    /// days the length costs nothing extra (`apiCallsPerLocation`).
    public static let forecastDays = 7
    /// Hours of hourly forecast from the current hour on, for the temperature plot.
    public static let forecastHours = 48
    /// Open-Meteo's documented ceiling on locations per request; longer lists are split.
    public static let maximumLocationsPerRequest = 100

    /// The locations, in the order the response lists them.
    public var coordinates: [Coordinate]
    /// The units to ask for; only those differing from Open-Meteo's defaults are sent.
    public var units: ForecastUnits
    /// A commercial API key, sent as `apikey=` when not empty.
    public var apiKey: String

    /// Creates a request for `coordinates`.
    public init(
        coordinates: [Coordinate], units: ForecastUnits = ForecastUnits(), apiKey: String = ""
    ) {
        self.coordinates = coordinates
        self.units = units
        self.apiKey = apiKey
    }

    /// The requests that fetch `coordinates` with at most `maximumLocations` each, in order.
    /// No coordinates give no requests.
    public static func batches(
        for coordinates: [Coordinate], units: ForecastUnits, apiKey: String = "",
        maximumLocations: Int = maximumLocationsPerRequest
    ) -> [ForecastRequest] {
        batched(coordinates, maximumLocations).map {
            ForecastRequest(coordinates: $0, units: units, apiKey: apiKey)
        }
    }

    /// The full URL under `baseURL` ("https://api.open-meteo.com", trailing slash or not).
    public func url(baseURL: String) -> String {
        var query = QueryBuilder()
        query.appendPlaces(
            coordinates,
            blocks: [
                ("current", Self.currentVariables), ("hourly", Self.hourlyVariables),
                ("daily", Self.dailyVariables),
            ])
        query.append("forecast_days", String(Self.forecastDays))
        query.append("forecast_hours", String(Self.forecastHours))
        if units.temperature != .celsius {
            query.append("temperature_unit", units.temperature.rawValue)
        }
        if units.wind != .kmh { query.append("wind_speed_unit", units.wind.rawValue) }
        if units.precipitation != .millimetre {
            query.append("precipitation_unit", units.precipitation.rawValue)
        }
        if !apiKey.isEmpty { query.append("apikey", apiKey) }
        return endpoint(baseURL, "/v1/forecast") + "?" + query.text
    }

    /// How many variables one location asks for (current, hourly and daily together), as
    /// Open-Meteo counts them: 23.
    public static var variableCount: Int {
        currentVariables.count + hourlyVariables.count + dailyVariables.count
    }

    /// What one location costs against the rate limits, in API calls:
    /// `max(1, variables/10, variables/10 × days/14)` as Open-Meteo counts it.
    public static func apiCallsPerLocation(variables: Int, days: Int) -> Double {
        APICallBudget.callsPerPlace(variables: variables, days: days)
    }

    /// API calls a day for `locations` fetched every `refreshMinutes`, with this request's
    /// variables and days: the forecast alone (`APICallBudget.airQualityCallsPerDay` is
    /// what the favourites' air quality adds).
    public static func estimatedDailyAPICalls(locations: Int, refreshMinutes: Int) -> Double {
        APICallBudget(places: locations, forecastRefreshMinutes: refreshMinutes).callsPerDay
    }
}
