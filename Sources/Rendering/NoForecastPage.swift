import FoundationEssentials
import KioskCore

/// A city or hourly page for a favourite without any forecast: instead of dashes, the room
/// the numbers would take says so, when the kiosk tries again and why, in full and large
/// enough to read across the room. The footer then leaves out the "no forecast" notice it
/// would repeat.
extension PageContext {
    /// Draws the page of `weather`, which has no forecast, with `subtitle` in its header.
    func drawNoForecastPage(_ weather: CityWeather, subtitle: String?) {
        let forecastNotice = model.notices.first { notice in
            switch notice {
            case .noForecast, .stale: true
            case .sensorFailing, .error, .warning: false
            }
        }
        var frameModel = model
        frameModel.notices.removeAll { notice in
            if case .noForecast = notice { return true }
            return false
        }
        let content = PageContext(canvas: canvas, model: frameModel).drawFrame(
            title: weather.city.name, subtitle: subtitle, clock: nil, updated: nil)
        let area = content.insetBy(dx: content.width * 0.04, dy: 0)
        let (titleArea, rest) = area.sliceTop(
            min(area.height * 0.3, metrics.font(.title) / Canvas.heightFactor * 1.6))
        canvas.drawText(
            language.localized("No forecast for {place} yet", ["place": weather.city.name]),
            in: titleArea, style: .bold,
            size: metrics.font(.title), color: palette.primary, alignment: .center)
        guard let (retry, reason) = forecastNotice.map(explanation) ?? nextAttempt() else {
            canvas.drawParagraph(
                language.localized("Waiting for the first answer from Open-Meteo."), in: rest,
                style: .regular,
                size: metrics.font(.heading), color: palette.secondary, alignment: .center,
                centredVertically: true)
            return
        }
        let (retryArea, reasonArea) = rest.sliceTop(
            min(rest.height * 0.3, metrics.font(.heading) / Canvas.heightFactor * 1.6))
        canvas.drawText(
            retry, in: retryArea, style: .bold, size: metrics.font(.heading),
            color: palette.error, alignment: .center)
        canvas.drawParagraph(
            reason, in: reasonArea.sliceTop(metrics.gap).1, style: .regular,
            size: metrics.font(.heading), color: palette.secondary, alignment: .center)
    }

    /// With no notice (the other favourites' forecasts are fresh: a favourite just added),
    /// when the kiosk asks next and why it has nothing yet.
    private func nextAttempt() -> (String, String)? {
        guard let next = model.nextForecastAttempt else { return nil }
        let wait = self.wait(until: next)
        guard let problem = model.forecastProblem else {
            return (
                wait.map { language.localized("Asking again in {wait}", ["wait": $0]) }
                    ?? language.localized("Asking now"),
                language.localized("Waiting for the first answer from Open-Meteo.")
            )
        }
        return (retrying(wait), problem)
    }

    /// "Retrying in 45 s" (or "Retrying now") and why, from the forecast's notice.
    private func explanation(_ notice: PageNotice) -> (String, String) {
        let (reason, nextRetry): (String, Date?)
        switch notice {
        case .noForecast(let why, let retry): (reason, nextRetry) = (why, retry)
        case .stale(_, let retry, let why):
            (reason, nextRetry) = (why ?? language.localized("no answer yet"), retry)
        case .sensorFailing(let why, _), .error(let why), .warning(let why):
            (reason, nextRetry) = (why, nil)
        }
        guard let nextRetry else { return (language.localized("Retrying soon"), reason) }
        return (retrying(wait(until: nextRetry)), reason)
    }

    /// "Retrying in 45 s", or "Retrying now" when `wait` is nil (due now).
    private func retrying(_ wait: String?) -> String {
        wait.map { language.localized("Retrying in {wait}", ["wait": $0]) }
            ?? language.localized("Retrying now")
    }
}
