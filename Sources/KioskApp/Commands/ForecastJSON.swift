import FoundationEssentials
import KioskCore

/// `forecast --json`: one object per location, keys in snake_case, times in ISO 8601 UTC.
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
        var fresh: Bool
        var timezone: String?
        var localTime: String?
        var units: Units?
        var current: Current?
        var days: [Day]

        init(
            name: String, coordinate: Coordinate, entry: ForecastCache.Entry?, now: Date,
            fromCache: Bool
        ) {
            self.name = name
            latitude = coordinate.latitude
            longitude = coordinate.longitude
            self.fromCache = fromCache
            fetchedAt = entry?.fetchedAt
            ageSeconds = entry.map { Int(now.timeIntervalSince($0.fetchedAt)) }
            fresh = entry?.isFresh(at: now) ?? false
            guard let forecast = entry?.forecast else {
                days = []
                return
            }
            timezone = forecast.timezone
            localTime = forecast.localTime(at: now).description
            units = Units(
                temperature: forecast.units.temperature.rawValue,
                wind: forecast.units.wind.rawValue,
                precipitation: forecast.units.precipitation.rawValue, pressure: "hPa")
            current = forecast.current.map { Current($0, units: forecast.units) }
            let today = forecast.today(at: now).map { [$0] } ?? []
            days = (today + forecast.upcomingDays(after: now, count: 3)).map {
                Day($0, units: forecast.units)
            }
        }

        enum CodingKeys: String, CodingKey {
            case name, latitude, longitude, timezone, units, current, days, fresh
            case fetchedAt = "fetched_at"
            case ageSeconds = "age_seconds"
            case fromCache = "from_cache"
            case localTime = "local_time"
        }
    }

    struct Units: Encodable {
        var temperature: String
        var wind: String
        var precipitation: String
        var pressure: String
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

        /// The numbers in the forecast's `units` (pressure in hPa), which `units` names.
        init(_ current: CurrentConditions, units: ForecastUnits) {
            time = current.time
            temperature = current.temperature?.value(in: units.temperature)
            relativeHumidity = current.relativeHumidity
            apparentTemperature = current.apparentTemperature?.value(in: units.temperature)
            isDay = current.isDay
            weatherCode = current.weatherCode?.rawValue
            condition = current.weatherCode?.condition
            windSpeed = current.windSpeed?.value(in: units.wind)
            windDirection = current.windDirection
            seaLevelPressure = current.seaLevelPressure?.hectopascals
        }

        enum CodingKeys: String, CodingKey {
            case time, temperature, condition
            case relativeHumidity = "relative_humidity"
            case apparentTemperature = "apparent_temperature"
            case isDay = "is_day"
            case weatherCode = "weather_code"
            case windSpeed = "wind_speed"
            case windDirection = "wind_direction"
            case seaLevelPressure = "sea_level_pressure"
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

        /// The numbers in the forecast's `units`, which `units` names.
        init(_ day: DailyForecast, units: ForecastUnits) {
            date = day.date.description
            weatherCode = day.weatherCode?.rawValue
            condition = day.weatherCode?.condition
            temperatureMax = day.temperatureMax?.value(in: units.temperature)
            temperatureMin = day.temperatureMin?.value(in: units.temperature)
            precipitationSum = day.precipitationSum
            precipitationProbabilityMax = day.precipitationProbabilityMax
            sunrise = day.sunrise
            sunset = day.sunset
        }

        enum CodingKeys: String, CodingKey {
            case date, condition, sunrise, sunset
            case weatherCode = "weather_code"
            case temperatureMax = "temperature_max"
            case temperatureMin = "temperature_min"
            case precipitationSum = "precipitation_sum"
            case precipitationProbabilityMax = "precipitation_probability_max"
        }
    }
}
