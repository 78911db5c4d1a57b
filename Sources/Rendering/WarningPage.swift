import KioskCore

/// The page of its own a severe or extreme warning gets: a block in the warning's colour
/// (orange, red) with how bad, what and when in the place's time, then what to do, and who
/// says so — the service, or that it is the kiosk's own reading of the forecast.
extension PageContext {
    func drawWarningPage() {
        guard let weather = model.city, let warning = model.warningPage else {
            return drawEmptyPage()
        }
        // The page is the warning: no band repeats it under the header.
        var frameModel = model
        frameModel.warning = nil
        let content = PageContext(canvas: canvas, model: frameModel).drawFrame(
            title: weather.displayName, subtitle: weather.city.country,
            clock: cityClock(weather.forecast), updated: nil)
        let colour = Self.bandColour(warning.level)
        let ink = colour.luminance > 0.4 ? Color.black : Color.white
        let (block, below) = content.sliceTop(content.height * 0.5)
        canvas.fill(block, colour, radius: metrics.length(8))
        let inner = block.insetBy(dx: metrics.gap * 1.5, dy: metrics.gap)
        let (titleRow, afterTitle) = inner.sliceTop(inner.height * 0.25)
        let (periodRow, eventRow) = afterTitle.sliceBottom(inner.height * 0.25)
        canvas.drawText(
            "⚠ " + warning.title, in: titleRow, style: .bold, size: metrics.font(.heading),
            color: ink)
        canvas.drawText(
            warning.event, in: eventRow, style: .bold, size: metrics.font(.large), color: ink)
        canvas.drawText(
            warning.period, in: periodRow, style: .regular, size: metrics.font(.heading),
            color: ink)
        let lineHeight = metrics.font(.body) / Canvas.heightFactor * 1.3
        let room = below.sliceTop(metrics.gap).1
        // What to do fills the room, who says so closes the page; without advice the source
        // comes right under the block.
        var (sourceArea, adviceArea) = room.sliceBottom(2 * lineHeight)
        if let advice = warning.advice {
            canvas.drawParagraph(
                advice, in: adviceArea, style: .regular, size: metrics.font(.heading),
                color: palette.primary)
        } else {
            sourceArea = room.sliceTop(2 * lineHeight).0
        }
        canvas.drawParagraph(
            warning.sourceLine, in: sourceArea, style: .bold, size: metrics.font(.body),
            color: warning.official ? palette.primary : palette.warning, centredVertically: true)
    }
}
