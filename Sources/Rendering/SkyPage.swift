import FoundationEssentials
import KioskCore

/// The sky page: sunrise and sunset at the place with the day's length and how it changed
/// since yesterday, the Moon's phase drawn and named with its illumination, rise and set,
/// and the forecast's UV index for today in the WHO's words and colour.
extension PageContext {
    func drawSkyPage() {
        guard let weather = model.city else { return drawEmptyPage() }
        let sky = SkyToday(weather, now: model.now, language: language)
        let content = drawFrame(
            title: weather.displayName, subtitle: countryLine(weather),
            clock: cityClock(weather.forecast), updated: weather.fetchedAt,
            credit: credit(for: [weather]))
        let gap = metrics.gap
        let uvHeight = metrics.font(.large) / Canvas.heightFactor * 1.1
        let (uvArea, upper) = content.sliceBottom(uvHeight)
        let main = upper.sliceBottom(gap * 2).1
        separator(y: uvArea.minY - gap, from: content.minX, to: content.maxX)
        if metrics.isPortrait {
            let (sunArea, moonArea) = main.sliceTop(main.height * 0.48)
            drawSun(sky, in: sunArea.sliceBottom(gap).1)
            separator(y: moonArea.minY, from: content.minX, to: content.maxX)
            drawMoon(sky, in: moonArea.sliceTop(gap * 2).1)
        } else {
            let (sunArea, moonArea) = main.sliceLeft(main.width * 0.47)
            drawSun(sky, in: sunArea.sliceRight(gap).1)
            drawMoon(sky, in: moonArea.sliceLeft(gap * 2).1)
        }
        drawUV(sky.uvIndex, in: uvArea)
    }

    /// Sunrise and sunset large, the day's length and its change below.
    private func drawSun(_ sky: SkyToday, in area: Rect) {
        let rows = area.rows(4, gap: metrics.gap / 2)
        let large = metrics.font(.large)
        skyRow(
            language.localized("Sunrise"), sky.clock(sky.sun?.sunrise, values: values), in: rows[0],
            size: large)
        skyRow(
            language.localized("Sunset"), sky.clock(sky.sun?.sunset, values: values), in: rows[1],
            size: large)
        skyRow(
            metrics.isCompact
                ? language.localized("Day", context: "length of the day, short")
                : language.localized("Day length"), sky.daylightText, in: rows[2],
            size: metrics.font(.heading))
        guard let change = sky.changeText else {
            // No forecast, so no UTC offset for the place: its clock times wait for it.
            canvas.drawText(
                metrics.isCompact
                    ? language.localized("No forecast yet")
                    : language.localized("Times once the forecast is in"),
                in: rows[3], style: .regular,
                size: metrics.font(.body), color: palette.secondary, alignment: .right)
            return
        }
        if sky.isPolar {
            canvas.drawText(
                change, in: rows[3], style: .bold, size: metrics.font(.body),
                color: palette.primary, alignment: .right)
        } else {
            skyRow(
                metrics.isCompact
                    ? language.localized("Change", context: "day length")
                    : language.localized("Since yesterday"), change, in: rows[3],
                size: metrics.font(.body))
        }
    }

    /// The Moon's name on top; below it the Moon drawn on the left and its numbers on the
    /// right (shorter labels on small screens).
    private func drawMoon(_ sky: SkyToday, in area: Rect) {
        let (nameRow, below) = area.sliceTop((area.height - metrics.gap * 1.5) / 4)
        canvas.drawText(
            sky.phaseTitle, in: nameRow, style: .bold, size: metrics.font(.heading),
            color: palette.primary, alignment: metrics.isPortrait ? .left : .right)
        let body = below.sliceTop(metrics.gap / 2).1
        let side = min(body.height, body.width * 0.36)
        let (diskArea, textArea) = body.sliceLeft(side)
        drawMoonDisk(sky, in: diskArea.centeredSquare.inset(side * 0.06))
        let rows = textArea.sliceLeft(metrics.gap * 2).1.rows(3, gap: metrics.gap / 2)
        let size = metrics.font(.body)
        let compact = metrics.isCompact
        let short = [
            language.localized("Lit", context: "moon"), language.localized("Rise", context: "moon"),
            language.localized("Set", context: "moon"),
        ]
        let long = [
            language.localized("Illuminated"), language.localized("Moonrise"),
            language.localized("Moonset"),
        ]
        // "none today" on the day a month without a moonrise (or moonset): "none" beside
        // the short labels.
        func numbers(short: Bool) -> [String] {
            [
                sky.illuminationText,
                sky.moonTime(sky.moonTimes?.moonrise, values: values, short: short),
                sky.moonTime(sky.moonTimes?.moonset, values: values, short: short),
            ]
        }
        // The long labels where each fits beside its value at four fifths of the size or
        // more ("Mondaufgang" beside "heute keiner" does not), else the short ones, all
        // three alike.
        let fits =
            !compact
            && zip(long, zip(numbers(short: false), rows)).allSatisfy { label, pair in
                skyLabelSize(label, pair.0, in: pair.1, size: size)
                    >= skyLabelMaximum(size) * 0.8
            }
        let shown = numbers(short: !fits)
        for (index, label) in (fits ? long : short).enumerated() {
            skyRow(label, shown[index], in: rows[index], size: size)
        }
    }

    /// The largest size a sky row's label is drawn at.
    private func skyLabelMaximum(_ size: Double) -> Double { min(size, metrics.font(.heading)) }

    /// The areas of a sky row: its value on the right, as wide as the value up to three
    /// fifths of the row, and its label's on the left.
    private func skyRowAreas(_ value: String, in row: Rect, size: Double) -> (
        value: Rect, label: Rect
    ) {
        let valueWidth = min(
            canvas.measure(value, style: .bold, size: size).advance, row.width * 0.6)
        let (valueArea, labelArea) = row.sliceRight(valueWidth)
        return (valueArea, labelArea.sliceRight(metrics.gap).1)
    }

    /// The size `label` is drawn at beside `value`; 0 when it does not fit whole.
    private func skyLabelSize(_ label: String, _ value: String, in row: Rect, size: Double)
        -> Double
    {
        let area = skyRowAreas(value, in: row, size: size).label
        return canvas.fittingSize(
            label, style: .regular, size: skyLabelMaximum(size), width: area.width,
            height: area.height) ?? 0
    }

    /// A label on the left in the secondary colour and its value on the right, bold (the
    /// sky and air pages' rows).
    func skyRow(_ label: String, _ value: String, in row: Rect, size: Double) {
        let (valueArea, labelArea) = skyRowAreas(value, in: row, size: size)
        canvas.drawText(
            label, in: labelArea, style: .regular, size: skyLabelMaximum(size),
            color: palette.secondary)
        // A dash in the regular weight: a bold one at this size reads as a bar.
        let missing = value == "–"
        canvas.drawText(
            value, in: valueArea, style: missing ? .regular : .bold, size: size,
            color: missing ? palette.secondary : palette.primary, alignment: .right)
    }

    /// The Moon as it looks: a disc whose lit part is bounded by the limb on the lit side
    /// and the terminator, a half-ellipse whose half-width is the radius times
    /// |1 − 2 × illuminated fraction| (on the lit side while gibbous). The lit limb is on
    /// the right while waxing as seen from the northern hemisphere and on the left in the
    /// southern (`SkyToday.isLitOnRight`).
    private func drawMoonDisk(_ sky: SkyToday, in square: Rect) {
        let radius = square.width / 2
        let center = Point(x: square.midX, y: square.midY)
        // On a light page the lit part is white and the dark part grey (on e-paper a
        // dithered grey and the paper itself), so the lit part is the lighter one there
        // too; on the dark page it is the moon's pale yellow.
        let light = model.theme != .dark
        let lit = light ? palette.surface : palette.moon
        let dark = light ? palette.darkCloud : palette.faint
        canvas.newPath()
        canvas.circle(center, radius: radius)
        canvas.fill(dark)
        let side = sky.isLitOnRight ? 1.0 : -1.0
        let terminator = radius * (1 - 2 * sky.moon.illuminatedFraction)
        let steps = 48
        canvas.newPath()
        for step in 0...steps {
            let angle = Double.pi * Double(step) / Double(steps)
            let point = Point(
                x: center.x + side * radius * sine(angle), y: center.y - radius * cosine(angle))
            step == 0 ? canvas.move(to: point) : canvas.line(to: point)
        }
        for step in stride(from: steps, through: 0, by: -1) {
            let angle = Double.pi * Double(step) / Double(steps)
            canvas.line(
                to: Point(
                    x: center.x + side * terminator * sine(angle),
                    y: center.y - radius * cosine(angle)))
        }
        canvas.closePath()
        canvas.fill(lit)
        canvas.newPath()
        canvas.circle(center, radius: radius)
        canvas.stroke(
            model.theme == .paper ? palette.primary : palette.secondary,
            width: metrics.stroke(1.5))
    }

    /// "UV index today  [3] Moderate": the number on the WHO band's colour and the band's
    /// word; "–" when the forecast has none.
    private func drawUV(_ uvIndex: UVIndex?, in area: Rect) {
        let size = metrics.font(.heading)
        let label = language.localized("UV index today")
        let labelWidth = min(
            canvas.measure(label, style: .regular, size: size).advance + metrics.gap,
            area.width * 0.45)
        let (labelArea, rest) = area.sliceLeft(labelWidth)
        canvas.drawText(
            label, in: labelArea, style: .regular, size: size,
            color: palette.secondary)
        guard let uvIndex else {
            canvas.drawText(
                "–", in: rest.sliceLeft(metrics.gap).1, style: .regular,
                size: metrics.font(.large), color: palette.secondary)
            return
        }
        let band = uvIndex.band
        let number = "\(uvIndex.reported)"
        let large = metrics.font(.large)
        let chipWidth = canvas.measure(number, style: .bold, size: large).advance + metrics.gap * 2
        let (chip, word) = rest.sliceLeft(metrics.gap).1.sliceLeft(chipWidth)
        drawBandChip(number, color: Color(hex: band.color), in: chip, size: large)
        canvas.drawText(
            band.name(in: language), in: word.sliceLeft(metrics.gap).1, style: .bold, size: large,
            color: palette.primary)
    }
}
