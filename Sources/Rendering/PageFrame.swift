import FoundationEssentials
import KioskCore

/// The parts every page shares: a header with the title and a clock, and a footer band with
/// "updated 14:05" and the notices. The footer takes its own band, so notices never cover
/// the page's numbers.
extension PageContext {
    /// Draws the header and the footer and returns the rectangle left for the content.
    /// - Parameters:
    ///   - title: the page's title, bold, on the left.
    ///   - subtitle: drawn after the title in the secondary colour when there is room.
    ///   - clock: on the right, for example the city's local time.
    ///   - updated: the fetch time, shown in the footer as "updated 14:05" (kiosk time).
    func drawFrame(title: String, subtitle: String?, clock: String?, updated: Date?) -> Rect {
        let margin = metrics.margin
        var area = canvas.bounds.inset(margin)
        let headerHeight = metrics.font(.title) / Canvas.heightFactor
        let (header, belowHeader) = area.sliceTop(headerHeight)
        area = belowHeader
        drawHeader(header, title: title, subtitle: subtitle, clock: clock)

        let notices = model.notices.prefix(Self.maximumNotices)
        let lineHeight = metrics.font(.small) / Canvas.heightFactor * 1.1
        let lines = max(notices.isEmpty ? 0 : notices.count, updated == nil ? 0 : 1)
        if lines > 0 {
            let (footer, rest) = area.sliceBottom(lineHeight * Double(lines))
            area = rest
            drawFooter(footer, lineHeight: lineHeight, notices: Array(notices), updated: updated)
        }
        let gap = metrics.gap
        return Rect(
            x: area.x, y: area.y + gap, width: area.width, height: max(0, area.height - 2 * gap))
    }

    /// More notices than this are summed up as "+N more".
    static let maximumNotices = 3

    private func drawHeader(_ header: Rect, title: String, subtitle: String?, clock: String?) {
        var titleArea = header
        let size = metrics.font(.title)
        if let clock {
            let width = min(
                canvas.measure(clock, style: .bold, size: size).advance, header.width * 0.4)
            let (clockArea, rest) = header.sliceRight(width)
            canvas.drawText(
                clock, in: clockArea, style: .bold, size: size, color: palette.primary,
                alignment: .right)
            titleArea = rest.sliceRight(metrics.gap * 2).1
        }
        guard
            let placed = canvas.drawText(
                title, in: titleArea, style: .bold, size: size, color: palette.primary)
        else { return }
        if let subtitle, !subtitle.isEmpty {
            let start = placed.ink.maxX + metrics.gap
            let room = Rect(
                x: start, y: titleArea.y, width: titleArea.maxX - start,
                height: titleArea.height)
            let subtitleSize = metrics.font(.heading)
            if room.width > 0,
                canvas.fittingSize(
                    subtitle, style: .regular, size: subtitleSize, width: room.width,
                    height: room.height) == subtitleSize
            {
                // The subtitle shares the title's baseline.
                canvas.drawText(
                    subtitle, baseline: Point(x: start, y: placed.baseline), style: .regular,
                    size: subtitleSize, color: palette.secondary)
            }
        }
    }

    private func drawFooter(
        _ footer: Rect, lineHeight: Double, notices: [PageNotice], updated: Date?
    ) {
        let size = metrics.font(.small)
        let rows = footer.rows(max(1, max(notices.count, updated == nil ? 0 : 1)))
        var noticeArea = rows
        if let updated, let last = rows.last {
            let text = "updated " + values.clock(updated, offset: model.kioskUTCOffsetSeconds)
            let width = canvas.measure(text, style: .regular, size: size).advance
            let (right, left) = last.sliceRight(min(width, last.width * 0.4))
            canvas.drawText(
                text, in: right, style: .regular, size: size, color: palette.secondary,
                alignment: .right)
            noticeArea[noticeArea.count - 1] = left.sliceRight(metrics.gap * 2).1
        }
        var shown = notices
        if model.notices.count > notices.count, !shown.isEmpty {
            shown.removeLast()
        }
        for (index, notice) in shown.enumerated() {
            drawNotice(noticeText(notice), color: noticeColor(notice), in: noticeArea[index])
        }
        if model.notices.count > notices.count, let last = noticeArea.last {
            let hidden = model.notices.count - shown.count
            drawNotice("+\(hidden) more", color: palette.secondary, in: last)
        }
    }

    private func drawNotice(_ text: String, color: Color, in row: Rect) {
        let size = min(metrics.font(.small), Canvas.heightFactor * row.height)
        let radius = size * 0.3
        let (mark, rest) = row.sliceLeft(radius * 2 + metrics.gap)
        canvas.newPath()
        canvas.circle(Point(x: mark.minX + radius, y: row.midY), radius: radius)
        canvas.fill(color)
        canvas.drawText(
            text, in: rest, style: .regular, size: size, color: color, shrinking: false)
    }

    /// The sentence of a notice: "offline · data from 14:05 · retrying in 2 min".
    func noticeText(_ notice: PageNotice) -> String {
        switch notice {
        case .stale(let dataTime, let nextRetry):
            var text = "offline · data from " + dataTimeText(dataTime)
            if let nextRetry {
                let wait = nextRetry.timeIntervalSince(model.now)
                text += wait < 60 ? " · retrying now" : " · retrying in " + retryText(wait)
            }
            return text
        case .error(let message):
            return message
        }
    }

    private func noticeColor(_ notice: PageNotice) -> Color {
        switch notice {
        case .stale: palette.warning
        case .error: palette.error
        }
    }

    /// "14:05" today, "Sat 14:05" on another day (kiosk time).
    private func dataTimeText(_ time: Date) -> String {
        let offset = model.kioskUTCOffsetSeconds
        let then = LocalDateTime(time, utcOffsetSeconds: offset)
        let now = LocalDateTime(model.now, utcOffsetSeconds: offset)
        let clock = then.clockText(model.units.clock)
        return then.date == now.date ? clock : then.date.weekdayAbbreviation + " " + clock
    }

    /// "2 min", "1 h 5 min": rounded up to whole minutes, as a countdown reads.
    private func retryText(_ seconds: Double) -> String {
        WeatherFormat.duration((seconds / 60).rounded(.up) * 60)
    }
}
