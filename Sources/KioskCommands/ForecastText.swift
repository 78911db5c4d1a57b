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
        language: Language = .en, air: (entry: AirQualityEntry, scale: AQIScale)? = nil
    ) -> String {
        let forecast = entry.forecast
        let local = forecast.localTime(at: now)
        let zone = forecast.timezoneAbbreviation.map { " \($0)" } ?? ""
        var lines = ["\(name) · \(local.clockText(units.clock, language: language))\(zone)"]
        // TRANSLATORS: forecast's label of the current conditions' lines, in a column as
        // wide as the longest of it and two spaces.
        let nowLabel = language.localized("Now", context: "forecast text")
        let indent = String(repeating: " ", count: max(7, nowLabel.count + 2))
        if let current = forecast.current {
            let condition =
                current.weatherCode?.condition(isDay: current.isDay ?? true, language: language)
                ?? "–"
            let feels =
                current.apparentTemperature.map {
                    ", "
                        + language.localized(
                            "feels like {temperature}", context: "forecast text",
                            [
                                "temperature": WeatherFormat.temperature(
                                    $0, in: units.temperature, symbol: true, language: language)
                            ])
                } ?? ""
            let temperature = WeatherFormat.temperature(
                current.temperature, in: units.temperature, symbol: true, digits: 1,
                language: language)
            lines.append(
                "  \(nowLabel.padded(to: indent.count))\(temperature)  \(condition)\(feels)")
            // Joined with "·" here: the catalogs hold only what an HD44780's ROM can show.
            let details = [
                language.localized(
                    "humidity {humidity}", context: "forecast text",
                    [
                        "humidity": WeatherFormat.percent(
                            current.relativeHumidity, language: language)
                    ]),
                language.localized(
                    "wind {wind}", context: "forecast text",
                    [
                        "wind": WeatherFormat.wind(
                            current.windSpeed, direction: current.windDirection,
                            unit: units.wind, language: language)
                    ]),
                language.localized(
                    "sea-level pressure {pressure}", context: "forecast text",
                    [
                        "pressure": WeatherFormat.pressure(
                            current.seaLevelPressure, unit: units.pressure, language: language)
                    ]),
            ]
            lines.append("  \(indent)" + details.joined(separator: " · "))
        } else {
            lines.append(
                "  \(nowLabel.padded(to: indent.count))"
                    + language.localized(
                        "no current conditions in this forecast", context: "forecast text"))
        }
        var rows: [[String]] = []
        if let today = forecast.today(at: now) {
            rows.append(
                dayRow(language.dayName(.today), today, fetchedIn: forecast.units, units, language))
        }
        for day in forecast.upcomingDays(after: now, count: days - 1) {
            rows.append(
                dayRow(
                    day.date.text(.weekdayAndDay, language: language), day,
                    fetchedIn: forecast.units, units, language))
        }
        if rows.isEmpty {
            lines.append(
                "  "
                    + language.localized(
                        "no daily forecast for {date} in this forecast", context: "forecast text",
                        ["date": local.date.text(.short, language: language)]))
        } else {
            let table = TextTable.render(rows, rightAligned: [2, 3, 4, 5])
            lines += table.split(separator: "\n").map { "  " + $0 }
        }
        let sky = ForecastSky(entry, now: now)
        lines.append("  " + sunLine(sky, clock: units.clock, language: language))
        lines.append("  " + moonLine(sky, clock: units.clock, language: language))
        if let air, let line = airLine(air.entry, scale: air.scale, language: language) {
            lines.append("  " + line)
        }
        let fetched = LocalDateTime(
            entry.fetchedAt, utcOffsetSeconds: KioskClock.localOffset(at: entry.fetchedAt))
        // Open-Meteo's forecast as ever; another provider's is named, with its credit.
        let source =
            entry.provider.attribution.map {
                " · "
                    + language.localized(
                        "{provider}'s forecast ({credit})", context: "forecast text",
                        ["provider": entry.provider.displayName, "credit": $0])
            }
            ?? ""
        let age = WeatherFormat.duration(
            now.timeIntervalSince(entry.fetchedAt), language: language)
        lines.append(
            "  "
                + language.localized(
                    "updated {time} ({age} ago)", context: "forecast text",
                    ["time": fetched.clockText(units.clock, language: language), "age": age])
                + source)
        return lines.joined(separator: "\n")
    }

    private static func dayRow(
        _ label: String, _ day: DailyForecast, fetchedIn fetched: ForecastUnits, _ units: Units,
        _ language: Language
    ) -> [String] {
        [
            label,
            day.weatherCode?.condition(isDay: true, language: language) ?? "–",
            WeatherFormat.temperature(
                day.temperatureMax, in: units.temperature, language: language) + " /",
            WeatherFormat.temperature(
                day.temperatureMin, in: units.temperature, language: language),
            day.precipitationProbabilityMax.map { WeatherFormat.percent($0, language: language) }
                ?? "–",
            WeatherFormat.precipitation(
                day.precipitationSum.map {
                    fetched.precipitation.convert($0, to: units.precipitation)
                }, unit: units.precipitation, language: language),
        ]
    }
}

extension String {
    /// The text followed by spaces up to `width` characters (never cut).
    func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
