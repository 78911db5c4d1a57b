import FoundationEssentials
import KioskCore

/// The five demo favourites and how their forecasts are made up.
extension DemoData {
    struct Sample {
        var city: City
        var utcOffsetSeconds: Int
        var zone: String
        /// Mean temperature and day-night swing, °C.
        var mean: Double
        var swing: Double
        /// Weather codes of the four days, today first.
        var dayCodes: [WeatherCode]
        /// Local sunrise and sunset hours.
        var sunrise: Double
        var sunset: Double
        /// The current code, relative humidity and wind.
        var current: WeatherCode
        var humidity: Double
        var wind: Double
        var windDirection: Double
    }

    static let cities: [Sample] = [
        Sample(
            city: City(
                name: "Rome", country: "Italy", admin1: "Lazio",
                coordinate: Coordinate(latitude: 41.89193, longitude: 12.51133),
                timezone: "Europe/Rome", geonameID: 3_169_070),
            utcOffsetSeconds: 3600, zone: "CET", mean: 13, swing: 4.5,
            dayCodes: [2, 61, 3, 1], sunrise: 7.2, sunset: 16.8, current: 2, humidity: 62,
            wind: 11.2, windDirection: 225),
        Sample(
            city: City(
                name: "New York", country: "United States", admin1: "New York",
                coordinate: Coordinate(latitude: 40.71427, longitude: -74.00597),
                timezone: "America/New_York", geonameID: 5_128_581),
            utcOffsetSeconds: -18000, zone: "EST", mean: 6.5, swing: 3.5,
            dayCodes: [61, 3, 71, 2], sunrise: 6.9, sunset: 16.5, current: 61, humidity: 88,
            wind: 19.8, windDirection: 70),
        Sample(
            city: City(
                name: "Tokyo", country: "Japan", admin1: "Tokyo",
                coordinate: Coordinate(latitude: 35.6895, longitude: 139.69171),
                timezone: "Asia/Tokyo", geonameID: 1_850_147),
            utcOffsetSeconds: 32400, zone: "JST", mean: 12, swing: 4,
            dayCodes: [1, 0, 2, 80], sunrise: 6.4, sunset: 16.5, current: 1, humidity: 55,
            wind: 6.1, windDirection: 330),
        Sample(
            city: City(
                name: "Sydney", country: "Australia", admin1: "New South Wales",
                coordinate: Coordinate(latitude: -33.86785, longitude: 151.20732),
                timezone: "Australia/Sydney", geonameID: 2_147_714),
            utcOffsetSeconds: 39600, zone: "AEDT", mean: 21, swing: 4,
            dayCodes: [3, 81, 1, 0], sunrise: 5.7, sunset: 19.8, current: 3, humidity: 74,
            wind: 14.4, windDirection: 160),
        Sample(
            city: City(
                name: "São Paulo", country: "Brazil", admin1: "São Paulo",
                coordinate: Coordinate(latitude: -23.5475, longitude: -46.63611),
                timezone: "America/Sao_Paulo", geonameID: 3_448_439),
            utcOffsetSeconds: -10800, zone: "BRT", mean: 24, swing: 5,
            dayCodes: [95, 80, 2, 96], sunrise: 5.3, sunset: 18.6, current: 95, humidity: 79,
            wind: 9.4, windDirection: 300),
    ]

    /// A clear day's highest UV index in late November: highest where the noon Sun is
    /// overhead (about 20° S), a little lower each following day.
    static func uvIndex(_ sample: Sample, day: Int) -> UVIndex {
        let distance = (sample.city.coordinate.latitude + 20) * .pi / 180
        let factor = cosine(distance)
        return UVIndex(
            max(0, ((12.5 * factor * factor * factor - 0.4 * Double(day)) * 10).rounded() / 10))
    }

    /// Four days of hourly forecast and seven of daily from the city's local midnight (the
    /// dashboard shows 7 days; the days after the fourth repeat its weather codes).
    static func forecast(_ sample: Sample) -> LocationForecast {
        let offset = sample.utcOffsetSeconds
        let today = LocalDateTime(now, utcOffsetSeconds: offset).date
        let midnight = LocalDateTime(date: today, hour: 0, minute: 0).instant(
            utcOffsetSeconds: offset)
        let seed = Double(sample.city.name.unicodeScalars.reduce(0) { $0 + Int($1.value) } % 17)
        var hourly: [HourlyForecast] = []
        for hour in 0..<(7 * 24) {
            let day = hour / 24
            let localHour = Double(hour % 24)
            let code = sample.dayCodes[day % sample.dayCodes.count]
            let temperature =
                sample.mean + 2.5 * sine(Double(hour) / 24 * 1.9 + seed)
                + sample.swing * cosine((localHour - 15) / 24 * 2 * .pi)
                + 0.6 * sine(Double(hour) * 0.7 + seed)
            let wet = [51, 53, 55, 56, 57, 61, 63, 65, 66, 67, 71, 73, 75, 80, 81, 82, 95, 96, 99]
                .contains(code.rawValue)
            let base = wet ? 45.0 : 5.0
            let chance = max(
                0,
                min(100, base + 35 * sine((localHour + seed) / 24 * 2 * .pi * 2) + Double(day) * 3))
            let isDay = localHour >= sample.sunrise && localHour < sample.sunset
            hourly.append(
                HourlyForecast(
                    time: midnight.addingTimeInterval(Double(hour) * 3600),
                    temperature: Temperature(celsius: (temperature * 10).rounded() / 10),
                    precipitationProbability: (chance / 5).rounded() * 5, weatherCode: code,
                    isDay: isDay))
        }
        var daily: [DailyForecast] = []
        for day in 0..<7 {
            let hours = hourly[(day * 24)..<(day * 24 + 24)]
            let temperatures = hours.compactMap(\.temperature)
            let chances = hours.compactMap(\.precipitationProbability)
            let date = today.adding(days: day)
            let dayStart = midnight.addingTimeInterval(Double(day) * 86400)
            daily.append(
                DailyForecast(
                    date: date, weatherCode: sample.dayCodes[day % sample.dayCodes.count],
                    temperatureMax: temperatures.max(), temperatureMin: temperatures.min(),
                    precipitationSum: (chances.max() ?? 0) > 40 ? 4.2 : 0,
                    precipitationProbabilityMax: chances.max(),
                    sunrise: dayStart.addingTimeInterval(sample.sunrise * 3600),
                    sunset: dayStart.addingTimeInterval(sample.sunset * 3600),
                    uvIndexMax: uvIndex(sample, day: day)))
        }
        let hourIndex = Int(now.timeIntervalSince(midnight) / 3600)
        let currentHour = hourly[min(max(0, hourIndex), hourly.count - 1)]
        let localHour = LocalDateTime(now, utcOffsetSeconds: offset)
        let hourOfDay = Double(localHour.hour) + Double(localHour.minute) / 60
        let temperature = currentHour.temperature?.celsius ?? sample.mean
        let current = CurrentConditions(
            time: now, temperature: Temperature(celsius: temperature),
            relativeHumidity: sample.humidity,
            apparentTemperature: Temperature(
                celsius: ((temperature - sample.wind / 12) * 10).rounded() / 10),
            isDay: hourOfDay >= sample.sunrise && hourOfDay < sample.sunset,
            weatherCode: sample.current, windSpeed: Speed(sample.wind, .kmh),
            windDirection: sample.windDirection, seaLevelPressure: Pressure(hectopascals: 1012.4))
        return LocationForecast(
            coordinate: sample.city.coordinate, elevation: 30, timezone: sample.city.timezone,
            timezoneAbbreviation: sample.zone, utcOffsetSeconds: offset,
            units: ForecastUnits(), current: current, hourly: Array(hourly.prefix(96)),
            daily: daily)
    }
}
