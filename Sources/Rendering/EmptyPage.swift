import KioskCore

/// The page of a kiosk without favourites: how to add one over SSH, with the host name and
/// addresses to reach it at.
extension PageContext {
    func drawEmptyPage() {
        let local = LocalDateTime(model.now, utcOffsetSeconds: model.kioskUTCOffsetSeconds)
        let content = drawFrame(
            title: "Weather kiosk", subtitle: nil,
            clock: local.date.weekdayAbbreviation + " " + local.clockText(model.units.clock),
            updated: nil)
        let host = model.host
        let area = content.insetBy(dx: content.width * 0.04, dy: content.height * 0.04)
        let (titleRow, afterTitle) = area.sliceTop(area.height * 0.2)
        let (introRow, afterIntro) = afterTitle.sliceTop(area.height * 0.14)
        let (commandBlock, infoArea) = afterIntro.sliceTop(area.height * 0.38)
        canvas.drawText(
            "No favourite cities yet", in: titleRow, style: .bold,
            size: metrics.font(.title) * 1.4, color: palette.primary, alignment: .center)
        canvas.drawText(
            "Add one over SSH:", in: introRow, style: .regular, size: metrics.font(.heading),
            color: palette.secondary, alignment: .center)
        let commandArea = commandBlock.insetBy(dx: 0, dy: metrics.gap / 2)
        canvas.fill(commandArea, palette.surface, radius: metrics.length(8))
        let commandRows = commandArea.insetBy(dx: metrics.gap * 1.5, dy: metrics.gap).rows(2)
        let login = "ssh " + (host.addresses.first ?? (host.name.isEmpty ? "KIOSK" : host.name))
        let commands = [login, host.addCityCommand]
        // Both lines at one size: that of the longer one.
        let longest = commands.max { $0.count < $1.count } ?? login
        let size =
            canvas.fittingSize(
                "$ " + longest, style: .mono, size: metrics.font(.heading),
                width: commandRows[0].width, height: commandRows[0].height)
            ?? Canvas.minimumTextSize
        for (row, command) in zip(commandRows, commands) {
            canvas.drawRuns(
                [
                    TextRun(text: "$ ", color: palette.secondary, style: .mono),
                    TextRun(text: command, color: palette.primary, style: .mono),
                ], in: row, size: size, alignment: .left)
        }
        let name = host.name.isEmpty ? "This kiosk" : host.name
        let reach =
            host.addresses.isEmpty
            ? "no network address yet: connect the cable or set up Wi-Fi"
            : host.addresses.joined(separator: "  ·  ")
        var reachArea = infoArea.sliceTop(metrics.gap).1
        if !model.hasStation {
            // No default station: say once, on the first page a new owner sees, what the
            // kiosk does without one and which keys set it (`doctor` gives the full lines).
            let (top, stationArea) = reachArea.sliceTop(reachArea.height * 0.4)
            reachArea = top
            canvas.drawParagraph(
                "No station set: pressure stays at station level (see doctor).",
                in: stationArea, style: .regular, size: metrics.font(.body) * 0.9,
                color: palette.secondary, alignment: .center, centredVertically: true)
        }
        canvas.drawParagraph(
            "\(name): \(reach)", in: reachArea, style: .regular,
            size: metrics.font(.body),
            color: host.addresses.isEmpty ? palette.warning : palette.secondary,
            alignment: .center, centredVertically: true)
    }
}
