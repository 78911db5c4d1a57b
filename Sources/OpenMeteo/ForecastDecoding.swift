import FoundationEssentials
public import KioskCore

extension ForecastRequest {
    /// Decodes the body Open-Meteo answered this request with: one forecast per coordinate,
    /// in request order. A single object or an array are both accepted; `null` anywhere is a
    /// missing value; times may be unix seconds or local ISO text (read with the location's
    /// `utc_offset_seconds`). Units come from the response's `*_units` where they are
    /// recognisable, otherwise from the request.
    /// - Parameter host: names the server in error messages.
    /// - Throws: `OpenMeteoError` `.rejected` for an `"error": true` body,
    ///   `.malformedResponse` for anything that is not a forecast for every coordinate.
    public func decodeResponse(_ body: [UInt8], host: String) throws(OpenMeteoError)
        -> [LocationForecast]
    {
        let locations = try decodeLocationObjects(
            LocationBody.self, from: body, expected: coordinates.count, host: host)
        var forecasts: [LocationForecast] = []
        forecasts.reserveCapacity(locations.count)
        for (index, location) in locations.enumerated() {
            let reader = LocationReader(body: location, index: index, host: host)
            forecasts.append(try reader.forecast(requested: coordinates[index], units: units))
        }
        return forecasts
    }
}

/// Turns one location's body into a `LocationForecast`.
private struct LocationReader {
    let body: LocationBody
    let times: TimeReader
    var utcOffsetSeconds: Int { times.utcOffsetSeconds }

    init(body: LocationBody, index: Int, host: String) {
        self.body = body
        self.times = TimeReader(utcOffset: body.utcOffsetSeconds, index: index, host: host)
    }

    private func instant(_ value: TimeValue?, field: String) throws(OpenMeteoError) -> Date? {
        try times.instant(value, field: field)
    }

    /// The forecast, every number given the unit the response (or else the request) states:
    /// this is where a number becomes a temperature, a speed or a pressure.
    func forecast(requested: Coordinate, units: ForecastUnits) throws(OpenMeteoError)
        -> LocationForecast
    {
        let units = reportedUnits(default: units)
        return LocationForecast(
            coordinate: Coordinate(
                latitude: body.latitude ?? requested.latitude,
                longitude: body.longitude ?? requested.longitude),
            elevation: body.elevation, timezone: body.timezone,
            timezoneAbbreviation: body.timezoneAbbreviation, utcOffsetSeconds: utcOffsetSeconds,
            units: units, current: try current(units),
            hourly: try hourly(units), daily: try daily(units))
    }

    private func current(_ units: ForecastUnits) throws(OpenMeteoError) -> CurrentConditions? {
        let temperature = { (value: Double?) in value.map { Temperature($0, units.temperature) } }
        let speed = { (value: Double?) in value.map { Speed($0, units.wind) } }
        if let current = body.current {
            guard let time = try instant(current.time, field: "current.time") else { return nil }
            return CurrentConditions(
                time: time, temperature: temperature(current.temperature),
                relativeHumidity: current.relativeHumidity,
                apparentTemperature: temperature(current.apparentTemperature),
                isDay: flag(current.isDay), weatherCode: code(current.weatherCode),
                windSpeed: speed(current.windSpeed), windDirection: current.windDirection,
                // Open-Meteo gives pressures in hPa whatever the request says.
                seaLevelPressure: current.seaLevelPressure.map { Pressure(hectopascals: $0) })
        }
        if let legacy = body.currentWeather {
            guard let time = try instant(legacy.time, field: "current_weather.time") else {
                return nil
            }
            return CurrentConditions(
                time: time, temperature: temperature(legacy.temperature),
                isDay: flag(legacy.isDay), weatherCode: code(legacy.weatherCode),
                windSpeed: speed(legacy.windSpeed), windDirection: legacy.windDirection)
        }
        return nil
    }

    private func hourly(_ units: ForecastUnits) throws(OpenMeteoError) -> [HourlyForecast] {
        guard let block = body.hourly, let times = block.time else { return [] }
        var hours: [HourlyForecast] = []
        hours.reserveCapacity(times.count)
        for (row, value) in times.enumerated() {
            // A row without a time cannot be placed on the plot; its values are dropped.
            guard let time = try instant(value, field: "hourly.time[\(row)]") else { continue }
            hours.append(
                HourlyForecast(
                    time: time,
                    temperature: (block.temperature?[ifPresent: row] ?? nil).map {
                        Temperature($0, units.temperature)
                    },
                    precipitationProbability: block.precipitationProbability?[ifPresent: row]
                        ?? nil,
                    weatherCode: code(block.weatherCode?[ifPresent: row] ?? nil),
                    isDay: flag(block.isDay?[ifPresent: row] ?? nil),
                    precipitation: block.precipitation?[ifPresent: row] ?? nil,
                    windGusts: (block.windGusts?[ifPresent: row] ?? nil).map {
                        Speed($0, units.wind)
                    }))
        }
        return hours
    }

    private func daily(_ units: ForecastUnits) throws(OpenMeteoError) -> [DailyForecast] {
        let temperature = { (value: Double?) in value.map { Temperature($0, units.temperature) } }
        guard let block = body.daily, let times = block.time else { return [] }
        var days: [DailyForecast] = []
        days.reserveCapacity(times.count)
        for (row, value) in times.enumerated() {
            guard let date = try localDate(value, field: "daily.time[\(row)]") else { continue }
            days.append(
                DailyForecast(
                    date: date, weatherCode: code(block.weatherCode?[ifPresent: row] ?? nil),
                    temperatureMax: temperature(block.temperatureMax?[ifPresent: row] ?? nil),
                    temperatureMin: temperature(block.temperatureMin?[ifPresent: row] ?? nil),
                    precipitationSum: block.precipitationSum?[ifPresent: row] ?? nil,
                    precipitationProbabilityMax: block.precipitationProbabilityMax?[
                        ifPresent: row] ?? nil,
                    sunrise: try instant(
                        block.sunrise?[ifPresent: row] ?? nil, field: "daily.sunrise[\(row)]"),
                    sunset: try instant(
                        block.sunset?[ifPresent: row] ?? nil, field: "daily.sunset[\(row)]"),
                    daylight: seconds(block.daylightDuration?[ifPresent: row] ?? nil),
                    uvIndexMax: uvIndex(block.uvIndexMax?[ifPresent: row] ?? nil)))
        }
        return days
    }

    /// The location's calendar date a daily time value names; nil for a missing one.
    private func localDate(_ value: TimeValue?, field: String) throws(OpenMeteoError)
        -> LocalDate?
    {
        switch value {
        case nil:
            return nil
        case .unixSeconds(let seconds):
            guard seconds.isFinite else { throw times.unreadable(field) }
            return LocalDateTime(
                Date(timeIntervalSince1970: seconds), utcOffsetSeconds: utcOffsetSeconds
            ).date
        case .text(let text):
            if let date = LocalDate(iso8601: text) ?? LocalDateTime(iso8601: text)?.date {
                return date
            }
            throw times.unreadable(field)
        }
    }

    /// The units the `*_units` tables state, falling back to the requested ones.
    private func reportedUnits(default requested: ForecastUnits) -> ForecastUnits {
        var units = requested
        for table in body.unitTables {
            for (variable, symbol) in table {
                guard let symbol else { continue }
                if variable.hasPrefix("temperature") || variable.hasPrefix("apparent_temperature") {
                    units.temperature = temperatureUnit(symbol) ?? units.temperature
                } else if variable.hasPrefix("wind_speed") || variable.hasPrefix("windspeed")
                    || variable.hasPrefix("wind_gusts")
                {
                    units.wind = windUnit(symbol) ?? units.wind
                } else if variable.hasPrefix("precipitation_sum") || variable == "precipitation" {
                    units.precipitation = precipitationUnit(symbol) ?? units.precipitation
                }
            }
        }
        return units
    }
}

/// A length of time given in seconds; nil for a missing or impossible one.
private func seconds(_ value: Double?) -> Duration? {
    guard let value, value >= 0, value <= 86_400 else { return nil }
    return Duration(totalSeconds: value)
}

/// A UV index; nil for a missing or negative one.
private func uvIndex(_ value: Double?) -> UVIndex? {
    guard let value, value.isFinite, value >= 0 else { return nil }
    return UVIndex(value)
}

private func flag(_ value: Double?) -> Bool? {
    value.map { $0 != 0 }
}

private func code(_ value: Double?) -> WeatherCode? {
    guard let value, value.isFinite, value.magnitude < 1_000_000 else { return nil }
    return WeatherCode(rawValue: Int(value.rounded()))
}

private func temperatureUnit(_ symbol: String) -> TemperatureUnit? {
    switch symbol {
    case "°C": .celsius
    case "°F": .fahrenheit
    default: nil
    }
}

private func windUnit(_ symbol: String) -> WindUnit? {
    switch symbol {
    case "km/h": .kmh
    case "m/s": .ms
    case "mp/h", "mph": .mph
    case "kn", "knots": .kn
    default: nil
    }
}

private func precipitationUnit(_ symbol: String) -> PrecipitationUnit? {
    switch symbol {
    case "mm": .millimetre
    case "inch", "in": .inch
    default: nil
    }
}

/// The first byte that is not JSON whitespace.
func firstSignificantByte(of body: [UInt8]) -> UInt8? {
    JSONBody.firstSignificantByte(of: body)
}
