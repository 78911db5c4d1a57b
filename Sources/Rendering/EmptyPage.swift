import KioskCore

/// The page of a kiosk without favourites: how to add one over SSH, with the host name and
/// addresses to reach it at.
extension PageContext {
    func drawEmptyPage() {
        let content = drawFrame(
            title: language.localized("Weather kiosk"), subtitle: nil, clock: kioskClock,
            updated: nil)
        let host = model.host
        let area = content.insetBy(dx: content.width * 0.04, dy: content.height * 0.03)
        let (titleRow, afterTitle) = area.sliceTop(area.height * 0.18)
        let (introRow, afterIntro) = afterTitle.sliceTop(area.height * 0.12)
        canvas.drawText(
            language.localized("No favourite cities yet"), in: titleRow, style: .bold,
            size: metrics.font(.title) * 1.4, color: palette.primary, alignment: .center)
        canvas.drawText(
            language.localized("Add one over SSH:"), in: introRow, style: .regular,
            size: metrics.font(.heading),
            color: palette.secondary, alignment: .center)
        let login = "ssh " + (host.addresses.first ?? (host.name.isEmpty ? "KIOSK" : host.name))
        let padding = (x: metrics.gap * 1.5, y: metrics.gap)
        let commands = commandLines(
            [login, host.addCityCommand], width: afterIntro.width - 2 * padding.x,
            height: afterIntro.height * 0.66 - metrics.gap - 2 * padding.y)
        let (commandBlock, infoArea) = afterIntro.sliceTop(
            commands.height + 2 * padding.y + metrics.gap)
        let commandArea = commandBlock.insetBy(dx: 0, dy: metrics.gap / 2)
        canvas.fill(commandArea, palette.surface, radius: metrics.length(8))
        let lineArea = commandArea.insetBy(dx: padding.x, dy: padding.y)
        for (index, line) in commands.lines.enumerated() {
            let row = Rect(
                x: lineArea.x, y: lineArea.y + Double(index) * commands.lineHeight,
                width: lineArea.width, height: commands.lineHeight)
            // The first line of a command gets the prompt, the rest are indented under it.
            canvas.drawRuns(
                [
                    TextRun(
                        text: line.continued ? "  " : "$ ", color: palette.secondary,
                        style: .mono),
                    TextRun(text: line.text, color: palette.primary, style: .mono),
                ], in: row, size: commands.size, alignment: .left)
        }
        let name = host.name.isEmpty ? language.localized("This kiosk") : host.name
        let reach =
            host.addresses.isEmpty
            ? language.localized("no network address yet: connect the cable or set up Wi-Fi")
            : host.addresses.joined(separator: "  ·  ")
        var reachArea = infoArea.sliceTop(metrics.gap / 2).1
        if !model.hasStation {
            // No default station: say once, on the first page a new owner sees, what the
            // kiosk does without one and which keys set it (`doctor` gives the full lines).
            let (top, stationArea) = reachArea.sliceTop(reachArea.height * 0.4)
            reachArea = top
            canvas.drawParagraph(
                language.localized(
                    "No station set: pressure stays at station level (see doctor)."),
                in: stationArea, style: .regular, size: metrics.font(.body) * 0.9,
                color: palette.secondary, alignment: .center, centredVertically: true)
        }
        canvas.drawParagraph(
            "\(name): \(reach)", in: reachArea, style: .regular,
            size: metrics.font(.body),
            color: host.addresses.isEmpty ? palette.warning : palette.secondary,
            alignment: .center, centredVertically: true)
    }

    /// The commands' lines on the empty page: in the mono font, from the heading's size
    /// down to four fifths of the page's labels (10 px at 320×240, 13.6 at 800×480, 30 at
    /// 1920×1080), wrapped at spaces to `width`, as large as lets all of them fit `height`
    /// with no word shortened; at that size, a word longer than a line (a program path) is
    /// shortened in the middle. Never dropped.
    private func commandLines(_ commands: [String], width: Double, height: Double)
        -> (
            lines: [(text: String, continued: Bool)], size: Double, lineHeight: Double,
            height: Double
        )
    {
        let smallest = max(canvas.minimumTextSize, metrics.font(.small) * 0.8)
        var size = metrics.font(.heading)
        while true {
            // A fixed-width font: every character advances alike.
            let advance = canvas.measure("M", style: .mono, size: size).advance
            let columns = Int((width / advance).rounded(.down)) - 2
            let wrapped = commands.map { CommandWrap($0, columns: columns) }
            let lineHeight = size * 1.3
            let count = wrapped.reduce(0) { $0 + $1.lines.count }
            let fits =
                Double(count) * lineHeight <= height && !wrapped.contains(where: \.shortened)
            if fits || size <= smallest {
                let lines = wrapped.flatMap { wrap in
                    wrap.lines.enumerated().map { (text: $0.element, continued: $0.offset > 0) }
                }
                return (lines, size, lineHeight, Double(lines.count) * lineHeight)
            }
            size = max(smallest, size * 0.92)
        }
    }
}
