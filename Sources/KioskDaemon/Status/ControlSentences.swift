import KioskControl
import KioskCore

extension ControlResult {
    /// The reply to `refresh` (`force`: `refresh --force`), asked at `now`: what became of
    /// the request on a kiosk in `state`, its sentence in every language.
    static func refresh(of state: KioskState, force: Bool, at now: KioskTime) -> ControlResult {
        let seconds = state.secondsUntilRefresh(at: now)
        let next = WeatherFormat.countdown(seconds)
        var result = ControlResult(message: "", refresh: "due")
        result.nextRefreshSeconds = Int(seconds.rounded(.up))
        let message: LocalizedMessage
        switch state.lastRefreshRequest {
        case .started?:
            result.refresh = "started"
            message =
                force && state.refresh.rateLimitedUntil != nil
                ? LocalizedMessage("Fetching forecasts now, once, despite Open-Meteo's rate limit.")
                : LocalizedMessage("Fetching forecasts now.")
        case .joinedRunning?:
            result.refresh = "joined_running"
            message = LocalizedMessage("A refresh is under way already; this one joins it.")
        case .joinedRecent(let secondsAgo)?:
            result.refresh = "joined_recent"
            // TRANSLATORS: the answer to `refresh`; {next} is a wait such as "12 min".
            message =
                secondsAgo < 1
                ? LocalizedMessage(
                    "Forecasts were fetched moments ago; nothing was sent, and the next refresh is due in {next}.",
                    ["next": next])
                : LocalizedMessage(
                    "Forecasts were fetched {ago} ago; nothing was sent, and the next refresh is due in {next}.",
                    ["ago": WeatherFormat.countdown(secondsAgo), "next": next])
        case .scheduled(let at)?:
            result.refresh = "scheduled"
            message = LocalizedMessage(
                "The last attempt failed moments ago; the next one goes out in {wait}.",
                ["wait": WeatherFormat.countdown(at.seconds(since: now.monotonic))])
        case .heldByRateLimit(let until)?:
            result.refresh = "held_by_rate_limit"
            // TRANSLATORS: the answer to `refresh`; `refresh --force` is a command.
            message = LocalizedMessage(
                "Open-Meteo's rate limit holds refreshes for {wait} more; nothing was sent (refresh --force tries once anyway).",
                ["wait": WeatherFormat.countdown(until.seconds(since: now.monotonic))])
        case .nothingToFetch?:
            result.refresh = "nothing_to_fetch"
            message = LocalizedMessage(
                "There is nothing to fetch: no favourites and no station yet; nothing was sent (`weather-kiosk city add NAME` adds a favourite)."
            )
        case nil:
            message = LocalizedMessage("A refresh is due in {next}.", ["next": next])
        }
        result.translated(message)
        return result
    }
}

extension KioskState {
    /// "Showing the hourly page of Rome (2 of 5)." with `cities` the favourites.
    func slideSentence(cities: [City]) -> LocalizedMessage {
        switch slide.kind {
        case .empty:
            return LocalizedMessage("Showing the empty page: there are no favourites yet.")
        case .page, .warning:
            let page = slide.page?.rawValue ?? "warning"
            if let index = slide.cityIndex, cities.indices.contains(index) {
                // TRANSLATORS: the answer to `next`, `show` and `page`; {page} is a page's
                // name as the config spells it (city, hourly, …).
                return LocalizedMessage(
                    "Showing the {page} page of {city} ({number} of {count}).",
                    [
                        "page": page, "city": PlaceNames.displayNames(of: cities)[index],
                        "number": String(index + 1), "count": String(cities.count),
                    ])
            }
            return LocalizedMessage("Showing the {page} page.", ["page": page])
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
