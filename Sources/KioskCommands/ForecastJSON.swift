import FoundationEssentials
import KioskCore
import KioskDaemon

/// `forecast --json`: one object per location, keys in snake_case with the unit in the name
/// (°C, km/h, Pa, mm, %, degrees, whatever `[units]` says), times in ISO 8601 UTC. `days` is
/// today and the next 3 (as the text shows), `daily` every day from today on that the
/// forecast holds (7); `sun` and `moon` are computed for the place's today.
struct ForecastJSON: Encodable {
    var locations: [Location]
    /// The fetch failure, when the data shown came from the cache because of it.
    var error: String?

    struct Location: Encodable {
        var name: String
        var latitude: Double
        var longitude: Double
        var fetchedAt: Date?
        var ageSeconds: Int?
        var fromCache: Bool
        /// The service the forecast came from (`open-meteo`, `met-norway`); absent without
        /// one. The verb fetches from Open-Meteo; the cache may hold MET Norway's.
        var provider: ForecastProviderID?
        /// The credit the provider's licence asks for ("Data from MET Norway").
        var attribution: String?
        var fresh: Bool
        var timezone: String?
        var localTime: String?
        var current: Current?
        var days: [Day]
        var daily: [Day]
        var sun: Sun?
        var moon: Moon?
        /// The air now (`ForecastJSON+Air.swift`); absent without an air-quality answer.
        var air: Air?

        init(
            name: String, coordinate: Coordinate, entry: ForecastCache.Entry?, now: Date,
            fromCache: Bool
        ) {
            self.name = name
            latitude = coordinate.latitude
            longitude = coordinate.longitude
            self.fromCache = fromCache
            fetchedAt = entry?.fetchedAt
            provider = entry?.provider
            attribution = entry?.provider.attribution
            ageSeconds = entry.map { Int(now.timeIntervalSince($0.fetchedAt)) }
            fresh = entry?.isFresh(at: now) ?? false
            guard let entry else {
                days = []
                daily = []
                return
            }
            let forecast = entry.forecast
            timezone = forecast.timezone
            localTime = forecast.localTime(at: now).description
            current = forecast.current.map(Current.init)
            let today = forecast.today(at: now).map { [$0] } ?? []
            days = (today + forecast.upcomingDays(after: now, count: 3)).map {
                Day($0, precipitation: forecast.units.precipitation)
            }
            let date = forecast.localTime(at: now).date
            daily = forecast.daily.filter { $0.date >= date }.map {
                Day($0, precipitation: forecast.units.precipitation)
            }
            let sky = ForecastSky(entry, now: now)
            sun = Sun(sky.sun)
            moon = Moon(phase: sky.moonPhase, passage: sky.moon)
        }

        enum CodingKeys: String, CodingKey {
            case name, latitude, longitude, timezone, current, days, daily, sun, moon, fresh
            case air
            case provider, attribution
            case fetchedAt = "fetched_at"
            case ageSeconds = "age_seconds"
            case fromCache = "from_cache"
            case localTime = "local_time"
        }
    }

    struct Current: Encodable {
        var time: Date
        var temperature: Double?
        var relativeHumidity: Double?
        var apparentTemperature: Double?
        var isDay: Bool?
        var weatherCode: Int?
        var condition: String?
        var windSpeed: Double?
        var windDirection: Double?
        var seaLevelPressure: Double?

        /// The numbers in the units their keys name, whatever units they were fetched in.
        init(_ current: CurrentConditions) {
            time = current.time
            temperature = current.temperature?.celsius
            relativeHumidity = current.relativeHumidity
            apparentTemperature = current.apparentTemperature?.celsius
            isDay = current.isDay
            weatherCode = current.weatherCode?.rawValue
            condition = current.weatherCode?.condition
            windSpeed = current.windSpeed?.value(in: .kmh)
            windDirection = current.windDirection
            seaLevelPressure = current.seaLevelPressure?.pascals
        }

        enum CodingKeys: String, CodingKey {
            case time, condition
            case temperature = "temperature_c"
            case relativeHumidity = "relative_humidity_percent"
            case apparentTemperature = "apparent_temperature_c"
            case isDay = "is_day"
            case weatherCode = "weather_code"
            case windSpeed = "wind_speed_kmh"
            case windDirection = "wind_direction_degrees"
            case seaLevelPressure = "sea_level_pressure_pa"
        }
    }

    struct Day: Encodable {
        var date: String
        var weatherCode: Int?
        var condition: String?
        var temperatureMax: Double?
        var temperatureMin: Double?
        var precipitationSum: Double?
        var precipitationProbabilityMax: Double?
        var sunrise: Date?
        var sunset: Date?
        var daylight: Double?
        var uvIndexMax: Double?

        /// The numbers in the units their keys name; the precipitation from the unit it
        /// was fetched in.
        init(_ day: DailyForecast, precipitation: PrecipitationUnit) {
            date = day.date.description
            weatherCode = day.weatherCode?.rawValue
            condition = day.weatherCode?.condition
            temperatureMax = day.temperatureMax?.celsius
            temperatureMin = day.temperatureMin?.celsius
            precipitationSum = day.precipitationSum.map {
                precipitation.convert($0, to: .millimetre)
            }
            precipitationProbabilityMax = day.precipitationProbabilityMax
            sunrise = day.sunrise
            sunset = day.sunset
            daylight = day.daylight?.totalSeconds
            uvIndexMax = day.uvIndexMax?.value
        }

        enum CodingKeys: String, CodingKey {
            case date, condition, sunrise, sunset
            case weatherCode = "weather_code"
            case temperatureMax = "temperature_max_c"
            case temperatureMin = "temperature_min_c"
            case precipitationSum = "precipitation_sum_mm"
            case precipitationProbabilityMax = "precipitation_probability_max_percent"
            case daylight = "daylight_seconds"
            case uvIndexMax = "uv_index_max"
        }
    }
}
