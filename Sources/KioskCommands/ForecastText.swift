import FoundationEssentials
import KioskCore
import KioskDaemon
import LinuxPlatform

/// The `forecast` verb's terminal text: current conditions, today and the next days, the
/// Sun and the Moon.
enum ForecastText {
    /// A block for one location, in `units` (the config's) whatever units the forecast
    /// was fetched in; its table has `days` rows, today first, as far as the forecast goes.
    static func render(
        name: String, entry: ForecastCache.Entry, now: Date, units: Units, days: Int = 4,
        air: (entry: AirQualityEntry, scale: AQIScale)? = nil
    ) -> String {
        let forecast = entry.forecast
        let local = forecast.localTime(at: now)
        let zone = forecast.timezoneAbbreviation.map { " \($0)" } ?? ""
        var lines = ["\(name) · \(local.clockText(units.clock))\(zone)"]
        if let current = forecast.current {
            let condition = current.weatherCode?.condition ?? "–"
            let feels =
                current.apparentTemperature.map {
                    ", feels like "
                        + WeatherFormat.temperature($0, in: units.temperature, symbol: true)
                } ?? ""
            lines.append(
                "  Now    \(WeatherFormat.temperature(current.temperature, in: units.temperature, symbol: true, digits: 1))"
                    + "  \(condition)\(feels)")
            lines.append(
                "         humidity \(WeatherFormat.percent(current.relativeHumidity))"
                    + " · wind \(WeatherFormat.wind(current.windSpeed, direction: current.windDirection, unit: units.wind))"
                    + " · sea-level pressure \(WeatherFormat.pressure(current.seaLevelPressure, unit: units.pressure))"
            )
        } else {
            lines.append("  Now    no current conditions in this forecast")
        }
        var rows: [[String]] = []
        if let today = forecast.today(at: now) {
            rows.append(dayRow("Today", today, fetchedIn: forecast.units, units))
        }
        for day in forecast.upcomingDays(after: now, count: days - 1) {
            rows.append(
                dayRow(
                    day.date.weekdayAbbreviation + " \(day.date.day)", day,
                    fetchedIn: forecast.units, units))
        }
        if rows.isEmpty {
            lines.append("  no daily forecast for \(local.date) in this forecast")
        } else {
            let table = TextTable.render(rows, rightAligned: [2, 3, 4, 5])
            lines += table.split(separator: "\n").map { "  " + $0 }
        }
        let sky = ForecastSky(entry, now: now)
        lines.append("  " + sunLine(sky, clock: units.clock))
        lines.append("  " + moonLine(sky, clock: units.clock))
        if let air, let line = airLine(air.entry, scale: air.scale) { lines.append("  " + line) }
        let fetched = LocalDateTime(
            entry.fetchedAt, utcOffsetSeconds: KioskClock.localOffset(at: entry.fetchedAt))
        // Open-Meteo's forecast as ever; another provider's is named, with its credit.
        let source =
            entry.provider.attribution.map { " · \(entry.provider.displayName)'s forecast (\($0))" }
            ?? ""
        lines.append(
            "  updated \(fetched.clockText(units.clock)) (\(WeatherFormat.duration(now.timeIntervalSince(entry.fetchedAt))) ago)"
                + source)
        return lines.joined(separator: "\n")
    }

    private static func dayRow(
        _ label: String, _ day: DailyForecast, fetchedIn fetched: ForecastUnits, _ units: Units
    ) -> [String] {
        [
            label,
            day.weatherCode?.condition ?? "–",
            WeatherFormat.temperature(day.temperatureMax, in: units.temperature) + " /",
            WeatherFormat.temperature(day.temperatureMin, in: units.temperature),
            day.precipitationProbabilityMax.map { WeatherFormat.percent($0) } ?? "–",
            WeatherFormat.precipitation(
                day.precipitationSum.map {
                    fetched.precipitation.convert($0, to: units.precipitation)
                }, unit: units.precipitation),
        ]
    }
}
