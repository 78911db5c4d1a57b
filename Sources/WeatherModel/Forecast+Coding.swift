import FoundationEssentials

/// The forecast cache's format: the forecast's numbers in its own `units`, pressure in hPa,
/// exactly as Open-Meteo sent them and as every release wrote them.
extension LocationForecast {
    private enum CodingKeys: String, CodingKey {
        case coordinate, elevation, timezone, timezoneAbbreviation, utcOffsetSeconds, units
        case current, hourly, daily
    }

    /// Reads a forecast written by `encode(to:)`.
    /// - Throws: `DecodingError` when a field is missing or of the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let units = try container.decode(ForecastUnits.self, forKey: .units)
        self.init(
            coordinate: try container.decode(Coordinate.self, forKey: .coordinate),
            elevation: try container.decodeIfPresent(Double.self, forKey: .elevation),
            timezone: try container.decodeIfPresent(String.self, forKey: .timezone),
            timezoneAbbreviation: try container.decodeIfPresent(
                String.self, forKey: .timezoneAbbreviation),
            utcOffsetSeconds: try container.decode(Int.self, forKey: .utcOffsetSeconds),
            units: units,
            current: try container.decodeIfPresent(StoredCurrent.self, forKey: .current)?
                .conditions(units),
            hourly: try container.decode([StoredHour].self, forKey: .hourly).map {
                $0.hour(units)
            },
            daily: try container.decode([StoredDay].self, forKey: .daily).map { $0.day(units) })
    }

    /// Writes the forecast with its numbers in `units` (pressure in hPa).
    /// - Throws: `EncodingError` from the encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(coordinate, forKey: .coordinate)
        try container.encodeIfPresent(elevation, forKey: .elevation)
        try container.encodeIfPresent(timezone, forKey: .timezone)
        try container.encodeIfPresent(timezoneAbbreviation, forKey: .timezoneAbbreviation)
        try container.encode(utcOffsetSeconds, forKey: .utcOffsetSeconds)
        try container.encode(units, forKey: .units)
        try container.encodeIfPresent(
            current.map { StoredCurrent($0, units) }, forKey: .current)
        try container.encode(hourly.map { StoredHour($0, units) }, forKey: .hourly)
        try container.encode(daily.map { StoredDay($0, units) }, forKey: .daily)
    }
}

/// `CurrentConditions` as stored: plain numbers in the forecast's units.
private struct StoredCurrent: Codable {
    var time: Date
    var temperature: Double?
    var relativeHumidity: Double?
    var apparentTemperature: Double?
    var isDay: Bool?
    var weatherCode: WeatherCode?
    var windSpeed: Double?
    var windDirection: Double?
    /// Sea-level pressure, hPa. Caches before it held `surfacePressure` (the pressure at the
    /// ground), which is not read: it is not a sea-level pressure.
    var seaLevelPressure: Double?

    init(_ current: CurrentConditions, _ units: ForecastUnits) {
        time = current.time
        temperature = current.temperature?.value(in: units.temperature)
        relativeHumidity = current.relativeHumidity
        apparentTemperature = current.apparentTemperature?.value(in: units.temperature)
        isDay = current.isDay
        weatherCode = current.weatherCode
        windSpeed = current.windSpeed?.value(in: units.wind)
        windDirection = current.windDirection
        seaLevelPressure = current.seaLevelPressure?.hectopascals
    }

    func conditions(_ units: ForecastUnits) -> CurrentConditions {
        CurrentConditions(
            time: time, temperature: temperature.map { Temperature($0, units.temperature) },
            relativeHumidity: relativeHumidity,
            apparentTemperature: apparentTemperature.map { Temperature($0, units.temperature) },
            isDay: isDay, weatherCode: weatherCode,
            windSpeed: windSpeed.map { Speed($0, units.wind) }, windDirection: windDirection,
            seaLevelPressure: seaLevelPressure.map { Pressure(hectopascals: $0) })
    }
}

/// `HourlyForecast` as stored.
private struct StoredHour: Codable {
    var time: Date
    var temperature: Double?
    var precipitationProbability: Double?
    var weatherCode: WeatherCode?
    var isDay: Bool?
    /// Absent from caches written before the hourly rain and gusts were asked for.
    var precipitation: Double?
    var windGusts: Double?

    init(_ hour: HourlyForecast, _ units: ForecastUnits) {
        time = hour.time
        temperature = hour.temperature?.value(in: units.temperature)
        precipitationProbability = hour.precipitationProbability
        weatherCode = hour.weatherCode
        isDay = hour.isDay
        precipitation = hour.precipitation
        windGusts = hour.windGusts?.value(in: units.wind)
    }

    func hour(_ units: ForecastUnits) -> HourlyForecast {
        HourlyForecast(
            time: time, temperature: temperature.map { Temperature($0, units.temperature) },
            precipitationProbability: precipitationProbability, weatherCode: weatherCode,
            isDay: isDay, precipitation: precipitation,
            windGusts: windGusts.map { Speed($0, units.wind) })
    }
}

/// `DailyForecast` as stored. Caches written before the day length and the UV index were
/// fetched have neither key: both are optional and such a day reads without them.
private struct StoredDay: Codable {
    var date: LocalDate
    var weatherCode: WeatherCode?
    var temperatureMax: Double?
    var temperatureMin: Double?
    var precipitationSum: Double?
    var precipitationProbabilityMax: Double?
    var sunrise: Date?
    var sunset: Date?
    /// Day length, seconds.
    var daylightSeconds: Double?
    var uvIndexMax: Double?

    init(_ day: DailyForecast, _ units: ForecastUnits) {
        date = day.date
        weatherCode = day.weatherCode
        temperatureMax = day.temperatureMax?.value(in: units.temperature)
        temperatureMin = day.temperatureMin?.value(in: units.temperature)
        precipitationSum = day.precipitationSum
        precipitationProbabilityMax = day.precipitationProbabilityMax
        sunrise = day.sunrise
        sunset = day.sunset
        daylightSeconds = day.daylight?.totalSeconds
        uvIndexMax = day.uvIndexMax?.value
    }

    func day(_ units: ForecastUnits) -> DailyForecast {
        DailyForecast(
            date: date, weatherCode: weatherCode,
            temperatureMax: temperatureMax.map { Temperature($0, units.temperature) },
            temperatureMin: temperatureMin.map { Temperature($0, units.temperature) },
            precipitationSum: precipitationSum,
            precipitationProbabilityMax: precipitationProbabilityMax, sunrise: sunrise,
            sunset: sunset,
            daylight: daylightSeconds.flatMap { Duration(totalSeconds: $0) },
            uvIndexMax: uvIndexMax.map(UVIndex.init))
    }
}
