import FoundationEssentials
import KioskCore

/// The city page: current conditions large, details beside them, the next three days below.
extension PageContext {
    func drawCityPage() {
        guard let weather = model.city else { return drawEmptyPage() }
        guard let forecast = weather.forecast else {
            return drawNoForecastPage(weather, subtitle: weather.city.country)
        }
        let content = drawFrame(
            title: weather.displayName, subtitle: countryLine(weather),
            clock: cityClock(forecast), updated: weather.fetchedAt, credit: credit(for: [weather]))
        let current = forecast.current
        let today = forecast.today(at: model.now)
        let days = forecast.upcomingDays(after: model.now, count: 3)
        let details: [(String, String)] = [
            indoorOrFeelsLike(current?.apparentTemperature),
            (language.localized("Humidity"), values.percent(current?.relativeHumidity)),
            (
                language.localized("Wind"),
                values.wind(
                    current?.windSpeed, direction: current?.windDirection)
            ),
            (
                language.localized("High / low"),
                values.temperature(today?.temperatureMax) + " / "
                    + values.temperature(today?.temperatureMin)
            ),
            // The pressure at sea level ("1012 hPa"), as weather reports give it: comparable
            // between places, unlike the pressure at the ground.
            (language.localized("Sea level"), values.pressure(current?.seaLevelPressure)),
        ]
        let now = CurrentBlock(
            temperature: values.temperature(current?.temperature),
            condition: condition(current?.weatherCode, isDay: current?.isDay ?? true),
            shortCondition: current?.weatherCode?.shortCondition(
                isDay: current?.isDay ?? true, language: language),
            icon: current?.weatherCode?.icon ?? .unknown, isDay: current?.isDay ?? true)
        if metrics.isPortrait {
            drawCityPortrait(content, now: now, details: details, days: days)
        } else {
            drawCityLandscape(content, now: now, details: details, days: days)
        }
    }

    /// The country under the name, unless the name already ends with it ("Springfield,
    /// United States" where two favourites share a name and neither has a region).
    func countryLine(_ weather: CityWeather) -> String? {
        guard let country = weather.city.country else { return nil }
        return weather.displayName.hasSuffix(", " + country) ? nil : country
    }

    /// On e-paper (the paper theme, one page for minutes on end) the indoor reading takes
    /// the first detail's place when there is one; elsewhere it is "Feels like".
    private func indoorOrFeelsLike(_ apparent: Temperature?) -> (String, String) {
        if model.theme == .paper, case .reading(let indoor) = model.indoor {
            let humidity = indoor.reading.humidity.map { " · " + values.percent($0) } ?? ""
            return (
                language.localized("Indoor"),
                values.temperature(indoor.reading.temperature) + humidity
            )
        }
        return (language.localized("Feels like"), values.temperature(apparent))
    }

    /// "measured −3.5°": on the station's own city page, the outdoor sensor's temperature
    /// beside the forecast's; nil elsewhere, without one, or while it fails.
    private func measuredRuns() -> [TextRun]? {
        guard model.cityIsStation,
            let outdoor = model.sensors.first(where: {
                $0.entry.role == .outdoor && $0.error == nil && $0.values?.temperature != nil
            }),
            let temperature = outdoor.values?.temperature
        else { return nil }
        return [
            TextRun(text: language.localized("measured") + " ", color: palette.secondary),
            TextRun(
                text: values.temperature(temperature, digits: 1),
                color: palette.cool, style: .bold),
        ]
    }

    /// What the big block at the top shows.
    struct CurrentBlock {
        var temperature: String
        var condition: String
        /// The condition's short form (the LCD's), for where the whole one does not fit:
        /// Spanish "Intervalos nubosos" beside the icon at 320×240.
        var shortCondition: String?
        var icon: WeatherIcon
        var isDay: Bool
    }

    /// "Sun 15:05": the city's local time, or nil without a forecast (no offset known).
    func cityClock(_ forecast: LocationForecast?) -> String? {
        guard let forecast else { return nil }
        let local = forecast.localTime(at: model.now)
        return weekdayClock(local)
    }

    private func drawCityLandscape(
        _ content: Rect, now: CurrentBlock, details: [(String, String)], days: [DailyForecast]
    ) {
        let gap = metrics.gap
        let (top, rest) = content.sliceTop(content.height * 0.53)
        let bottom = rest.sliceTop(gap * 2).1
        separator(y: rest.minY + gap, from: content.minX, to: content.maxX)

        let (left, right) = top.sliceLeft(top.width * 0.56)
        let iconSide = min(left.height, left.width * 0.42)
        let (iconArea, textArea) = left.sliceLeft(iconSide)
        drawIcon(now.icon, isDay: now.isDay, in: iconArea.centeredSquare.inset(iconSide * 0.04))
        let textColumn = textArea.sliceLeft(gap).1
        var (heroArea, conditionArea) = textColumn.sliceTop(textColumn.height * 0.72)
        if let measured = measuredRuns() {
            let measuredArea: Rect
            (heroArea, measuredArea) = heroArea.sliceTop(textColumn.height * 0.5)
            canvas.drawRuns(
                measured, in: measuredArea.sliceTop(measuredArea.height * 0.9).0,
                size: metrics.font(.body), alignment: .left)
        }
        canvas.drawText(
            now.temperature, in: heroArea, style: .bold, size: metrics.font(.hero),
            color: now.temperature == "–" ? palette.secondary : palette.primary)
        let conditionRow = conditionArea.sliceTop(conditionArea.height * 0.8).0
        let size = metrics.font(.heading)
        let fits =
            canvas.fittingSize(
                now.condition, style: .regular, size: size, width: conditionRow.width,
                height: conditionRow.height) != nil
        canvas.drawText(
            fits ? now.condition : now.shortCondition ?? now.condition, in: conditionRow,
            style: .regular, size: size, color: palette.secondary)

        let detailArea = right.sliceLeft(gap * 2).1
        drawDetails(details, in: detailArea.insetBy(dx: 0, dy: detailArea.height * 0.04))
        drawDays(days, in: bottom, vertical: false)
    }

    private func drawCityPortrait(
        _ content: Rect, now: CurrentBlock, details: [(String, String)], days: [DailyForecast]
    ) {
        let gap = metrics.gap
        let (top, afterTop) = content.sliceTop(content.height * 0.27)
        let (iconArea, heroArea) = top.sliceLeft(top.width * 0.42)
        drawIcon(now.icon, isDay: now.isDay, in: iconArea.centeredSquare.inset(gap / 2))
        canvas.drawText(
            now.temperature, in: heroArea.sliceLeft(gap).1, style: .bold,
            size: metrics.font(.hero),
            color: now.temperature == "–" ? palette.secondary : palette.primary,
            alignment: .center)
        var (conditionArea, afterCondition) = afterTop.sliceTop(
            metrics.font(.heading) / Canvas.heightFactor * 1.2)
        canvas.drawText(
            now.condition, in: conditionArea, style: .regular, size: metrics.font(.heading),
            color: palette.secondary, alignment: .center)
        if let measured = measuredRuns() {
            (conditionArea, afterCondition) = afterCondition.sliceTop(
                metrics.font(.body) / Canvas.heightFactor * 1.2)
            canvas.drawRuns(measured, in: conditionArea, size: metrics.font(.body))
        }
        let (detailArea, afterDetails) = afterCondition.sliceTop(afterCondition.height * 0.36)
        drawDetails(details, in: detailArea.insetBy(dx: gap, dy: gap))
        separator(y: afterDetails.minY + gap / 2, from: content.minX, to: content.maxX)
        drawDays(days, in: afterDetails.sliceTop(gap * 1.5).1, vertical: true)
    }

    /// Label-value rows: the label on the left in the secondary colour, the value right.
    func drawDetails(_ details: [(String, String)], in area: Rect) {
        let rows = area.rows(details.count, gap: metrics.gap / 2)
        let size = metrics.font(.body)
        for (row, (label, value)) in zip(rows, details) {
            let valueWidth = min(
                canvas.measure(value, style: .bold, size: size).advance, row.width * 0.62)
            let (valueArea, labelArea) = row.sliceRight(valueWidth)
            canvas.drawText(
                label, in: labelArea.sliceRight(metrics.gap).1, style: .regular, size: size,
                color: palette.secondary)
            canvas.drawText(
                value, in: valueArea, style: .bold, size: size, color: palette.primary,
                alignment: .right)
        }
    }

    /// The next days, side by side (landscape) or one per row (portrait).
    private func drawDays(
        _ days: [DailyForecast], in area: Rect, vertical: Bool
    ) {
        guard !days.isEmpty else {
            canvas.drawText(
                language.localized("No daily forecast"), in: area.sliceTop(area.height * 0.4).0,
                style: .regular,
                size: metrics.font(.body), color: palette.secondary, alignment: .center)
            return
        }
        let slots = 3
        let cells =
            vertical
            ? area.rows(slots, gap: metrics.gap) : area.columns(slots, gap: metrics.gap * 2)
        for (day, cell) in zip(days, cells) {
            let label = day.date.text(.weekdayAndDay, language: language)
            let high = values.temperature(day.temperatureMax)
            let low = values.temperature(day.temperatureMin)
            let temperatures = [
                TextRun(text: high, color: palette.warm, style: .bold),
                TextRun(text: " / ", color: palette.secondary),
                TextRun(text: low, color: palette.cool, style: .bold),
            ]
            let chance = values.percent(day.precipitationProbabilityMax)
            let icon = day.weatherCode?.icon ?? .unknown
            if vertical {
                let parts = cell.columns(4, gap: metrics.gap)
                canvas.drawText(
                    label, in: parts[0], style: .bold, size: metrics.font(.heading),
                    color: palette.primary)
                drawIcon(icon, isDay: true, in: parts[1].centeredSquare)
                canvas.drawRuns(temperatures, in: parts[2], size: metrics.font(.heading))
                canvas.drawPrecipitation(
                    chance, in: parts[3], size: metrics.font(.body),
                    color: palette.precipitation, alignment: .right)
            } else {
                let heights = [0.19, 0.43, 0.22, 0.16]
                var rest = cell
                var parts: [Rect] = []
                for share in heights {
                    let (part, remaining) = rest.sliceTop(cell.height * share)
                    parts.append(part)
                    rest = remaining
                }
                canvas.drawText(
                    label, in: parts[0], style: .bold, size: metrics.font(.heading),
                    color: palette.primary, alignment: .center)
                drawIcon(icon, isDay: true, in: parts[1].centeredSquare)
                canvas.drawRuns(temperatures, in: parts[2], size: metrics.font(.heading) * 1.25)
                canvas.drawPrecipitation(
                    chance, in: parts[3], size: metrics.font(.body),
                    color: palette.precipitation)
            }
        }
    }

    /// A faint horizontal rule.
    func separator(y: Double, from left: Double, to right: Double) {
        canvas.newPath()
        canvas.move(to: Point(x: left, y: y))
        canvas.line(to: Point(x: right, y: y))
        canvas.stroke(palette.faint, width: metrics.stroke(1.5))
    }

    /// Draws a weather icon in a square.
    func drawIcon(_ icon: WeatherIcon, isDay: Bool, in square: Rect, backdrop: Color? = nil) {
        WeatherIconPainter(canvas: canvas, box: square, backdrop: backdrop ?? palette.background)
            .draw(icon, isDay: isDay)
    }
}
