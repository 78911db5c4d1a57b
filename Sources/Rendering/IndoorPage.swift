import FoundationEssentials
import KioskCore

/// The indoor page: the BME280's temperature, humidity and sea-level pressure, each with a
/// 24-hour sparkline; dew point and the 3-hour pressure tendency. A BMP280 has no humidity
/// tile; without a sensor or a reading the page says so instead of showing zeros.
extension PageContext {
    func drawIndoorPage() {
        var updated: Date?
        if case .reading(let conditions) = model.indoor { updated = conditions.reading.time }
        let content = drawFrame(
            title: language.localized("Indoor"), subtitle: nil, clock: kioskClock,
            updated: updated)
        switch model.indoor {
        case .reading(let conditions):
            drawIndoorTiles(conditions, in: content)
        case .noSensor where !sensorTiles().isEmpty:
            drawTiles([], sensorTiles(), in: content)
        case .noSensor where !model.sensors.isEmpty:
            drawIndoorMessage(
                title: language.localized("Sensors unavailable"),
                text: model.sensors.compactMap(\.error).first
                    ?? language.localized("Waiting for the first reading of the sensors."),
                color: palette.error, in: content)
        case .noSensor:
            drawIndoorMessage(
                title: language.localized("No indoor sensor"),
                text: language.localized(
                    "sensor.kind is \"none\". Connect a BME280 to the I2C pins (SDA pin 3, SCL pin 5) and set sensor.kind = \"bme280\", or take \"indoor\" out of display.pages."
                ),
                color: palette.primary, in: content)
        case .failed(let message):
            drawIndoorMessage(
                title: language.localized("Indoor sensor unavailable"), text: message,
                color: palette.error,
                in: content)
        }
    }

    /// One tile: what it measures, the value, a line under it, and the day's history.
    struct IndoorTile {
        var label: String
        var value: String
        var note: [TextRun]
        var color: Color
        var history: [(Date, Double)]
        var minimumSpan: Double
        var tendency: PressureTendency?
    }

    private func drawIndoorTiles(_ conditions: IndoorConditions, in content: Rect) {
        let reading = conditions.reading
        let temperatureUnit = model.units.temperature
        let noDewPoint = language.localized("dew point {temperature}", ["temperature": "–"])
        var tiles: [IndoorTile] = []
        let dewPoint = conditions.dewPoint.map {
            language.localized("dew point {temperature}", ["temperature": values.temperature($0)])
        }
        tiles.append(
            IndoorTile(
                label: language.localized("Temperature"),
                value: values.temperature(reading.temperature, digits: 1),
                note: [
                    TextRun(
                        text: dewPoint
                            ?? (reading.chip.measuresHumidity
                                ? noDewPoint : language.localized("BMP280: no humidity")),
                        color: palette.secondary)
                ],
                color: palette.warm,
                history: conditions.history.map {
                    ($0.time, $0.temperature.value(in: temperatureUnit))
                },
                minimumSpan: 2))
        if reading.chip.measuresHumidity {
            tiles.append(
                IndoorTile(
                    label: language.localized("Humidity"), value: values.percent(reading.humidity),
                    note: [TextRun(text: comfort(reading.humidity), color: palette.secondary)],
                    color: palette.humidity,
                    history: conditions.history.compactMap { sample in
                        sample.humidity.map { (sample.time, $0) }
                    }, minimumSpan: 10))
        }
        let seaLevel = conditions.seaLevelPressure
        let pressure = seaLevel ?? reading.pressure
        let pressureUnit = model.units.pressure
        tiles.append(
            IndoorTile(
                label: seaLevel == nil
                    ? language.localized("Pressure (station)") : language.localized("Pressure"),
                value: values.pressure(pressure),
                note: [
                    TextRun(
                        text: conditions.tendency.map(tendencyText)
                            ?? language.localized("tendency after 3 h"),
                        color: conditions.tendency == nil ? palette.secondary : palette.pressure)
                ],
                color: palette.pressure,
                history: conditions.history.compactMap { sample in
                    sample.pressure.map { (sample.time, $0.value(in: pressureUnit)) }
                }, minimumSpan: Pressure(hectopascals: 4).value(in: pressureUnit),
                tendency: conditions.tendency))
        drawTiles(tiles, sensorTiles(), in: content)
    }

    /// The BME280's tiles, and the [[sensors]]' in a row (a column, upright) of their own
    /// below when there are both.
    private func drawTiles(_ tiles: [IndoorTile], _ extra: [IndoorTile], in content: Rect) {
        let gap = metrics.gap * 2
        let groups = [tiles, extra].filter { !$0.isEmpty }
        let areas = groups.count < 2 ? [content] : twoBands(content, gap: gap)
        for (group, area) in zip(groups, areas) {
            let cells =
                metrics.isPortrait
                ? area.rows(group.count, gap: gap) : area.columns(group.count, gap: gap)
            for (tile, cell) in zip(group, cells) {
                drawTile(tile, in: cell)
            }
        }
    }

    private func drawTile(_ tile: IndoorTile, in cell: Rect) {
        canvas.fill(cell, palette.surface, radius: metrics.length(10))
        let inner = cell.inset(metrics.gap)
        let textArea: Rect
        let chartArea: Rect
        // The label and the note keep a line of body text at every size (a bare "1450" says
        // nothing across the room); the sparkline gives way first.
        let line = metrics.font(.body) / Canvas.heightFactor
        if metrics.isPortrait {
            (textArea, chartArea) = inner.sliceLeft(inner.width * 0.55)
        } else {
            let text = max(
                inner.height * 0.64, line * 2.25 + metrics.font(.large) / Canvas.heightFactor)
            (chartArea, textArea) = inner.sliceBottom(max(0, inner.height - text))
        }
        let (labelRow, afterLabel) = textArea.sliceTop(max(textArea.height * 0.22, line))
        let (valueRow, noteRow) = afterLabel.sliceTop(
            min(afterLabel.height * 0.62, afterLabel.height - line * 1.25))
        canvas.drawText(
            tile.label, in: labelRow, style: .regular, size: metrics.font(.body),
            color: palette.secondary)
        canvas.drawText(
            tile.value, in: valueRow, style: .bold, size: metrics.font(.large) * 1.3,
            color: palette.primary)
        var noteArea = noteRow.sliceTop(noteRow.height * 0.8).0
        if let tendency = tile.tendency {
            let side = min(noteArea.height, metrics.font(.body))
            let (arrowArea, rest) = noteArea.sliceLeft(side * 1.2)
            drawTendencyArrow(
                tendency, in: arrowArea.centeredSquare,
                color: tile.note.first?.color ?? palette.pressure)
            noteArea = rest.sliceLeft(metrics.gap / 2).1
        }
        canvas.drawRuns(tile.note, in: noteArea, size: metrics.font(.body), alignment: .left)
        drawSparkline(
            tile.history, in: chartArea.insetBy(dx: 0, dy: metrics.gap / 2), color: tile.color,
            minimumSpan: tile.minimumSpan)
    }

    /// The last 24 hours as a line, oldest on the left, with a dot at the newest value.
    private func drawSparkline(
        _ history: [(Date, Double)], in area: Rect, color: Color, minimumSpan: Double
    ) {
        let start = model.now.addingTimeInterval(-24 * 3600)
        let points = history.filter { $0.0 >= start && $0.0 <= model.now && $0.1.isFinite }
        guard points.count >= 2, area.width > 4, area.height > 4 else { return }
        let low = points.map(\.1).min()!
        let high = points.map(\.1).max()!
        let span = max(high - low, minimumSpan)
        let bottom = (high + low) / 2 - span / 2
        func position(_ sample: (Date, Double)) -> Point {
            Point(
                x: area.minX + sample.0.timeIntervalSince(start) / (24 * 3600) * area.width,
                y: area.maxY - (sample.1 - bottom) / span * area.height)
        }
        canvas.newPath()
        canvas.move(to: position(points[0]))
        for sample in points.dropFirst() { canvas.line(to: position(sample)) }
        canvas.stroke(color, width: metrics.stroke(2.5))
        canvas.newPath()
        canvas.circle(position(points[points.count - 1]), radius: metrics.stroke(4))
        canvas.fill(color)
    }

    private func drawTendencyArrow(_ tendency: PressureTendency, in box: Rect, color: Color) {
        let angle: Double
        switch tendency {
        case .rising: angle = -.pi / 4
        case .steady: angle = 0
        case .falling: angle = .pi / 4
        }
        let radius = box.width * 0.42
        let center = box.center
        let tip = Point(x: center.x + radius * cosine(angle), y: center.y + radius * sine(angle))
        let tail = Point(x: center.x - radius * cosine(angle), y: center.y - radius * sine(angle))
        canvas.newPath()
        canvas.move(to: tail)
        canvas.line(to: tip)
        for side in [-1.0, 1.0] {
            let wing = angle + .pi + side * .pi / 4
            canvas.move(to: tip)
            canvas.line(
                to: Point(
                    x: tip.x + radius * 0.7 * cosine(wing), y: tip.y + radius * 0.7 * sine(wing)))
        }
        canvas.stroke(color, width: max(1.5, box.width * 0.14))
    }

    private func tendencyText(_ tendency: PressureTendency) -> String {
        switch tendency {
        case .rising: language.localized("rising", context: "pressure")
        case .steady: language.localized("steady", context: "pressure")
        case .falling: language.localized("falling", context: "pressure")
        }
    }

    /// How the humidity feels indoors.
    private func comfort(_ humidity: Double?) -> String {
        guard let humidity else { return "–" }
        if humidity < 30 { return language.localized("dry", context: "indoor air") }
        if humidity > 60 { return language.localized("humid", context: "indoor air") }
        return language.localized("comfortable", context: "indoor air")
    }

    private func drawIndoorMessage(title: String, text: String, color: Color, in content: Rect) {
        let area = content.insetBy(dx: content.width * 0.06, dy: 0)
        let (titleRow, rest) = area.sliceTop(area.height * 0.3)
        canvas.drawText(
            title, in: titleRow.sliceBottom(titleRow.height * 0.6).0, style: .bold,
            size: metrics.font(.title), color: color, alignment: .center)
        canvas.drawParagraph(
            text, in: rest.sliceTop(rest.height * 0.85).0.sliceTop(metrics.gap).1,
            style: .regular, size: metrics.font(.body), color: palette.secondary,
            alignment: .center)
    }
}
