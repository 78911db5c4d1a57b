public import FoundationEssentials

/// The units a forecast was requested (and answered) in. Temperatures, wind speeds and
/// pressures carry their unit in their type; precipitation is a number in `precipitation`.
/// The forecast cache stores the numbers in these units.
public struct ForecastUnits: Sendable, Hashable, Codable {
    /// Unit of every temperature.
    public var temperature: TemperatureUnit
    /// Unit of wind speed.
    public var wind: WindUnit
    /// Unit of precipitation sums.
    public var precipitation: PrecipitationUnit

    /// Creates a set of forecast units; the defaults are Open-Meteo's.
    public init(
        temperature: TemperatureUnit = .celsius, wind: WindUnit = .kmh,
        precipitation: PrecipitationUnit = .millimetre
    ) {
        self.temperature = temperature
        self.wind = wind
        self.precipitation = precipitation
    }

    /// The forecast units that a display configured with `units` asks for.
    public init(_ units: Units) {
        self.init(
            temperature: units.temperature, wind: units.wind, precipitation: units.precipitation)
    }
}

/// Current conditions at one location. Every value may be missing: Open-Meteo sends `null`
/// where a model has no data, and the kiosk shows a dash rather than inventing a number.
public struct CurrentConditions: Sendable, Hashable {
    /// When the values apply.
    public var time: Date
    /// Air temperature at 2 m.
    public var temperature: Temperature?
    /// Relative humidity at 2 m, percent.
    public var relativeHumidity: Double?
    /// Apparent ("feels like") temperature.
    public var apparentTemperature: Temperature?
    /// Whether the sun is up.
    public var isDay: Bool?
    /// WMO weather code.
    public var weatherCode: WeatherCode?
    /// Wind speed at 10 m.
    public var windSpeed: Speed?
    /// Direction the wind comes from, degrees clockwise from north.
    public var windDirection: Double?
    /// Pressure reduced to mean sea level (Open-Meteo's `pressure_msl`): what weather
    /// reports give and what compares between places, not the pressure at the ground.
    public var seaLevelPressure: Pressure?

    /// Creates a set of current conditions.
    public init(
        time: Date, temperature: Temperature? = nil, relativeHumidity: Double? = nil,
        apparentTemperature: Temperature? = nil, isDay: Bool? = nil,
        weatherCode: WeatherCode? = nil, windSpeed: Speed? = nil, windDirection: Double? = nil,
        seaLevelPressure: Pressure? = nil
    ) {
        self.time = time
        self.temperature = temperature
        self.relativeHumidity = relativeHumidity
        self.apparentTemperature = apparentTemperature
        self.isDay = isDay
        self.weatherCode = weatherCode
        self.windSpeed = windSpeed
        self.windDirection = windDirection
        self.seaLevelPressure = seaLevelPressure
    }
}

/// One hour of the hourly forecast.
public struct HourlyForecast: Sendable, Hashable {
    /// Start of the hour.
    public var time: Date
    /// Air temperature at 2 m.
    public var temperature: Temperature?
    /// Probability of precipitation, percent.
    public var precipitationProbability: Double?
    /// WMO weather code.
    public var weatherCode: WeatherCode?
    /// Whether the sun is up.
    public var isDay: Bool?
    /// Precipitation in the hour before `time`, in the forecast's precipitation unit.
    public var precipitation: Double?
    /// Highest gust at 10 m in the hour before `time`.
    public var windGusts: Speed?

    /// Creates an hour of forecast.
    public init(
        time: Date, temperature: Temperature? = nil, precipitationProbability: Double? = nil,
        weatherCode: WeatherCode? = nil, isDay: Bool? = nil, precipitation: Double? = nil,
        windGusts: Speed? = nil
    ) {
        self.time = time
        self.temperature = temperature
        self.precipitationProbability = precipitationProbability
        self.weatherCode = weatherCode
        self.isDay = isDay
        self.precipitation = precipitation
        self.windGusts = windGusts
    }
}

/// One day of the daily forecast, in the location's own calendar.
public struct DailyForecast: Sendable, Hashable {
    /// The local date.
    public var date: LocalDate
    /// The day's most significant WMO weather code.
    public var weatherCode: WeatherCode?
    /// Highest temperature at 2 m.
    public var temperatureMax: Temperature?
    /// Lowest temperature at 2 m.
    public var temperatureMin: Temperature?
    /// Sum of precipitation, in the forecast's precipitation unit.
    public var precipitationSum: Double?
    /// Highest hourly probability of precipitation, percent.
    public var precipitationProbabilityMax: Double?
    /// Sunrise, when the sun rises that day.
    public var sunrise: Date?
    /// Sunset, when the sun sets that day.
    public var sunset: Date?
    /// How long the sun is up that day (Open-Meteo's `daylight_duration`).
    public var daylight: Duration?
    /// The day's highest UV index.
    public var uvIndexMax: UVIndex?

    /// Creates a day of forecast.
    public init(
        date: LocalDate, weatherCode: WeatherCode? = nil, temperatureMax: Temperature? = nil,
        temperatureMin: Temperature? = nil, precipitationSum: Double? = nil,
        precipitationProbabilityMax: Double? = nil, sunrise: Date? = nil, sunset: Date? = nil,
        daylight: Duration? = nil, uvIndexMax: UVIndex? = nil
    ) {
        self.date = date
        self.weatherCode = weatherCode
        self.temperatureMax = temperatureMax
        self.temperatureMin = temperatureMin
        self.precipitationSum = precipitationSum
        self.precipitationProbabilityMax = precipitationProbabilityMax
        self.sunrise = sunrise
        self.sunset = sunset
        self.daylight = daylight
        self.uvIndexMax = uvIndexMax
    }
}

/// The forecast for one location, as Open-Meteo returned it. Encoded with its numbers in
/// `units` (pressure in hPa), as Open-Meteo sent them: the forecast cache's format.
public struct LocationForecast: Sendable, Hashable, Codable {
    /// The grid point the model used (close to, not equal to, the requested coordinate).
    public var coordinate: Coordinate
    /// Elevation the forecast is for, metres.
    public var elevation: Double?
    /// IANA time zone, for example "Europe/Rome".
    public var timezone: String?
    /// Zone abbreviation, for example "CET".
    public var timezoneAbbreviation: String?
    /// The UTC offset valid when the forecast was made, applied to the whole series.
    public var utcOffsetSeconds: Int
    /// The units it was requested in (and the cache stores it in).
    public var units: ForecastUnits
    /// Current conditions, when requested and present.
    public var current: CurrentConditions?
    /// Hourly forecast, oldest first.
    public var hourly: [HourlyForecast]
    /// Daily forecast, oldest first.
    public var daily: [DailyForecast]

    /// Creates a location forecast.
    public init(
        coordinate: Coordinate, elevation: Double? = nil, timezone: String? = nil,
        timezoneAbbreviation: String? = nil, utcOffsetSeconds: Int = 0,
        units: ForecastUnits = ForecastUnits(), current: CurrentConditions? = nil,
        hourly: [HourlyForecast] = [], daily: [DailyForecast] = []
    ) {
        self.coordinate = coordinate
        self.elevation = elevation
        self.timezone = timezone
        self.timezoneAbbreviation = timezoneAbbreviation
        self.utcOffsetSeconds = utcOffsetSeconds
        self.units = units
        self.current = current
        self.hourly = hourly
        self.daily = daily
    }

    /// The location's wall-clock time at `instant`.
    public func localTime(at instant: Date) -> LocalDateTime {
        LocalDateTime(instant, utcOffsetSeconds: utcOffsetSeconds)
    }

    /// The daily entry for the location's own date at `instant` — not index 0, which is
    /// yesterday for a while after local midnight when the data is older than that.
    public func today(at instant: Date) -> DailyForecast? {
        let date = localTime(at: instant).date
        return daily.first { $0.date == date }
    }

    /// Up to `count` days following the location's today at `instant`.
    public func upcomingDays(after instant: Date, count: Int) -> [DailyForecast] {
        let date = localTime(at: instant).date
        return Array(daily.filter { $0.date > date }.prefix(count))
    }

    /// Up to `count` hours starting with the hour that contains `instant`.
    public func upcomingHours(from instant: Date, count: Int) -> [HourlyForecast] {
        let start = instant.addingTimeInterval(-3600)
        return Array(hourly.filter { $0.time > start }.prefix(count))
    }
}
