import FoundationEssentials
import KioskCore

/// The dashboard: everything about one favourite on one screen, for a panel that shows one
/// picture for a quarter of an hour or more (e-paper) or a big screen that does not cycle.
/// The weather now with feels-like and today's high and low, tiles for wind, humidity,
/// sunrise, sunset, air quality, UV, indoor and sea-level pressure, the next 24 hours as
/// the hourly page's curve with its precipitation bars, and 7 days. Small screens keep
/// what matters most: the tiles that do not fit are left out (`DashboardTile.all` is in
/// order of importance), then the curve, then the last days.
extension PageContext {
    func drawDashboardPage() {
        guard let weather = model.city else { return drawEmptyPage() }
        guard let forecast = weather.forecast else {
            return drawNoForecastPage(weather, subtitle: weather.city.country)
        }
        let hours = forecast.upcomingHours(from: model.now, count: 24)
        // The curve needs room for its labels above and below: on small screens the days
        // take its place.
        let showsCurve = !metrics.isCompact && hours.count >= 2
        var tiles = dashboardTiles(weather, forecast: forecast)
        // The air-quality tile owes CAMS its credit: with the credit's row in the footer,
        // the tile shows when it still fits, and is left out when it does not.
        let airCredit = credit(for: [weather], airQuality: true)
        var showsAir = false
        if let air = tiles.firstIndex(where: \.isAirQuality) {
            let area = dashboardTileArea(
                frameContent(updated: weather.fetchedAt, credit: airCredit),
                showsCurve: showsCurve)
            showsAir = air < shownTileCount(tiles.count, in: area)
            if !showsAir { tiles.remove(at: air) }
        }
        let content = drawFrame(
            title: weather.displayName, subtitle: countryLine(weather),
            clock: cityClock(forecast), updated: weather.fetchedAt,
            credit: showsAir ? airCredit : credit(for: [weather]))
        let today = forecast.localTime(at: model.now).date
        let days = Array(forecast.daily.filter { $0.date >= today }.prefix(7))
        let gap = metrics.gap
        drawTiles(tiles, in: dashboardTileArea(content, showsCurve: showsCurve))
        if metrics.isPortrait {
            let (nowArea, belowNow) = content.sliceTop(content.height * 0.19)
            let tileShare = showsCurve ? 0.3 : 0.45
            let belowTiles = belowNow.sliceTop(belowNow.height * tileShare).1
            drawNow(forecast, in: nowArea)
            var daysArea = belowTiles.sliceTop(gap * 2).1
            separator(y: belowTiles.minY + gap, from: content.minX, to: content.maxX)
            if showsCurve {
                let (chartArea, rest) = daysArea.sliceTop(daysArea.height * 0.42)
                drawHourlyChart(hours, forecast: forecast, in: chartArea, icons: false)
                separator(y: rest.minY + gap, from: content.minX, to: content.maxX)
                daysArea = rest.sliceTop(gap * 2).1
            }
            drawDayRows(days, today: today, in: daysArea)
        } else {
            let (top, bottom) = content.sliceTop(content.height * 0.42)
            drawNow(forecast, in: top.sliceLeft(top.width * (metrics.isCompact ? 0.46 : 0.34)).0)
            let lower = bottom.sliceTop(gap * 2).1
            separator(y: bottom.minY + gap, from: content.minX, to: content.maxX)
            if showsCurve {
                let (chartArea, daysArea) = lower.sliceLeft(lower.width * 0.54)
                drawHourlyChart(hours, forecast: forecast, in: chartArea, icons: false)
                drawDayRows(days, today: today, in: daysArea.sliceLeft(gap * 3).1)
            } else {
                drawDayRows(days, today: today, in: lower)
            }
        }
    }

    /// Where the dashboard's tiles go in its `content`: below the weather now on a portrait
    /// screen, right of it on a landscape one.
    private func dashboardTileArea(_ content: Rect, showsCurve: Bool) -> Rect {
        let gap = metrics.gap
        if metrics.isPortrait {
            let belowNow = content.sliceTop(content.height * 0.19).1
            let tileShare = showsCurve ? 0.3 : 0.45
            return belowNow.sliceTop(belowNow.height * tileShare).0.sliceTop(gap).1
        }
        let top = content.sliceTop(content.height * 0.42).0
        return top.sliceLeft(top.width * (metrics.isCompact ? 0.46 : 0.34)).1.sliceLeft(gap * 2)
            .1
    }

    /// The weather now: the icon and the temperature large, the condition below, then
    /// "Feels 3°" and today's high and low.
    private func drawNow(_ forecast: LocationForecast, in area: Rect) {
        let current = forecast.current
        let today = forecast.today(at: model.now)
        let lineHeight = metrics.font(.heading) / Canvas.heightFactor * 1.1
        let (lines, upper) = area.sliceBottom(min(area.height * 0.42, lineHeight * 2))
        let (conditionRow, detailRow) = lines.sliceTop(lines.height / 2)
        let iconSide = min(upper.height, upper.width * 0.42)
        let (iconArea, heroArea) = upper.sliceLeft(iconSide)
        drawIcon(
            current?.weatherCode?.icon ?? .unknown, isDay: current?.isDay ?? true,
            in: iconArea.centeredSquare.inset(iconSide * 0.04))
        let temperature = values.temperature(current?.temperature)
        canvas.drawText(
            temperature, in: heroArea.sliceLeft(metrics.gap).1, style: .bold,
            size: metrics.length(96),
            color: temperature == "–" ? palette.secondary : palette.primary, alignment: .center)
        canvas.drawText(
            condition(current?.weatherCode, isDay: current?.isDay ?? true), in: conditionRow,
            style: .regular,
            size: metrics.font(.heading), color: palette.secondary,
            alignment: metrics.isPortrait ? .center : .left)
        // TRANSLATORS: the dashboard's line under the weather now: "Feels 3°   High 7°
        // Low 1°". Short words: the three share one line beside the temperatures.
        let feels = language.localized("Feels", context: "dashboard: feels-like temperature")
        let high = language.localized("High", context: "dashboard: today's highest temperature")
        let low = language.localized("Low", context: "dashboard: today's lowest temperature")
        let runs = [
            TextRun(text: feels + " ", color: palette.secondary),
            TextRun(
                text: values.temperature(current?.apparentTemperature), color: palette.primary,
                style: .bold),
            TextRun(text: "   " + high + " ", color: palette.secondary),
            TextRun(
                text: values.temperature(today?.temperatureMax), color: palette.warm,
                style: .bold),
            TextRun(text: "  " + low + " ", color: palette.secondary),
            TextRun(
                text: values.temperature(today?.temperatureMin), color: palette.cool,
                style: .bold),
        ]
        canvas.drawRuns(
            runs, in: detailRow, size: metrics.font(.body),
            alignment: metrics.isPortrait ? .center : .left)
    }

    /// The days one per row: the day's name, its icon, high / low and the chance of
    /// precipitation; as many as fit (7 from 800×480 up).
    private func drawDayRows(_ days: [DailyForecast], today: LocalDate, in area: Rect) {
        guard !days.isEmpty else {
            canvas.drawText(
                language.localized("No daily forecast"), in: area.sliceTop(area.height * 0.4).0,
                style: .regular,
                size: metrics.font(.body), color: palette.secondary, alignment: .center)
            return
        }
        let size = metrics.font(.body)
        let smallest = Metrics.TextRole.body.floor / Canvas.heightFactor * 1.05
        let fitting = Int((area.height + metrics.gap / 4) / (smallest + metrics.gap / 4))
        let shown = Array(days.prefix(max(1, fitting)))
        let rows = area.rows(shown.count, gap: metrics.gap / 4)
        for (day, row) in zip(shown, rows) {
            let (labelArea, rest) = row.sliceLeft(row.width * 0.27)
            let (iconArea, numbers) = rest.sliceLeft(min(row.height * 1.3, rest.width * 0.2))
            let (temperatureArea, chanceArea) = numbers.sliceLeft(numbers.width * 0.6)
            let label =
                day.date == today
                ? language.dayName(.today) : day.date.text(.weekdayAndDay, language: language)
            canvas.drawText(
                label, in: labelArea, style: .bold, size: size, color: palette.primary)
            drawIcon(day.weatherCode?.icon ?? .unknown, isDay: true, in: iconArea.centeredSquare)
            canvas.drawRuns(
                [
                    TextRun(
                        text: values.temperature(day.temperatureMax), color: palette.warm,
                        style: .bold),
                    TextRun(text: " / ", color: palette.secondary),
                    TextRun(
                        text: values.temperature(day.temperatureMin), color: palette.cool,
                        style: .bold),
                ], in: temperatureArea.sliceLeft(metrics.gap).1, size: size)
            canvas.drawPrecipitation(
                values.percent(day.precipitationProbabilityMax), in: chanceArea, size: size,
                color: palette.precipitation, alignment: .right)
        }
    }
}
