import FoundationEssentials
import KioskCore

/// The air page: the air-quality index large on its scale's colour with the scale's word
/// for it, PM2.5, PM10, ozone and nitrogen dioxide in µg/m³, pollen where Open-Meteo counts
/// it (nothing at all where it does not), and the next hours' index as bars in the bands'
/// colours. A favourite whose air quality has not arrived says it is waiting for it.
extension PageContext {
    func drawAirPage() {
        guard let weather = model.city else { return drawEmptyPage() }
        let hours = metrics.isCompact ? 6 : (metrics.isPortrait ? 8 : 12)
        let air = AirNow(model, weather: weather, hours: hours)
        let content = drawFrame(
            title: weather.displayName, subtitle: countryLine(weather),
            clock: cityClock(weather.forecast), updated: weather.fetchedAt,
            credit: credit(for: [weather], airQuality: air.showsValues))
        guard air.showsValues else {
            return drawAirWaiting(air, in: content)
        }
        let gap = metrics.gap
        let trendHeight = air.trend.count < 2 ? 0 : content.height * 0.36
        let (trendArea, upper) = content.sliceBottom(trendHeight)
        if trendHeight > 0 {
            separator(y: trendArea.minY - gap / 2, from: content.minX, to: content.maxX)
            drawAirTrend(air, in: trendArea.sliceTop(gap).1)
        }
        let main = trendHeight > 0 ? upper.sliceBottom(gap).1 : upper
        if metrics.isPortrait {
            let (indexArea, listArea) = main.sliceTop(main.height * 0.5)
            drawAirIndex(air, in: indexArea.sliceBottom(gap).1)
            drawPollutants(air, in: listArea.sliceTop(gap).1)
        } else {
            let (indexArea, listArea) = main.sliceLeft(main.width * 0.42)
            drawAirIndex(air, in: indexArea.sliceRight(gap).1)
            drawPollutants(air, in: listArea.sliceLeft(gap * 2).1)
        }
    }

    /// The scale's name, the index on its band's colour (in a box of ink on e-paper, whose
    /// few inks would dither the colour under the number), and the band's word below.
    private func drawAirIndex(_ air: AirNow, in area: Rect) {
        let (titleRow, rest) = area.sliceTop(metrics.font(.heading) / Canvas.heightFactor)
        canvas.drawText(
            air.scale.title(in: language), in: titleRow, style: .regular,
            size: metrics.font(.heading),
            color: palette.secondary)
        // A long word ("Unhealthy for sensitive groups") takes two lines where one would
        // shrink it below the heading's size.
        let titleSize = metrics.font(.title)
        // TRANSLATORS: on the air page in place of the air-quality band's word when the
        // forecast has no index for this hour.
        let noIndex = language.localized("No index now")
        let word = air.index.map(air.word) ?? noIndex
        let oneLine = canvas.fittingSize(
            word, style: .bold, size: titleSize, width: rest.width, height: .infinity)
        let wraps = (oneLine ?? 0) < metrics.font(.heading)
        let wordHeight = titleSize / Canvas.heightFactor * (wraps ? 2.3 : 1.15)
        let (wordRow, chipArea) = rest.sliceBottom(wordHeight)
        guard let index = air.index else {
            canvas.drawText(
                "–", in: chipArea.sliceTop(metrics.gap / 2).1, style: .regular,
                size: metrics.font(.hero), color: palette.secondary)
            canvas.drawText(
                noIndex, in: wordRow, style: .regular, size: metrics.font(.title),
                color: palette.secondary)
            return
        }
        let band = index.band
        let name = air.word(index)
        let chipBox = chipArea.insetBy(dx: 0, dy: metrics.gap / 2)
        let size = min(metrics.font(.hero), chipBox.height * 0.62)
        let number = index.text
        let chipWidth = min(
            chipBox.width,
            max(
                chipBox.height * 1.3,
                canvas.measure(number, style: .bold, size: size).advance + metrics.gap * 3))
        drawBandChip(
            number, color: Color(hex: band.color), in: chipBox.sliceLeft(chipWidth).0,
            size: size, large: true)
        if wraps {
            canvas.drawParagraph(
                name, in: wordRow, style: .bold, size: titleSize, color: palette.primary,
                centredVertically: true)
        } else {
            canvas.drawText(
                name, in: wordRow, style: .bold, size: titleSize, color: palette.primary)
        }
    }

    /// PM2.5, PM10, O₃ and NO₂ a row each, then pollen when the place has it: as many
    /// plants as fit whole (German "Gräser" and French "Graminées" are longer than "Grass").
    private func drawPollutants(_ air: AirNow, in area: Rect) {
        let wide = area.width >= metrics.length(420)
        let count = air.pollutants.count + (air.pollen == nil ? 0 : 1)
        let rows = area.rows(count, gap: metrics.gap / 2)
        let size = metrics.font(.heading)
        for (pollutant, row) in zip(air.pollutants, rows) {
            skyRow(
                wide ? pollutant.long : pollutant.short, air.text(pollutant.value), in: row,
                size: size)
        }
        if let row = rows.last,
            let pollen = (1...(wide ? 3 : 2)).reversed().lazy.compactMap({
                air.pollenText(count: $0)
            }).first(where: {
                canvas.fittingSize(
                    $0, style: .bold, size: size, width: row.width * 0.6, height: row.height)
                    != nil
            }) ?? air.pollenText(count: 1)
        {
            // TRANSLATORS: the pollen row's label where the air page has room: the counts
            // after it are grains per cubic metre ({unit} is "m³").
            let label =
                wide
                ? language.localized("Pollen, grains/{unit}", ["unit": "m³"]) : air.pollenLabel
            skyRow(label, pollen, in: row, size: size)
        }
    }

    /// The next hours' index: a bar each in its band's colour (ink on e-paper), the value
    /// above and the hour below.
    private func drawAirTrend(_ air: AirNow, in area: Rect) {
        let small = metrics.font(.small)
        let labelHeight = small / Canvas.heightFactor
        let (titleRow, body) = area.sliceTop(labelHeight)
        canvas.drawText(
            language.localized("Next hours", context: "air quality"), in: titleRow,
            style: .regular, size: small, color: palette.secondary)
        let (hourRow, plot) = body.sliceBottom(labelHeight)
        let columns = plot.columns(air.trend.count, gap: metrics.gap / 2)
        // Every other hour's label when "15:00" is wider than a column.
        // Bars against the top of the band above the highest value, so that a calm day's
        // changes show; the scale's drawn maximum caps them.
        let highest = air.trend.map(\.index.value).max() ?? 0
        let top =
            air.scale.upperBounds.map(Double.init).first { $0 >= highest * 1.1 }
            ?? air.scale.drawnMaximum
        let widest = canvas.measure(values.hour(model.now, offset: 0), style: .regular, size: small)
        let labelEvery = widest.advance > (columns.first?.width ?? 0) ? 2 : 1
        for (position, (entry, column)) in zip(air.trend, columns).enumerated() {
            let (valueRow, barArea) = column.sliceTop(labelHeight)
            let fraction = min(1, entry.index.value / top)
            let barHeight = max(metrics.stroke(2), barArea.height * fraction)
            let bar = barArea.sliceBottom(barHeight).0
            if model.theme == .paper {
                canvas.fill(bar, palette.primary, radius: metrics.length(3))
            } else {
                canvas.fill(bar, Color(hex: entry.index.band.color), radius: metrics.length(3))
            }
            let valueBox = Rect(
                x: column.minX - metrics.gap / 4, y: bar.minY - labelHeight,
                width: column.width + metrics.gap / 2, height: labelHeight)
            canvas.drawText(
                entry.index.text, in: valueBox.minY < valueRow.minY ? valueRow : valueBox,
                style: .bold, size: small, color: palette.primary, alignment: .center)
            if position % labelEvery == 0 {
                let labelBox = Rect(
                    x: column.midX - column.width, y: hourRow.minY, width: column.width * 2,
                    height: hourRow.height)
                canvas.drawText(
                    values.hour(entry.time, offset: air.utcOffsetSeconds), in: labelBox,
                    style: .regular, size: small, color: palette.secondary, alignment: .center)
            }
        }
    }

    /// A favourite whose air quality has not arrived: the room the numbers would take says
    /// so and when it comes, in full.
    private func drawAirWaiting(_ air: AirNow, in content: Rect) {
        let area = content.insetBy(dx: content.width * 0.04, dy: 0)
        let (titleArea, rest) = area.sliceTop(
            min(area.height * 0.35, metrics.font(.title) / Canvas.heightFactor * 1.8))
        canvas.drawText(
            language.localized("Waiting for air quality"), in: titleArea, style: .bold,
            size: metrics.font(.title),
            color: palette.primary, alignment: .center)
        let text =
            air.hasArrived
            ? language.localized(
                "Open-Meteo's air-quality forecast has no value for this hour yet.")
            : language.localized(
                "The kiosk asks Open-Meteo's air-quality service once an hour; the {scale} shows here when it answers.",
                ["scale": air.scale.title(in: language)])
        canvas.drawParagraph(
            text, in: rest, style: .regular, size: metrics.font(.heading),
            color: palette.secondary, alignment: .center, centredVertically: true)
    }
}
