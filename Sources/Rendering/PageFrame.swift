import FoundationEssentials
import KioskCore

/// The parts every page shares: a header with the title and a clock, and a footer band with
/// "updated 14:05", the notices and the credit a provider's licence asks for ("Data from
/// MET Norway"). The footer takes its own band, so notices never cover the page's numbers.
extension PageContext {
    /// Draws the header and the footer and returns the rectangle left for the content.
    /// - Parameters:
    ///   - title: the page's title, bold, on the left.
    ///   - subtitle: drawn after the title in the secondary colour when there is room.
    ///   - clock: on the right, for example the city's local time.
    ///   - updated: the fetch time, shown in the footer as "updated 14:05" (kiosk time).
    ///   - credit: the attribution the data's licence asks for, on the footer's last row
    ///     beside "updated 14:05", below the notices; nil where none is owed.
    func drawFrame(
        title: String, subtitle: String?, clock: String?, updated: Date?, credit: String? = nil
    ) -> Rect {
        let layout = frameLayout(updated: updated, credit: credit)
        drawHeader(layout.header, title: title, subtitle: subtitle, clock: clock)
        if let warning = model.warning, let band = layout.warningBand {
            drawWarningBand(band, warning)
        }
        if let footer = layout.footer {
            drawFooter(footer, plan: layout.plan, updated: updated)
        }
        return layout.content
    }

    /// The rectangle `drawFrame` leaves for the content with this footer, without drawing:
    /// a page whose credit depends on what fits (the dashboard's air-quality tile) asks first.
    func frameContent(updated: Date?, credit: String?) -> Rect {
        frameLayout(updated: updated, credit: credit).content
    }

    /// Where the frame's parts go: the header, the warning band when there is a warning,
    /// the footer and its rows, and the content between.
    private func frameLayout(updated: Date?, credit: String?) -> (
        header: Rect, warningBand: Rect?, footer: Rect?, plan: [FooterRow], content: Rect
    ) {
        var area = canvas.bounds.inset(metrics.margin)
        let (header, belowHeader) = area.sliceTop(metrics.font(.title) / Canvas.heightFactor)
        area = belowHeader
        var warningBand: Rect?
        if model.warning != nil {
            let (band, rest) = area.sliceTop(metrics.font(.small) / Canvas.heightFactor * 1.5)
            area = rest
            warningBand = band
        }
        let lineHeight = metrics.font(.small) / Canvas.heightFactor * 1.1
        let plan = footerPlan(
            width: area.width, lineHeight: lineHeight, updated: updated, credit: credit)
        var footer: Rect?
        if !plan.isEmpty {
            let (band, rest) = area.sliceBottom(lineHeight * Double(plan.count))
            area = rest
            footer = band
        }
        let gap = metrics.gap
        let content = Rect(
            x: area.x, y: area.y + gap, width: area.width, height: max(0, area.height - 2 * gap))
        return (header, warningBand, footer, plan, content)
    }

    /// Between two credits on one footer row: "Data from MET Norway · Air: Copernicus CAMS".
    static let creditSeparator = " · "

    /// More notices than this are summed up as "+N more".
    static let maximumNotices = 3

    /// The rows the footer may take: as many as the notices, with a second row for a long
    /// one while the footer stays within this many rows: 3 on small screens (320×240,
    /// 480×320), 4 from 800×480 up (every page is laid out, and tested, with that many).
    var maximumFooterRows: Int { metrics.isCompact ? 3 : 4 }

    /// One row of the footer: a notice's first line (with its mark), the rest of a notice's
    /// text, "+N more", or the credit.
    private struct FooterRow {
        var text: String
        var color: Color
        var continued: Bool
        var isCredit = false
    }

    /// The footer's rows: one per notice, "+N more" for those that do not fit, and more
    /// rows for a notice too long for one while rows are left. A notice puts what to do
    /// first, so its first row alone still says it. A credit takes the last row (beside
    /// "updated") and one row from the notices, so the footer never grows past its rows.
    private func footerPlan(width: Double, lineHeight: Double, updated: Date?, credit: String?)
        -> [FooterRow]
    {
        let size = min(metrics.font(.small), Canvas.heightFactor * lineHeight)
        let textWidth = width - (size * 0.6 + metrics.gap)
        // The last row shares its line with "updated 14:05" on the right.
        let lastWidth = textWidth - (updated.map { updatedWidth($0, rowWidth: width) } ?? 0)
        // Two credits too long for the last row together take a row each ("Data from MET
        // Norway" above "Air: Copernicus CAMS" on a 320×240), the last beside "updated".
        var credits = credit.map { [$0] } ?? []
        if let credit, canvas.measure(credit, style: .regular, size: size).advance > lastWidth {
            let parts = credit.split(separator: Self.creditSeparator).map(String.init)
            if parts.count > 1 { credits = parts }
        }
        let creditRows = credits.count
        let notices = model.notices.prefix(
            max(0, min(Self.maximumNotices, maximumFooterRows - creditRows)))
        var shown = Array(notices)
        let hidden = model.notices.count - shown.count
        if hidden > 0, !shown.isEmpty { shown.removeLast() }
        var spare = maximumFooterRows - shown.count - (hidden > 0 ? 1 : 0) - creditRows
        var rows: [FooterRow] = []
        for (index, notice) in shown.enumerated() {
            var text = noticeText(notice)
            let color = noticeColor(notice)
            let isLast = index == shown.count - 1 && hidden == 0 && credit == nil
            var continued = false
            // A line as wide as the row, the rest below it, for as many rows as are spare
            // (on the last row, the rest or nothing beside "updated").
            while spare > 0,
                canvas.measure(text, style: .regular, size: size).advance
                    > (isLast ? lastWidth : textWidth)
            {
                let (first, rest) = splitLine(text, size: size, width: textWidth)
                rows.append(FooterRow(text: first, color: color, continued: continued))
                text = rest
                continued = true
                spare -= 1
            }
            rows.append(FooterRow(text: text, color: color, continued: continued))
        }
        if hidden > 0 {
            rows.append(
                FooterRow(
                    text: language.localized(
                        "+{count} more", ["count": "\(model.notices.count - shown.count)"]),
                    color: palette.secondary, continued: false))
        }
        if !credits.isEmpty {
            rows += credits.map {
                FooterRow(text: $0, color: palette.secondary, continued: true, isCredit: true)
            }
        } else if rows.isEmpty, updated != nil {
            rows.append(FooterRow(text: "", color: palette.secondary, continued: false))
        }
        return rows
    }

    /// The words of `text` that fit `width` on a first line, and the rest.
    private func splitLine(_ text: String, size: Double, width: Double) -> (String, String) {
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        var count = 0
        var line = ""
        for word in words {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if count > 0, canvas.measure(candidate, style: .regular, size: size).advance > width {
                break
            }
            line = candidate
            count += 1
        }
        return (line, words.dropFirst(count).joined(separator: " "))
    }

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

    /// "updated 14:05", as the footer shows it.
    private func updatedText(_ updated: Date) -> String {
        language.localized(
            "updated {time}", ["time": values.clock(updated, offset: model.kioskUTCOffsetSeconds)])
    }

    /// The width "updated 14:05" takes from the last row, gap included.
    private func updatedWidth(_ updated: Date, rowWidth: Double) -> Double {
        let advance = canvas.measure(
            updatedText(updated), style: .regular, size: metrics.font(.small)
        ).advance
        return min(advance, rowWidth * 0.4) + metrics.gap * 2
    }

    private func drawFooter(_ footer: Rect, plan: [FooterRow], updated: Date?) {
        let size = metrics.font(.small)
        var rows = footer.rows(plan.count)
        if let updated, let last = rows.last {
            let text = updatedText(updated)
            let width = canvas.measure(text, style: .regular, size: size).advance
            let (right, left) = last.sliceRight(min(width, last.width * 0.4))
            canvas.drawText(
                text, in: right, style: .regular, size: size, color: palette.secondary,
                alignment: .right)
            rows[rows.count - 1] = left.sliceRight(metrics.gap * 2).1
        }
        for (row, area) in zip(plan, rows) where !row.text.isEmpty {
            if row.isCredit {
                // Flush left under the notices' marks; it shrinks before it is cut.
                canvas.drawText(row.text, in: area, style: .regular, size: size, color: row.color)
            } else {
                drawNotice(row.text, color: row.color, in: area, marked: !row.continued)
            }
        }
    }

    private func drawNotice(_ text: String, color: Color, in row: Rect, marked: Bool) {
        let size = min(metrics.font(.small), Canvas.heightFactor * row.height)
        let radius = size * 0.3
        let (mark, rest) = row.sliceLeft(radius * 2 + metrics.gap)
        if marked {
            canvas.newPath()
            canvas.circle(Point(x: mark.minX + radius, y: row.midY), radius: radius)
            canvas.fill(color)
        }
        canvas.drawText(
            text, in: rest, style: .regular, size: size, color: color, shrinking: false)
    }

    /// The sentence of a notice: "offline · data from 14:05 · retrying in 2 min"; the
    /// countdown reads as `status` reads the same wait (`WeatherFormat.countdown`).
    func noticeText(_ notice: PageNotice) -> String {
        switch notice {
        case .stale(let dataTime, let nextRetry, let reason):
            var text =
                (reason ?? language.localized("old forecast")) + " · "
                + language.localized("data from {time}", ["time": dataTimeText(dataTime)])
            if let retry = NoticeText.retry(countdown(to: nextRetry), language: language) {
                text += " · " + retry
            }
            return text
        case .noForecast(let reason, let nextRetry):
            return NoticeText.noForecast(
                reason, retry: countdown(to: nextRetry), language: language)
        case .sensorFailing(let reason, let nextRetry):
            return NoticeText.sensor(reason, retry: countdown(to: nextRetry), language: language)
        case .error(let message), .warning(let message):
            return message
        }
    }

    /// Until `time`, as `status` counts the same wait: `.later("2 min")`, or `.now` when it
    /// is due; nil when not known.
    private func countdown(to time: Date?) -> NoticeText.Wait? {
        time.map { time in wait(until: time).map { .later($0) } ?? .now }
    }

    private func noticeColor(_ notice: PageNotice) -> Color {
        switch notice {
        case .stale, .warning: palette.warning
        case .noForecast, .sensorFailing, .error: palette.error
        }
    }

    /// "14:05" today, "Sat 14:05" on another day (kiosk time).
    private func dataTimeText(_ time: Date) -> String {
        let offset = model.kioskUTCOffsetSeconds
        let then = LocalDateTime(time, utcOffsetSeconds: offset)
        let now = LocalDateTime(model.now, utcOffsetSeconds: offset)
        return then.date == now.date
            ? then.clockText(model.units.clock, language: language) : weekdayClock(then)
    }

}
