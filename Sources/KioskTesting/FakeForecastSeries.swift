import FoundationEssentials
import KioskCore

extension FakeOpenMeteo {
    /// Writes the `*_units` tables and the `current`, `hourly` and `daily` blocks of one
    /// location from its weather model, in the requested units and time format.
    struct SeriesWriter {
        let model: WeatherModel
        let units: ForecastUnits
        let timeformat: String
        let nullEvery: Int

        /// `{"time":"iso8601","temperature_2m":"°C",...}`.
        func units(_ variables: [String], interval: Bool) -> String {
            var members: [(key: String, value: String)] = [("time", JSONText.string(timeformat))]
            if interval { members.append(("interval", JSONText.string("seconds"))) }
            for variable in variables {
                members.append((variable, JSONText.string(unitSymbol(of: variable))))
            }
            return JSONText.object(members)
        }

        /// The `current` block for the quarter hour starting at `time`.
        func current(_ variables: [String], at time: Date) -> String {
            let hour = model.hour(at: time)
            var members: [(key: String, value: String)] = [
                ("time", timeText(time)), ("interval", "900"),
            ]
            for (index, variable) in variables.enumerated() {
                let value = isNull(index) ? nil : hourlyValue(variable, hour, at: time)
                members.append((variable, JSONText.number(value, fractionDigits: digits(variable))))
            }
            return JSONText.object(members)
        }

        /// The `hourly` block for the hours starting at `times`.
        func hourly(_ variables: [String], times: [Date]) -> String {
            let hours = times.map { model.hour(at: $0) }
            var members: [(key: String, value: String)] = [
                ("time", JSONText.array(times.map(timeText)))
            ]
            for variable in variables {
                let values = zip(times, hours).enumerated().map { index, pair in
                    JSONText.number(
                        isNull(index) ? nil : hourlyValue(variable, pair.1, at: pair.0),
                        fractionDigits: digits(variable))
                }
                members.append((variable, JSONText.array(values)))
            }
            return JSONText.object(members)
        }

        /// The `daily` block for the local `days`, aggregated from the day's 24 hours.
        func daily(_ variables: [String], days: [LocalDate]) -> String {
            let offset = model.utcOffsetSeconds
            let midnights = days.map {
                LocalDateTime(date: $0, hour: 0, minute: 0).instant(utcOffsetSeconds: offset)
            }
            let dayTimes: [String] = zip(days, midnights).map { day, midnight in
                timeformat == "unixtime"
                    ? String(Int(midnight.timeIntervalSince1970)) : JSONText.string(day.description)
            }
            var members: [(key: String, value: String)] = [("time", JSONText.array(dayTimes))]
            let hoursByDay = midnights.map { midnight in
                (0..<24).map { model.hour(at: midnight.addingTimeInterval(Double($0) * 3600)) }
            }
            for variable in variables {
                let values = days.indices.map { index -> String in
                    if isNull(index) { return "null" }
                    let hours = hoursByDay[index]
                    let sun = model.sun(on: days[index])
                    switch variable {
                    case "sunrise": return timeText(sun.sunrise)
                    case "sunset": return timeText(sun.sunset)
                    case "daylight_duration":
                        return JSONText.number(
                            sun.sunset.timeIntervalSince(sun.sunrise), fractionDigits: 2)
                    case "uv_index_max":
                        let noon = midnights[index].addingTimeInterval(12 * 3600)
                        let samples = (-8...8).map {
                            model.uvIndex(at: noon.addingTimeInterval(Double($0) * 1800))
                        }
                        return JSONText.number(samples.max(), fractionDigits: 2)
                    case "weather_code":
                        return String(hours.map(\.weatherCode).max() ?? 0)
                    case "temperature_2m_max":
                        return number(temperature(hours.map(\.temperature).max()), variable)
                    case "temperature_2m_min":
                        return number(temperature(hours.map(\.temperature).min()), variable)
                    case "precipitation_sum":
                        return number(
                            precipitation(hours.map(\.precipitation).reduce(0, +)), variable)
                    default:  // precipitation_probability_max
                        return number(hours.map(\.precipitationProbability).max(), variable)
                    }
                }
                members.append((variable, JSONText.array(values)))
            }
            return JSONText.object(members)
        }

        private func number(_ value: Double?, _ variable: String) -> String {
            JSONText.number(value, fractionDigits: digits(variable))
        }

        private func isNull(_ index: Int) -> Bool {
            nullEvery > 0 && (index + 1) % nullEvery == 0
        }

        private func timeText(_ time: Date) -> String {
            if timeformat == "unixtime" { return String(Int(time.timeIntervalSince1970)) }
            let local = LocalDateTime(time, utcOffsetSeconds: model.utcOffsetSeconds)
            return JSONText.string(String(local.description.prefix(16)))
        }

        private func hourlyValue(_ variable: String, _ hour: WeatherModel.Hour, at time: Date)
            -> Double
        {
            switch variable {
            case "temperature_2m": return temperature(hour.temperature)
            case "apparent_temperature": return temperature(hour.apparentTemperature)
            case "relative_humidity_2m": return hour.relativeHumidity
            case "weather_code": return Double(hour.weatherCode)
            case "wind_speed_10m": return windSpeed(hour.windSpeed)
            // Gusts half again the mean wind, as over open land.
            case "wind_gusts_10m": return windSpeed(hour.windSpeed * 1.5)
            case "wind_direction_10m": return hour.windDirection
            case "surface_pressure": return hour.surfacePressure
            case "pressure_msl": return hour.seaLevelPressure
            case "precipitation": return precipitation(hour.precipitation)
            case "precipitation_probability": return hour.precipitationProbability
            default:  // is_day
                let date = LocalDateTime(time, utcOffsetSeconds: model.utcOffsetSeconds).date
                let sun = model.sun(on: date)
                return time >= sun.sunrise && time < sun.sunset ? 1 : 0
            }
        }

        private func temperature(_ celsius: Double) -> Double {
            Temperature(celsius: celsius).value(in: units.temperature)
        }

        private func temperature(_ celsius: Double?) -> Double? {
            celsius.map { Temperature(celsius: $0).value(in: units.temperature) }
        }

        private func windSpeed(_ kilometresPerHour: Double) -> Double {
            switch units.wind {
            case .kmh: kilometresPerHour
            case .ms: kilometresPerHour / 3.6
            case .mph: kilometresPerHour / 1.609344
            case .kn: kilometresPerHour / 1.852
            }
        }

        private func precipitation(_ millimetres: Double) -> Double {
            units.precipitation == .inch ? millimetres / 25.4 : millimetres
        }

        private func digits(_ variable: String) -> Int {
            switch variable {
            case "relative_humidity_2m", "weather_code", "wind_direction_10m", "is_day",
                "precipitation_probability", "precipitation_probability_max":
                0
            case "precipitation", "precipitation_sum": units.precipitation == .inch ? 3 : 1
            default: 1
            }
        }

        private func unitSymbol(of variable: String) -> String {
            switch variable {
            case "temperature_2m", "apparent_temperature", "temperature_2m_max",
                "temperature_2m_min":
                units.temperature.symbol
            case "relative_humidity_2m", "precipitation_probability",
                "precipitation_probability_max":
                "%"
            case "weather_code": "wmo code"
            case "wind_speed_10m", "wind_gusts_10m":
                switch units.wind {
                case .kmh: "km/h"
                case .ms: "m/s"
                case .mph: "mp/h"
                case .kn: "kn"
                }
            case "wind_direction_10m": "°"
            case "surface_pressure", "pressure_msl": "hPa"
            case "precipitation", "precipitation_sum": units.precipitation.rawValue
            case "sunrise", "sunset": timeformat
            case "daylight_duration": "s"
            default: ""  // is_day, uv_index_max
            }
        }
    }
}
