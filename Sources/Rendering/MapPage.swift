import FoundationEssentials
import KioskCore

/// The map page: every favourite on a map fitted to them, with a dot, its name, the weather
/// and temperature there now (`CityWeather.conditionsNow`, as on an LCD or OLED), labels placed so that none overlap. When the labels do not all
/// fit beside their dots (a world map on a portrait screen, a crowd of nearby cities), the
/// dots are numbered and the names go into a legend beside or under the map.
extension PageContext {
    func drawMapPage() {
        let favourites = model.favourites
        guard !favourites.isEmpty else { return drawEmptyPage() }
        let content = drawFrame(
            title: language.localized("Favourites"), subtitle: nil, clock: kioskClock,
            updated: favourites.compactMap(\.fetchedAt).min(), credit: credit(for: favourites))
        let labels = favourites.map(mapLabel)
        let order = priorityOrder(favourites)
        let radius = max(3, metrics.length(6))
        let labelHeight = labels.first?.size.height ?? 20
        let coordinates = favourites.map(\.city.coordinate)

        let projection = MapProjection(
            fitting: coordinates, in: content, padding: labelHeight * 1.2)
        let anchors = coordinates.map(projection.point)
        let placements = LabelPlacement.place(
            order.map {
                LabelPlacement.Request(
                    anchor: anchors[$0], radius: radius + metrics.stroke(2), size: labels[$0].size)
            }, in: content, gap: metrics.gap / 2)
        if placements.allSatisfy({ $0 != nil }) {
            canvas.clipped(to: content) { drawLand(projection) }
            // A short line ties each label to its dot.
            canvas.newPath()
            for (position, index) in order.enumerated() {
                guard let frame = placements[position] else { continue }
                let anchor = anchors[index]
                canvas.move(to: anchor)
                canvas.line(
                    to: Point(
                        x: min(max(anchor.x, frame.minX), frame.maxX),
                        y: min(max(anchor.y, frame.minY), frame.maxY)))
            }
            canvas.stroke(palette.secondary, width: metrics.stroke(1.5))
            for (position, index) in order.enumerated() {
                if let frame = placements[position] { drawMapLabel(labels[index], in: frame) }
            }
            drawDots(anchors, order: order, radius: radius)
            return
        }
        drawNumberedMap(labels, coordinates: coordinates, order: order, in: content)
    }

    /// The fallback: numbered dots on the map and a legend of numbers, icons, names and
    /// temperatures, in as many columns as its height needs.
    private func drawNumberedMap(
        _ labels: [MapLabel], coordinates: [Coordinate], order: [Int], in content: Rect
    ) {
        let gap = metrics.gap
        let textSize = metrics.font(.body)
        let rowHeight = textSize / Canvas.heightFactor * 1.3
        let numberWidth =
            canvas.measure("\(labels.count)", style: .bold, size: textSize).advance + gap
        let nameWidth =
            labels.map { canvas.measure($0.name, style: .regular, size: textSize).advance }
            .max() ?? 0
        let degreesWidth =
            labels.map {
                canvas.measure($0.temperature, style: .bold, size: textSize).advance
            }.max() ?? 0
        func rowWidth(icon: Bool) -> Double {
            numberWidth + (icon ? rowHeight + gap / 2 : 0) + nameWidth + gap + degreesWidth + 2
        }
        let mapArea: Rect
        let legendArea: Rect
        var columns: Int
        if metrics.isPortrait {
            let needed = min(content.height * 0.6, Double(labels.count) * rowHeight + gap)
            columns = max(1, Int(safely: (Double(labels.count) * rowHeight / needed).rounded(.up)))
            (legendArea, mapArea) = content.sliceBottom(needed)
        } else {
            columns = max(
                1, Int(safely: (Double(labels.count) * rowHeight / content.height).rounded(.up)))
            let wanted =
                Double(columns) * rowWidth(icon: columns == 1) + Double(columns - 1) * gap * 2
            (legendArea, mapArea) = content.sliceRight(
                min(content.width * 0.72, max(content.width * 0.36, wanted)))
        }
        columns = min(columns, 3)
        let withIcons = columns == 1
        let map = metrics.isPortrait ? mapArea.sliceBottom(gap).1 : mapArea.sliceRight(gap).1
        let numberSize = metrics.font(.small)
        let badge = numberSize / Canvas.heightFactor
        let projection = MapProjection(fitting: coordinates, in: map, padding: badge * 1.5)
        let anchors = coordinates.map(projection.point)
        canvas.clipped(to: map) { drawLand(projection) }
        let radius = max(3, metrics.length(5))
        let numbers = LabelPlacement.place(
            order.map { index in
                let width = canvas.measure("\(index + 1)", style: .bold, size: numberSize).advance
                return LabelPlacement.Request(
                    anchor: anchors[index], radius: radius + metrics.stroke(2),
                    size: LabelPlacement.Size(width: width + badge * 0.5, height: badge))
            }, in: map, gap: metrics.stroke(2))
        for (position, index) in order.enumerated() {
            guard let frame = numbers[position] else { continue }
            canvas.fill(frame, palette.surface.withAlpha(0.92), radius: frame.height * 0.3)
            canvas.drawText(
                "\(index + 1)", in: frame, style: .bold, size: numberSize,
                color: palette.primary, alignment: .center)
        }
        drawDots(anchors, order: order, radius: radius)

        let perColumn = Int((Double(labels.count) / Double(columns)).rounded(.up))
        let columnRects = legendArea.columns(columns, gap: gap * 2)
        for (index, label) in labels.enumerated() {
            let column = columnRects[min(columns - 1, index / perColumn)]
            let row = Rect(
                x: column.x, y: column.y + Double(index % perColumn) * rowHeight,
                width: column.width, height: rowHeight)
            guard row.maxY <= legendArea.maxY + 0.5 else { continue }
            let (numberArea, afterNumber) = row.sliceLeft(numberWidth)
            canvas.drawText(
                "\(index + 1)", in: numberArea, style: .bold, size: textSize,
                color: palette.secondary)
            var rest = afterNumber
            if withIcons {
                let (iconArea, afterIcon) = rest.sliceLeft(rowHeight)
                drawIcon(
                    label.icon, isDay: label.isDay,
                    in: iconArea.centeredSquare.inset(rowHeight * 0.08))
                rest = afterIcon.sliceLeft(gap / 2).1
            }
            let degrees = canvas.measure(label.temperature, style: .bold, size: textSize).advance
            let (degreesArea, nameArea) = rest.sliceRight(min(degrees, rest.width * 0.45))
            canvas.drawText(
                label.temperature, in: degreesArea, style: .bold, size: textSize,
                color: label.temperatureColor, alignment: .right)
            canvas.drawText(
                label.name, in: nameArea.sliceRight(gap).1, style: .regular, size: textSize,
                color: palette.primary)
        }
    }

    private func drawDots(_ anchors: [Point], order: [Int], radius: Double) {
        for index in order.reversed() {
            let selected = model.favourites[index].city == model.city?.city
            canvas.newPath()
            canvas.circle(anchors[index], radius: radius + metrics.stroke(2))
            canvas.fill(palette.background)
            canvas.newPath()
            canvas.circle(anchors[index], radius: radius)
            canvas.fill(selected ? palette.accent : palette.primary)
        }
    }

    /// The shown city first, then the others in display order.
    private func priorityOrder(_ favourites: [CityWeather]) -> [Int] {
        let selected = favourites.firstIndex { $0.city == model.city?.city }
        return (selected.map { [$0] } ?? []) + favourites.indices.filter { $0 != selected }
    }

    /// What a city's label says and how big it is.
    private struct MapLabel {
        var name: String
        var temperature: String
        var temperatureColor: Color
        var icon: WeatherIcon
        var isDay: Bool
        var size: LabelPlacement.Size
        var textSize: Double
    }

    private func mapLabel(_ weather: CityWeather) -> MapLabel {
        let now = weather.conditionsNow(at: model.now)
        let value = now.temperature
        let temperature = values.temperature(value)
        let size = metrics.font(.body)
        let padding = size * 0.35
        let iconSide = size * 1.3
        let name = canvas.measure(weather.displayName + " ", style: .regular, size: size).advance
        let degrees = canvas.measure(temperature, style: .bold, size: size).advance
        let height = max(iconSide, size / Canvas.heightFactor) + padding
        return MapLabel(
            name: weather.displayName, temperature: temperature,
            temperatureColor: temperatureColor(values.celsius(value)),
            icon: now.weatherCode?.icon ?? .unknown, isDay: now.isDay,
            size: LabelPlacement.Size(
                width: padding * 3 + iconSide + name + degrees + 2, height: height),
            textSize: size)
    }

    /// Cool below 5 °C, warm above 22 °C, otherwise the text colour.
    func temperatureColor(_ celsius: Double?) -> Color {
        guard let celsius else { return palette.secondary }
        if celsius < 5 { return palette.cool }
        if celsius > 22 { return palette.warm }
        return palette.primary
    }

    private func drawMapLabel(_ label: MapLabel, in frame: Rect) {
        canvas.fill(frame, palette.surface.withAlpha(0.92), radius: frame.height * 0.3)
        let padding = label.textSize * 0.35
        var rest = frame.insetBy(dx: padding, dy: padding / 2)
        let (iconArea, afterIcon) = rest.sliceLeft(label.textSize * 1.3)
        drawIcon(
            label.icon, isDay: label.isDay, in: iconArea.centeredSquare, backdrop: palette.surface)
        rest = afterIcon.sliceLeft(padding).1
        canvas.drawRuns(
            [
                TextRun(text: label.name + " ", color: palette.primary),
                TextRun(text: label.temperature, color: label.temperatureColor, style: .bold),
            ], in: rest, size: label.textSize, alignment: .left)
    }
}
