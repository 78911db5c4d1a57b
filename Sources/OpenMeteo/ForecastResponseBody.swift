// The shape of a `/v1/forecast` response body, every field optional: Open-Meteo sends `null`
// where a model has no value, leaves out blocks nobody asked for, and older responses use the
// legacy `current_weather` block. Unknown keys (`generationtime_ms`, `location_id`, other
// variables) are ignored.

/// One location's object.
struct LocationBody: LocationObject {
    var latitude: Double?
    var longitude: Double?
    var elevation: Double?
    var utcOffsetSeconds: Double?
    var timezone: String?
    var timezoneAbbreviation: String?
    var error: Bool?
    var reason: String?
    var current: CurrentBody?
    var currentUnits: [String: String?]?
    var currentWeather: LegacyCurrentBody?
    var currentWeatherUnits: [String: String?]?
    var hourly: HourlyBody?
    var hourlyUnits: [String: String?]?
    var daily: DailyBody?
    var dailyUnits: [String: String?]?

    enum CodingKeys: String, CodingKey {
        case latitude, longitude, elevation, timezone, error, reason, current, hourly, daily
        case utcOffsetSeconds = "utc_offset_seconds"
        case timezoneAbbreviation = "timezone_abbreviation"
        case currentUnits = "current_units"
        case currentWeather = "current_weather"
        case currentWeatherUnits = "current_weather_units"
        case hourlyUnits = "hourly_units"
        case dailyUnits = "daily_units"
    }

    /// Every `*_units` table, for finding the units the numbers are really in.
    var unitTables: [[String: String?]] {
        [currentUnits, currentWeatherUnits, hourlyUnits, dailyUnits].compactMap { $0 }
    }
}

/// The `current` block.
struct CurrentBody: Decodable {
    var time: TimeValue?
    var temperature: Double?
    var relativeHumidity: Double?
    var apparentTemperature: Double?
    var isDay: Double?
    var weatherCode: Double?
    var windSpeed: Double?
    var windDirection: Double?
    var seaLevelPressure: Double?

    enum CodingKeys: String, CodingKey {
        case time
        case temperature = "temperature_2m"
        case relativeHumidity = "relative_humidity_2m"
        case apparentTemperature = "apparent_temperature"
        case isDay = "is_day"
        case weatherCode = "weather_code"
        case windSpeed = "wind_speed_10m"
        case windDirection = "wind_direction_10m"
        case seaLevelPressure = "pressure_msl"
    }
}

/// The legacy `current_weather=true` block, still served and still in the wild.
struct LegacyCurrentBody: Decodable {
    var time: TimeValue?
    var temperature: Double?
    var windSpeed: Double?
    var windDirection: Double?
    var weatherCode: Double?
    var isDay: Double?

    enum CodingKeys: String, CodingKey {
        case time, temperature
        case windSpeed = "windspeed"
        case windDirection = "winddirection"
        case weatherCode = "weathercode"
        case isDay = "is_day"
    }
}

/// The `hourly` block: parallel arrays indexed like `time`.
struct HourlyBody: Decodable {
    var time: [TimeValue?]?
    var temperature: [Double?]?
    var precipitationProbability: [Double?]?
    var weatherCode: [Double?]?
    var isDay: [Double?]?
    var precipitation: [Double?]?
    var windGusts: [Double?]?

    enum CodingKeys: String, CodingKey {
        case time
        case temperature = "temperature_2m"
        case precipitationProbability = "precipitation_probability"
        case weatherCode = "weather_code"
        case isDay = "is_day"
        case precipitation
        case windGusts = "wind_gusts_10m"
    }
}

/// The `daily` block: parallel arrays indexed like `time`.
struct DailyBody: Decodable {
    var time: [TimeValue?]?
    var weatherCode: [Double?]?
    var temperatureMax: [Double?]?
    var temperatureMin: [Double?]?
    var precipitationSum: [Double?]?
    var precipitationProbabilityMax: [Double?]?
    var sunrise: [TimeValue?]?
    var sunset: [TimeValue?]?
    var daylightDuration: [Double?]?
    var uvIndexMax: [Double?]?

    enum CodingKeys: String, CodingKey {
        case time, sunrise, sunset
        case daylightDuration = "daylight_duration"
        case uvIndexMax = "uv_index_max"
        case weatherCode = "weather_code"
        case temperatureMax = "temperature_2m_max"
        case temperatureMin = "temperature_2m_min"
        case precipitationSum = "precipitation_sum"
        case precipitationProbabilityMax = "precipitation_probability_max"
    }
}

/// A time as Open-Meteo writes it: unix seconds (`timeformat=unixtime`) or local ISO 8601
/// text without a zone ("2026-02-06T16:30", "2026-02-06").
enum TimeValue: Decodable, Hashable {
    case unixSeconds(Double)
    case text(String)

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        do {
            self = .unixSeconds(try container.decode(Double.self))
        } catch DecodingError.typeMismatch {
            self = .text(try container.decode(String.self))
        }
    }
}

extension Array {
    /// The element at `index`, or nil past the end: a short value array means missing values.
    subscript(ifPresent index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
