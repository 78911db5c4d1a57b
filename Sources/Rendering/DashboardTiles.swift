import FoundationEssentials
import KioskCore

/// One tile of the dashboard: a label and its value.
struct DashboardTile {
    /// What the tile shows under its label.
    enum Value {
        /// A value in bold ("12 km/h SW").
        case text(String)
        /// An index on a scale's band: the number on the band's colour (in a box of ink
        /// on e-paper) and the band's word beside it.
        case band(number: String, word: String, color: UInt32)
    }

    /// "Wind".
    var label: String
    /// A shorter label for a narrow tile ("AQI" for "European AQI"); nil when there is none.
    var shortLabel: String? = nil
    /// What it shows.
    var value: Value
    /// Whether it is the air-quality index's tile, which owes CAMS its credit.
    var isAirQuality = false
}

extension PageContext {
    /// The dashboard's tiles, most important first: a small screen shows the first few.
    /// Air quality, UV and indoor appear only when there is a value (air quality once the
    /// air-quality forecast arrived, UV where the provider forecasts it, indoor with a
    /// sensor that reads).
    func dashboardTiles(_ weather: CityWeather, forecast: LocationForecast) -> [DashboardTile] {
        let current = forecast.current
        let sky = SkyToday(weather, now: model.now, language: language)
        var tiles = [
            DashboardTile(
                label: language.localized("Wind"),
                value: .text(values.wind(current?.windSpeed, direction: current?.windDirection))),
            DashboardTile(
                label: language.localized("Humidity"),
                value: .text(values.percent(current?.relativeHumidity))),
            DashboardTile(
                label: language.localized("Sunrise"),
                value: .text(sky.clock(sky.sun?.sunrise, values: values))),
            DashboardTile(
                label: language.localized("Sunset"),
                value: .text(sky.clock(sky.sun?.sunset, values: values))),
        ]
        let scale = model.units.aqiScale(for: weather.city)
        if let index = weather.airQuality?.current?.index(on: scale) {
            let band = index.band
            tiles.append(
                DashboardTile(
                    label: scale.title(in: language), shortLabel: scale.abbreviation(in: language),
                    value: .band(
                        number: index.text, word: band.name(in: language), color: band.color),
                    isAirQuality: true))
        }
        if let uv = sky.uvIndex {
            let band = uv.band
            tiles.append(
                DashboardTile(
                    label: language.localized("UV index"),
                    value: .band(
                        number: "\(uv.reported)", word: band.name(in: language),
                        color: band.color)))
        }
        if case .reading(let indoor) = model.indoor {
            let humidity = indoor.reading.humidity.map { " · " + values.percent($0) } ?? ""
            tiles.append(
                DashboardTile(
                    label: language.localized("Indoor"),
                    value: .text(values.temperature(indoor.reading.temperature) + humidity)))
        }
        // The pressure at sea level, as weather reports give it.
        tiles.append(
            DashboardTile(
                label: language.localized("Pressure"),
                value: .text(values.pressure(current?.seaLevelPressure))))
        return tiles
    }

    /// The tiles in one or two columns of rows, each row a label on the left and its value
    /// on the right, as many rows as are tall enough to read: the first tiles that fit,
    /// the rest left out.
    func drawTiles(_ tiles: [DashboardTile], in area: Rect) {
        let gap = metrics.gap / 2
        let (columns, rows) = tileGrid(tiles.count, in: area)
        let shown = Array(tiles.prefix(rows * columns))
        guard !shown.isEmpty else { return }
        // Column by column: the most important tiles down the left.
        let cells = area.columns(columns, gap: gap * 2).flatMap { $0.rows(rows, gap: gap) }
        for (tile, cell) in zip(shown, cells) { drawTile(tile, in: cell) }
    }

    /// How many of `count` tiles `drawTiles` shows in `area`: the first ones.
    func shownTileCount(_ count: Int, in area: Rect) -> Int {
        let (columns, rows) = tileGrid(count, in: area)
        return min(count, columns * rows)
    }

    /// The columns (one or two) and rows `count` tiles take in `area`: as many rows as are
    /// tall enough to read.
    private func tileGrid(_ count: Int, in area: Rect) -> (columns: Int, rows: Int) {
        let gap = metrics.gap / 2
        let minimumWidth = metrics.font(.body) * 9
        let minimumHeight = metrics.font(.body) / Canvas.heightFactor * 1.2
        let columns = area.width >= 2 * minimumWidth + gap * 2 ? 2 : 1
        let maximumRows = max(1, Int((area.height + gap) / (minimumHeight + gap)))
        return (columns, min(maximumRows, (count + columns - 1) / columns))
    }

    /// A tile: the label on the left, the value on the right. When both do not fit at
    /// their sizes the label takes its short form, a band's long word goes on two lines,
    /// and then both shrink together.
    private func drawTile(_ tile: DashboardTile, in cell: Rect) {
        if model.theme != .paper {
            canvas.fill(cell, palette.surface, radius: metrics.length(6))
        }
        let row = cell.insetBy(dx: metrics.gap * 0.75, dy: cell.height * 0.08)
        let gap = metrics.gap
        var size = min(metrics.font(.heading), row.height * Canvas.heightFactor)
        var labelSize = min(metrics.font(.body), size)
        // The word before the long label: the first way that fits at four fifths of the
        // sizes or more, else the narrowest.
        var choice: (label: String, lines: [String], width: Double)?
        search: for lines in valueLines(tile.value) {
            for label in [tile.label, tile.shortLabel].compactMap(\.self) {
                let width =
                    canvas.measure(label, style: .regular, size: labelSize).advance + gap
                    + valueWidth(tile.value, lines: lines, size: size)
                if width < (choice?.width ?? .infinity) { choice = (label, lines, width) }
                if width * 0.8 <= row.width {
                    choice = (label, lines, width)
                    break search
                }
            }
        }
        guard var choice else { return }
        func total() -> Double {
            (choice.label.isEmpty
                ? 0 : canvas.measure(choice.label, style: .regular, size: labelSize).advance + gap)
                + valueWidth(tile.value, lines: choice.lines, size: size)
        }
        var steps = 0
        while total() > row.width, steps < 16 {
            size = max(Canvas.minimumTextSize, size * 0.94)
            labelSize = max(Canvas.minimumTextSize, labelSize * 0.94)
            steps += 1
        }
        // Still too wide at the smallest sizes: the value alone says it.
        if total() > row.width { choice.label = "" }
        let width = valueWidth(tile.value, lines: choice.lines, size: size)
        let (valueArea, labelArea) = row.sliceRight(min(width, row.width))
        if !choice.label.isEmpty {
            canvas.drawText(
                choice.label, in: labelArea.sliceRight(gap * 0.9).1, style: .regular,
                size: labelSize, color: palette.secondary)
        }
        switch tile.value {
        case .text(let text):
            // A dash in the regular weight: a bold one at this size reads as a bar.
            let missing = text == "–"
            canvas.drawText(
                text, in: valueArea, style: missing ? .regular : .bold, size: size,
                color: missing ? palette.secondary : palette.primary, alignment: .right)
        case .band(let number, _, let color):
            let chipWidth = canvas.measure(number, style: .bold, size: size).advance + gap
            let (chip, wordArea) = valueArea.sliceLeft(chipWidth)
            drawBandChip(number, color: Color(hex: color), in: chip, size: size)
            for word in choice.lines {
                canvas.drawText(
                    word, in: wordArea.sliceLeft(gap / 2).1, style: .bold, size: size,
                    color: palette.primary, alignment: .right)
            }
        }
    }

    /// The ways a value may be laid out: a band's number with its word, or alone where the
    /// word does not fit (its colour and the label say the band).
    private func valueLines(_ value: DashboardTile.Value) -> [[String]] {
        guard case .band(_, let word, _) = value else { return [[]] }
        return [[word], []]
    }

    /// How wide the value is drawn at `size`, a band's word when `lines` has it.
    private func valueWidth(_ value: DashboardTile.Value, lines: [String], size: Double)
        -> Double
    {
        switch value {
        case .text(let text):
            return canvas.measure(text, style: .bold, size: size).advance
        case .band(let number, _, _):
            let word = lines.map { canvas.measure($0, style: .bold, size: size).advance }.max()
            // A pixel to spare: a word measured to the exact width may round over it.
            return canvas.measure(number, style: .bold, size: size).advance + metrics.gap
                + (word.map { $0 + metrics.gap / 2 + 1 } ?? 0)
        }
    }

    /// A number on its band's colour, black or white as reads best on it; on e-paper,
    /// whose few inks would dither the colour under the number, a box of ink instead. The
    /// tiles' and the sky page's chips are small; the air page's large one (`large`) has
    /// rounder corners, a heavier box and more room beside the number.
    func drawBandChip(
        _ number: String, color: Color, in chip: Rect, size: Double, large: Bool = false
    ) {
        let radius = metrics.length(large ? 10 : 6)
        let outline: Double = large ? 3 : 2
        let numberColor: Color
        if model.theme == .paper {
            canvas.newPath()
            canvas.roundedRectangle(chip.inset(metrics.stroke(outline / 2)), radius: radius)
            canvas.stroke(palette.primary, width: metrics.stroke(outline))
            numberColor = palette.primary
        } else {
            canvas.fill(chip, color, radius: radius)
            numberColor = color.luminance > 0.5 ? .black : .white
        }
        canvas.drawText(
            number, in: chip.insetBy(dx: metrics.gap / (large ? 1 : 2), dy: 0), style: .bold,
            size: size, color: numberColor, alignment: .center)
    }
}
