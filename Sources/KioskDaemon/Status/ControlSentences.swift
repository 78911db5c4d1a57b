import KioskControl
import KioskCore

extension ControlResult {
    /// The reply to `refresh` (`force`: `refresh --force`), asked at `now`: what became of
    /// the request on a kiosk in `state`.
    static func refresh(of state: KioskState, force: Bool, at now: KioskTime) -> ControlResult {
        let seconds = state.secondsUntilRefresh(at: now)
        let next = WeatherFormat.countdown(seconds)
        var result = ControlResult(message: "", refresh: "due")
        result.nextRefreshSeconds = Int(seconds.rounded(.up))
        switch state.lastRefreshRequest {
        case .started?:
            result.refresh = "started"
            result.message =
                force && state.refresh.rateLimitedUntil != nil
                ? "Fetching forecasts now, once, despite Open-Meteo's rate limit."
                : "Fetching forecasts now."
        case .joinedRunning?:
            result.refresh = "joined_running"
            result.message = "A refresh is under way already; this one joins it."
        case .joinedRecent(let secondsAgo)?:
            let ago = secondsAgo < 1 ? "moments" : WeatherFormat.countdown(secondsAgo)
            result.refresh = "joined_recent"
            result.message =
                "Forecasts were fetched \(ago) ago; nothing was sent, and the next refresh is"
                + " due in \(next)."
        case .scheduled(let at)?:
            let wait = WeatherFormat.countdown(at.seconds(since: now.monotonic))
            result.refresh = "scheduled"
            result.message =
                "The last attempt failed moments ago; the next one goes out in \(wait)."
        case .heldByRateLimit(let until)?:
            let wait = WeatherFormat.countdown(until.seconds(since: now.monotonic))
            result.refresh = "held_by_rate_limit"
            result.message =
                "Open-Meteo's rate limit holds refreshes for \(wait) more; nothing was sent"
                + " (refresh --force tries once anyway)."
        case .nothingToFetch?:
            result.refresh = "nothing_to_fetch"
            result.message =
                "There is nothing to fetch: no favourites and no station yet; nothing was"
                + " sent (`weather-kiosk city add NAME` adds a favourite)."
        case nil:
            result.message = "A refresh is due in \(next)."
        }
        return result
    }
}

extension KioskState {
    /// "Showing the hourly page of Rome (2 of 5)." with `cities` the favourites.
    func slideSentence(cities: [City]) -> String {
        switch slide.kind {
        case .empty:
            return "Showing the empty page: there are no favourites yet."
        case .page, .warning:
            var text = "Showing the \(slide.page?.rawValue ?? "warning") page"
            if let index = slide.cityIndex, cities.indices.contains(index) {
                let name = PlaceNames.displayNames(of: cities)[index]
                text += " of \(name) (\(index + 1) of \(cities.count))"
            }
            return text + "."
        }
    }
}

extension ControlCommand {
    /// The action a command that moves the slide (`next`, `previous`, `show`, `page`) asks
    /// for on a kiosk with the favourites `cities`; a failure says what is wrong with it.
    func slideAction(cities: [City]) -> Result<KioskAction, ControlFailure> {
        switch self {
        case .next: return .success(.nextCity)
        case .previous: return .success(.previousCity)
        case .show(let reference):
            do {
                return .success(
                    .showCity(try FavouriteReference.index(of: reference, in: cities) - 1))
            } catch {
                return .failure(ControlFailure(message: error.description))
            }
        case .page(let name):
            guard let page = Page(rawValue: name.lowercased()) else {
                let names = Page.allCases.map(\.rawValue).joined(separator: ", ")
                return .failure(
                    ControlFailure(message: "page takes one of \(names), not \"\(name)\"."))
            }
            return .success(.showPage(page))
        case .status, .refresh, .reload, .screenshot, .preview:
            return .failure(ControlFailure(message: "\(self) does not move the slide."))
        }
    }
}
