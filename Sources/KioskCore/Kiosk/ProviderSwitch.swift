public import FoundationEssentials

/// Which provider serves one place, and when that changes: a small state machine the reducer
/// keeps per place, fed the outcomes of both providers, answering what to do next.
///
/// The rules: Open-Meteo is asked at every refresh, whatever serves the place. When it
/// fails in a way the second provider is for (`ForecastFailure.warrantsFallback`: no
/// connection, 5xx, the daily 429, garbage) and nothing fresh is cached for the place, the
/// place switches to MET Norway, which is then asked as its terms allow
/// (`nextFallbackRequest`). Open-Meteo's next forecast for the place switches it back, and a
/// MET Norway answer arriving after that is dropped. `fallback = none` never switches, and
/// turning it off while switched switches back.
public struct ProviderSwitch: Sendable, Hashable {
    /// What the switch is told.
    public enum Event: Sendable, Hashable {
        /// Open-Meteo gave this place a forecast.
        case primaryAnswered
        /// Open-Meteo failed for this place; `hasFreshForecast` says whether a forecast the
        /// kiosk still counts as fresh is cached for it (from either provider).
        case primaryFailed(ForecastFailure, hasFreshForecast: Bool)
        /// MET Norway answered for this place: a new forecast, or 304 / not yet expired.
        case fallbackAnswered
        /// MET Norway failed for this place.
        case fallbackFailed(ForecastFailure)
        /// `forecast.fallback` changed.
        case settingChanged(ForecastFallback)
    }

    /// What the switch answers.
    public enum Decision: Sendable, Hashable {
        /// Nothing to do beyond what the event itself means (keep or show what it brought).
        case stay
        /// The place switched to MET Norway: ask it now, right after Open-Meteo's failed
        /// request (which went at this kiosk's slot); later requests go at
        /// `nextFallbackRequest`.
        case askFallback
        /// MET Norway's answer is for the screen: show it (with its attribution).
        case showFallback
        /// MET Norway's answer came when it no longer serves the place: drop it.
        case ignoreFallbackAnswer
        /// The place is back on Open-Meteo: stop asking MET Norway for it; Open-Meteo's
        /// forecast replaces MET Norway's on screen.
        case switchedBack
    }

    /// `forecast.fallback`.
    public private(set) var setting: ForecastFallback
    /// Who the kiosk asks for this place besides Open-Meteo: `.metNorway` while switched,
    /// else `.openMeteo`.
    public private(set) var serving: ForecastProviderID = .openMeteo
    /// When the place switched to MET Norway; nil while Open-Meteo serves it.
    public private(set) var switchedAt: Date?
    /// Open-Meteo's latest failure while switched (the one the notice names).
    public private(set) var cause: ForecastFailure?
    /// MET Norway's latest failure while switched, cleared by its next answer.
    public private(set) var fallbackFailure: ForecastFailure?
    /// No request to MET Norway before this, after its failure: its `notBefore`, else the
    /// next slot after the failure.
    public private(set) var retryFallbackAfter: Date?
    /// Whose forecast is on screen for this place (what `status` prints as `provider`, and
    /// whose attribution the pages show); nil before any.
    public private(set) var shown: ForecastProviderID?

    /// A place served by Open-Meteo; `shown` says whose cached forecast is on screen.
    public init(setting: ForecastFallback, shown: ForecastProviderID? = nil) {
        self.setting = setting
        self.shown = shown
    }

    /// Whether MET Norway serves the place now.
    public var isSwitched: Bool { serving == .metNorway }

    /// Takes `event`, which happened at `now`, and says what to do.
    public mutating func handle(_ event: Event, at now: Date) -> Decision {
        switch event {
        case .primaryAnswered:
            shown = .openMeteo
            guard isSwitched else { return .stay }
            switchBack()
            return .switchedBack
        case .primaryFailed(let failure, let hasFreshForecast):
            // A cancelled refresh (the kiosk stopping, a refresh replaced) says nothing.
            if failure.kind == .cancelled { return .stay }
            if isSwitched {
                cause = failure
                return .stay
            }
            guard setting == .metNorway, failure.warrantsFallback, !hasFreshForecast else {
                return .stay
            }
            serving = .metNorway
            switchedAt = now
            cause = failure
            fallbackFailure = nil
            retryFallbackAfter = nil
            return .askFallback
        case .fallbackAnswered:
            guard isSwitched else { return .ignoreFallbackAnswer }
            shown = .metNorway
            fallbackFailure = nil
            retryFallbackAfter = nil
            return .showFallback
        case .fallbackFailed(let failure):
            guard isSwitched, failure.kind != .cancelled else { return .stay }
            fallbackFailure = failure
            retryFallbackAfter = failure.notBefore ?? now.addingTimeInterval(1)
            return .stay
        case .settingChanged(let setting):
            self.setting = setting
            guard setting == .none, isSwitched else { return .stay }
            switchBack()
            return .switchedBack
        }
    }

    /// When to ask MET Norway for this place next: nil while Open-Meteo serves it; else the
    /// first slot of `schedule` at or after `now` that is also past the `Expires` of its last
    /// answer (`validity`) and, after a failure, past `retryFallbackAfter`.
    public func nextFallbackRequest(
        after now: Date, schedule: RequestSchedule, validity: ConditionalRequest
    ) -> Date? {
        guard isSwitched else { return nil }
        let earliest =
            [now, validity.freshUntil, retryFallbackAfter].compactMap { $0 }.max() ?? now
        return schedule.nextSlot(atOrAfter: earliest)
    }

    /// The notice for the place's page while switched, in `language`: "Open-Meteo error
    /// 503 · showing MET Norway's forecast", "… · asking MET Norway", "… · MET Norway:
    /// offline"; nil while Open-Meteo serves it.
    public func notice(in language: Language) -> String? {
        guard isSwitched, let cause else { return nil }
        return NoticeText.providerFallback(
            cause: cause.summary, fallbackFailure: fallbackFailure?.summary,
            showingFallback: shown == .metNorway, language: language)
    }

    private mutating func switchBack() {
        serving = .openMeteo
        switchedAt = nil
        cause = nil
        fallbackFailure = nil
        retryFallbackAfter = nil
    }
}
