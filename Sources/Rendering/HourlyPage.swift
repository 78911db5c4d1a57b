import FoundationEssentials
import KioskCore

/// The hourly page: the next 24 hours of temperature as a smooth curve through every
/// hourly value, the lowest and highest labelled, a "now" marker, the chance of
/// precipitation as bars, and hour labels in the city's local time.
extension PageContext {
    func drawHourlyPage() {
        guard let weather = model.city else { return drawEmptyPage() }
        guard let forecast = weather.forecast else {
            return drawNoForecastPage(weather, subtitle: language.localized("next 24 hours"))
        }
        let content = drawFrame(
            title: weather.displayName, subtitle: language.localized("next 24 hours"),
            clock: cityClock(forecast),
            updated: weather.fetchedAt, credit: credit(for: [weather]))
        let hours = forecast.upcomingHours(from: model.now, count: 24)
        guard hours.count >= 2 else {
            canvas.drawText(
                "–", in: content.sliceTop(content.height * 0.5).0, style: .bold,
                size: metrics.font(.hero), color: palette.secondary, alignment: .center)
            canvas.drawText(
                language.localized("No hourly forecast yet"),
                in: content.sliceBottom(content.height * 0.3).0,
                style: .regular, size: metrics.font(.body), color: palette.secondary,
                alignment: .center)
            return
        }
        if metrics.isPortrait {
            let (chartArea, listArea) = content.sliceTop(content.height * 0.58)
            drawHourlyChart(hours, forecast: forecast, in: chartArea)
            separator(y: listArea.minY + metrics.gap, from: content.minX, to: content.maxX)
            drawHourList(hours, forecast: forecast, in: listArea.sliceTop(metrics.gap * 2).1)
        } else {
            drawHourlyChart(hours, forecast: forecast, in: content)
        }
    }

    /// The chart's layout: where each hour's point is and how values map to pixels.
    struct HourlyChart {
        /// Hour labels, icons and bars are aligned on these x positions.
        var xs: [Double]
        /// The curve's points: one per hour with a temperature.
        var points: [Point]
        /// The hour index of each point.
        var pointHours: [Int]
        /// Where the curve may go.
        var curveArea: Rect
        /// Where the bars stand.
        var barArea: Rect
        /// The x of the current instant.
        var nowX: Double
    }

    /// Lays out the chart in `plot`.
    func hourlyChart(_ hours: [HourlyForecast], unit: TemperatureUnit, in plot: Rect)
        -> HourlyChart
    {
        let labelHeight = metrics.font(.body) / Canvas.heightFactor
        let barWidth = plot.width / Double(hours.count) * 0.6
        let left = plot.minX + barWidth / 2
        let step = (plot.width - barWidth) / Double(hours.count - 1)
        let xs = hours.indices.map { left + Double($0) * step }
        let curveArea = Rect(
            x: plot.minX, y: plot.minY + labelHeight * 1.2, width: plot.width,
            height: max(1, plot.height * 0.78 - labelHeight * 2.4))
        let barArea = plot.sliceBottom(plot.height * 0.3).0
        let temperatures = hours.map { values.convert($0.temperature) }
        let known = temperatures.compactMap { $0 }
        let low = known.min() ?? 0
        let high = known.max() ?? 1
        let span = max(high - low, 4)
        let middle = (high + low) / 2
        var points: [Point] = []
        var pointHours: [Int] = []
        for (index, temperature) in temperatures.enumerated() {
            guard let temperature else { continue }
            let fraction = (temperature - (middle - span / 2)) / span
            points.append(Point(x: xs[index], y: curveArea.maxY - fraction * curveArea.height))
            pointHours.append(index)
        }
        let elapsed = model.now.timeIntervalSince(hours[0].time) / 3600
        let nowX = left + max(0, min(Double(hours.count - 1), elapsed)) * step
        return HourlyChart(
            xs: xs, points: points, pointHours: pointHours, curveArea: curveArea,
            barArea: barArea, nowX: nowX)
    }

    /// Draws the chart in `area`: with a row of icons along the top while there is room,
    /// unless `icons` is false (the dashboard, whose days carry the icons).
    func drawHourlyChart(
        _ hours: [HourlyForecast], forecast: LocationForecast, in area: Rect, icons: Bool = true
    ) {
        let offset = forecast.utcOffsetSeconds
        let unit = forecast.units.temperature
        let labelSize = metrics.font(.small)
        let labelRowHeight = labelSize / Canvas.heightFactor
        let iconSide = min(metrics.length(40), area.height * 0.14)
        var plot = area
        var iconRow: Rect?
        if icons, iconSide >= 16 {
            let (row, rest) = plot.sliceTop(iconSide)
            iconRow = row
            plot = rest.sliceTop(metrics.gap / 2).1
        }
        let (labelRow, plotAbove) = plot.sliceBottom(labelRowHeight)
        plot = plotAbove.sliceBottom(metrics.gap / 2).1
        let chart = hourlyChart(hours, unit: unit, in: plot)
        let step = chart.xs.count > 1 ? chart.xs[1] - chart.xs[0] : plot.width

        // Chance of precipitation: bars at the bottom of the plot.
        let barWidth = step * 0.6
        for (index, hour) in hours.enumerated() {
            guard let chance = hour.precipitationProbability, chance > 0 else { continue }
            let height = chart.barArea.height * min(100, chance) / 100
            canvas.fill(
                Rect(
                    x: chart.xs[index] - barWidth / 2, y: chart.barArea.maxY - height,
                    width: barWidth, height: height), palette.precipitation.withAlpha(0.55),
                radius: min(barWidth / 4, metrics.length(3)))
        }
        separator(y: chart.barArea.maxY, from: plot.minX, to: plot.maxX)

        // The curve, with a soft fill under it (not on e-paper, whose inks would dither it
        // into dots over the whole chart).
        let spline = CatmullRomSpline(through: chart.points)
        if let first = chart.points.first, let last = chart.points.last {
            if model.theme != .paper {
                canvas.newPath()
                canvas.addSpline(spline)
                canvas.line(to: Point(x: last.x, y: chart.barArea.maxY))
                canvas.line(to: Point(x: first.x, y: chart.barArea.maxY))
                canvas.closePath()
                canvas.fill(palette.warm.withAlpha(0.1))
            }
            canvas.newPath()
            canvas.addSpline(spline)
            canvas.stroke(palette.warm, width: metrics.stroke(4))
            canvas.record(spline)
        }

        // Now.
        canvas.newPath()
        canvas.move(to: Point(x: chart.nowX, y: plot.minY))
        canvas.line(to: Point(x: chart.nowX, y: chart.barArea.maxY))
        canvas.stroke(
            palette.accent, width: metrics.stroke(2),
            dash: [metrics.stroke(6), metrics.stroke(5)])

        var taken: [Rect] = []
        drawExtremes(chart, hours: hours, unit: unit, plot: plot, taken: &taken)
        drawChanceLabel(chart, hours: hours, plot: plot, taken: &taken)
        drawHourLabels(
            chart, hours: hours, offset: offset, row: labelRow, size: labelSize, step: step)
        if let iconRow {
            drawHourIcons(chart, hours: hours, offset: offset, row: iconRow, step: step)
        }
    }

    /// The lowest and highest temperature, labelled at their points.
    private func drawExtremes(
        _ chart: HourlyChart, hours: [HourlyForecast], unit: TemperatureUnit, plot: Rect,
        taken: inout [Rect]
    ) {
        guard
            let highIndex = chart.points.indices.min(by: { chart.points[$0].y < chart.points[$1].y }
            ),
            let lowIndex = chart.points.indices.max(by: { chart.points[$0].y < chart.points[$1].y })
        else { return }
        let size = metrics.font(.body)
        let height = size / Canvas.heightFactor
        for (index, above, color) in [
            (highIndex, true, palette.warm), (lowIndex, false, palette.cool),
        ] {
            let point = chart.points[index]
            canvas.newPath()
            canvas.circle(point, radius: metrics.stroke(5))
            canvas.fill(color)
            let text = values.temperature(
                hours[chart.pointHours[index]].temperature)
            let width = canvas.measure(text, style: .bold, size: size).advance + 2
            let x = max(plot.minX, min(plot.maxX - width, point.x - width / 2))
            let gap = metrics.stroke(8)
            let y = above ? point.y - gap - height : point.y + gap
            let box = Rect(x: x, y: y, width: width, height: height)
            if taken.contains(where: { $0.intersects(box) }) { continue }
            // A backing in the page's colour keeps the label readable over the bars.
            canvas.fill(
                box.insetBy(dx: -size * 0.15, dy: 0), palette.background.withAlpha(0.8),
                radius: size * 0.25)
            if let placed = canvas.drawText(
                text, in: box, style: .bold, size: size, color: color, alignment: .center)
            {
                taken.append(placed.ink)
            }
        }
    }

    /// The highest chance of precipitation, over its bar, when it is worth saying.
    private func drawChanceLabel(
        _ chart: HourlyChart, hours: [HourlyForecast], plot: Rect, taken: inout [Rect]
    ) {
        guard
            let index = hours.indices.max(by: {
                (hours[$0].precipitationProbability ?? 0)
                    < (hours[$1].precipitationProbability ?? 0)
            }), let chance = hours[index].precipitationProbability, chance >= 20
        else { return }
        let size = metrics.font(.small)
        let height = size / Canvas.heightFactor
        let text = values.percent(chance)
        let width = canvas.measure(text, style: .regular, size: size).advance + size
        let barTop = chart.barArea.maxY - chart.barArea.height * min(100, chance) / 100
        let x = max(plot.minX, min(plot.maxX - width, chart.xs[index] - width / 2))
        let box = Rect(x: x, y: barTop - height - metrics.stroke(3), width: width, height: height)
        guard !taken.contains(where: { $0.intersects(box) }) else { return }
        canvas.drawPrecipitation(text, in: box, size: size, color: palette.precipitation)
        taken.append(box)
    }

    /// Hour labels at whole multiples of a step that fits, "now" at the current instant, and
    /// the weekday instead of midnight.
    private func drawHourLabels(
        _ chart: HourlyChart, hours: [HourlyForecast], offset: Int, row: Rect, size: Double,
        step: Double
    ) {
        let sample = values.hour(hours[0].time, offset: offset)
        let labelWidth = canvas.measure(sample + "0", style: .regular, size: size).advance
        let every = [1, 2, 3, 4, 6, 8, 12].first { Double($0) * step >= labelWidth * 1.3 } ?? 12
        // TRANSLATORS: the marker of the present hour on the hourly chart; keep it short.
        let nowText = language.localized("now", context: "hourly chart")
        let nowWidth = canvas.measure(nowText, style: .bold, size: size).advance
        let nowX = max(row.minX, min(row.maxX - nowWidth, chart.nowX - nowWidth / 2))
        let nowBox = Rect(x: nowX, y: row.y, width: nowWidth, height: row.height)
        canvas.drawText(nowText, in: nowBox, style: .bold, size: size, color: palette.accent)
        for (index, hour) in hours.enumerated() {
            let local = LocalDateTime(hour.time, utcOffsetSeconds: offset)
            guard local.hour % every == 0 else { continue }
            let text =
                local.hour == 0
                ? local.date.weekdayName(.abbreviated, language: language)
                : values.hour(hour.time, offset: offset)
            let width = canvas.measure(text, style: .regular, size: size).advance
            let x = chart.xs[index] - width / 2
            let box = Rect(x: x, y: row.y, width: width, height: row.height)
            guard box.minX >= row.minX, box.maxX <= row.maxX,
                !box.insetBy(dx: -size * 0.4, dy: 0).intersects(nowBox)
            else { continue }
            canvas.drawText(
                text, in: box, style: .regular, size: size,
                color: local.hour == 0 ? palette.primary : palette.secondary, alignment: .center)
        }
    }

    /// Small weather icons along the top, every few hours.
    private func drawHourIcons(
        _ chart: HourlyChart, hours: [HourlyForecast], offset: Int, row: Rect, step: Double
    ) {
        let side = row.height
        let every = [2, 3, 4, 6].first { Double($0) * step >= side * 1.4 } ?? 6
        for (index, hour) in hours.enumerated() {
            let local = LocalDateTime(hour.time, utcOffsetSeconds: offset)
            guard local.hour % every == 0 else { continue }
            let box = Rect(x: chart.xs[index] - side / 2, y: row.y, width: side, height: side)
            guard box.minX >= row.minX - 0.5, box.maxX <= row.maxX + 0.5 else { continue }
            drawIcon(hour.weatherCode?.icon ?? .unknown, isDay: hour.isDay ?? true, in: box)
        }
    }

    /// Portrait: the next hours at three-hour steps as rows of time, icon, temperature and
    /// chance of precipitation.
    private func drawHourList(_ hours: [HourlyForecast], forecast: LocationForecast, in area: Rect)
    {
        let chosen = stride(from: 3, to: hours.count, by: 3).prefix(5).map { hours[$0] }
        let rows = area.rows(max(1, chosen.count), gap: metrics.gap / 2)
        for (hour, row) in zip(chosen, rows) {
            let parts = row.columns(4, gap: metrics.gap)
            canvas.drawText(
                values.hour(hour.time, offset: forecast.utcOffsetSeconds), in: parts[0],
                style: .bold, size: metrics.font(.body), color: palette.primary)
            drawIcon(
                hour.weatherCode?.icon ?? .unknown, isDay: hour.isDay ?? true,
                in: parts[1].centeredSquare)
            canvas.drawText(
                values.temperature(hour.temperature), in: parts[2], style: .bold,
                size: metrics.font(.body), color: palette.warm, alignment: .center)
            canvas.drawPrecipitation(
                values.percent(hour.precipitationProbability), in: parts[3],
                size: metrics.font(.body), color: palette.precipitation, alignment: .right)
        }
    }
}
