/// What the kiosk's requests cost a day against Open-Meteo's free tier, counted as
/// Open-Meteo counts them: each place of a request costs
/// `max(1, variables/10, variables/10 × days/14)` calls (the variables of every block
/// together; below 14 days the length costs nothing), batching places into one request
/// saves nothing, and the forecast and the air quality are counted alike.
public struct APICallBudget: Sendable, Hashable {
    /// The free tier's calls a day per address.
    public static let freeCallsPerDay = 10_000

    /// Places fetched: favourites and the station.
    public var places: Int
    /// Minutes between forecast fetches (`forecast.refresh_minutes`).
    public var forecastRefreshMinutes: Int
    /// Minutes between air-quality fetches: at least an hour (the data changes twice a
    /// day); nil when the air quality is not counted.
    public var airQualityRefreshMinutes: Int?

    /// The budget of `places` fetched every `forecastRefreshMinutes`, and the air quality
    /// every `airQualityRefreshMinutes` (0: the forecast's interval, but not more often than
    /// hourly, as the running kiosk asks it). The default, nil, counts the forecast alone;
    /// `doctor` passes 0 for the favourites, whose air quality the kiosk fetches.
    public init(places: Int, forecastRefreshMinutes: Int, airQualityRefreshMinutes: Int? = nil) {
        self.places = max(0, places)
        self.forecastRefreshMinutes = max(1, forecastRefreshMinutes)
        self.airQualityRefreshMinutes = airQualityRefreshMinutes.map {
            max(AirQualityRequest.minimumRefreshMinutes, $0 == 0 ? forecastRefreshMinutes : $0)
        }
    }

    /// Calls one place costs in a request of `variables` variables over `days` days.
    public static func callsPerPlace(variables: Int, days: Int) -> Double {
        let weight = Double(variables) / 10
        return max(1, weight, weight * Double(days) / 14)
    }

    /// Calls one place costs in a forecast request: 2.3 (23 variables, 7 days).
    public static var forecastCallsPerPlace: Double {
        callsPerPlace(
            variables: ForecastRequest.variableCount, days: ForecastRequest.forecastDays)
    }

    /// Calls one place costs in an air-quality request: 1.5 (15 variables, 5 days).
    public static var airQualityCallsPerPlace: Double {
        callsPerPlace(
            variables: AirQualityRequest.variableCount, days: AirQualityRequest.countedDays)
    }

    /// Forecast calls a day.
    public var forecastCallsPerDay: Double {
        Double(places) * Self.forecastCallsPerPlace * 1440 / Double(forecastRefreshMinutes)
    }

    /// Air-quality calls a day; 0 when it is not fetched.
    public var airQualityCallsPerDay: Double {
        guard let minutes = airQualityRefreshMinutes else { return 0 }
        return Double(places) * Self.airQualityCallsPerPlace * 1440 / Double(minutes)
    }

    /// All calls a day.
    public var callsPerDay: Double { forecastCallsPerDay + airQualityCallsPerDay }

    /// Whether the day's calls stay within the free tier.
    public var fitsFreeTier: Bool { callsPerDay <= Double(Self.freeCallsPerDay) }
}
