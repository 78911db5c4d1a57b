public import FoundationEssentials

/// What an e-paper page shows, as far as deciding a refresh goes: a new forecast, the
/// indoor value, the page or city, the notices, and the minute only when the page shows a
/// clock.
public struct PanelContent: Sendable, Hashable {
    /// Which page of which city: a change is always shown.
    public var slide: String
    /// When the shown forecast was fetched.
    public var forecastFetchedAt: Date?
    /// The indoor temperature.
    public var indoor: Temperature?
    /// The local minute of day, when the page shows the time; nil otherwise.
    public var clockMinute: Int?
    /// What the notices over the page are about ("stale forecast", "sensor"): a notice that
    /// comes or goes is drawn.
    public var notices: [String]
    /// The warnings of the place shown, by id and severity: a new, changed or ended one is
    /// drawn at once.
    public var warnings: [String] = []

    /// Creates a description of what a page shows.
    public init(
        slide: String, forecastFetchedAt: Date? = nil, indoor: Temperature? = nil,
        clockMinute: Int? = nil, notices: [String] = [], warnings: [String] = []
    ) {
        self.warnings = warnings
        self.slide = slide
        self.forecastFetchedAt = forecastFetchedAt
        self.indoor = indoor
        self.clockMinute = clockMinute
        self.notices = notices
    }

    /// Whether `self` differs from `shown` enough to redraw: a new slide, forecast, notice
    /// or minute, or the indoor temperature `step` or more away from what is shown.
    public func differs(from shown: PanelContent, indoorStep: TemperatureDifference) -> Bool {
        if slide != shown.slide || forecastFetchedAt != shown.forecastFetchedAt
            || clockMinute != shown.clockMinute || notices != shown.notices
            || warnings != shown.warnings
        {
            return true
        }
        switch (indoor, shown.indoor) {
        case (nil, nil): return false
        case (let now?, let before?):
            return TemperatureDifference.between(now, before) >= indoorStep
        default: return true
        }
    }
}

/// When an e-paper panel redraws: the display's capabilities and `display.*` in, decisions
/// out, for a pure reducer tested with a manual clock.
///
/// - A change of content is drawn at once if the last refresh is at least
///   `minimumInterval` ago, otherwise when it will be (later changes fold into that one).
/// - The first forecast of a page that shows none yet (a fresh install, a city just added)
///   is drawn at once, whatever the interval: one refresh, instead of a page without a
///   forecast for up to the whole interval.
/// - No refresh at night (the picture stays; the changes are drawn when the night ends).
/// - A button press redraws at once, whatever the interval, unless the panel is busy; then
///   as soon as it is done.
/// - While the panel refreshes (BUSY) nothing else is sent; `refreshFinished` says it is
///   done.
/// - On a panel with partial refresh every `fullEvery`-th refresh is full (ghosting), the
///   others partial; without it every refresh is full.
public struct PanelRefreshPolicy: Sendable, Hashable {
    /// The limits.
    public struct Settings: Sendable, Hashable {
        /// The shortest time between two refreshes (`display.min_refresh_minutes`).
        public var minimumInterval: Duration
        /// Whether the panel can refresh partially.
        public var partialRefresh: Bool
        /// One refresh in this many is full (panels with partial refresh).
        public var fullEvery: Int
        /// How far the indoor temperature must move to be redrawn.
        public var indoorStep: TemperatureDifference
        /// The night window: no refreshes in it.
        public var night: NightWindow?

        /// Creates limits.
        public init(
            minimumInterval: Duration, partialRefresh: Bool, fullEvery: Int = 10,
            indoorStep: TemperatureDifference = TemperatureDifference(celsius: 0.5),
            night: NightWindow? = nil
        ) {
            self.minimumInterval = minimumInterval
            self.partialRefresh = partialRefresh
            self.fullEvery = max(1, fullEvery)
            self.indoorStep = indoorStep
            self.night = night
        }

        /// The limits for a display that says what it is, with `display.min_refresh_minutes`
        /// when set (otherwise the display's own shortest interval).
        public init(
            capabilities: DisplayCapabilities, minimumRefreshMinutes: Int? = nil,
            night: NightWindow? = nil
        ) {
            self.init(
                minimumInterval: minimumRefreshMinutes.map { .seconds($0 * 60) }
                    ?? capabilities.minimumRefreshInterval,
                partialRefresh: capabilities.partialRefresh, night: night)
        }
    }

    /// What to do now.
    public enum Decision: Sendable, Hashable {
        /// Nothing; `nextCheck` says when to ask again, if ever.
        case wait
        /// Draw `content` with a full refresh (true) or a partial one (false).
        case refresh(PanelContent, full: Bool)
    }

    /// The limits.
    public var settings: Settings
    /// What the panel shows; nil before the first refresh.
    public private(set) var shown: PanelContent?
    /// What it should show.
    public private(set) var wanted: PanelContent?
    /// Whether a refresh is under way (BUSY asserted).
    public private(set) var busy = false
    /// When the last refresh started (monotonic) and on the wall clock.
    public private(set) var lastRefresh: MonotonicInstant?
    /// The wall-clock time of the last refresh, for `status`.
    public private(set) var lastRefreshWall: Date?
    /// Refreshes today (local date), for `status`.
    public private(set) var refreshesToday = 0
    private var countedDay: LocalDate?
    private var sincePartialReset = 0
    private var buttonPending = false

    /// A policy with `settings` and nothing shown yet.
    public init(settings: Settings) { self.settings = settings }

    /// When the next refresh is due, if something is waiting: the end of the minimum
    /// interval (or of the night); nil when nothing waits or the panel is busy.
    public func nextRefresh(at now: KioskTime) -> MonotonicInstant? {
        guard !busy, let wanted, needsDrawing(wanted) else { return nil }
        if buttonPending { return now.monotonic }
        var due =
            bringsFirstForecast(wanted)
            ? now.monotonic
            : lastRefresh.map { $0.advanced(by: settings.minimumInterval) } ?? now.monotonic
        if let night = settings.night, night.contains(minuteOfDay: now.local.minuteOfDay) {
            due = max(due, now.monotonic.advanced(bySeconds: secondsToNightEnd(night, now)))
        }
        return max(due, now.monotonic)
    }

    /// The page now shows `content` (a new forecast, reading, minute or slide).
    public mutating func contentChanged(_ content: PanelContent, at now: KioskTime) -> Decision {
        wanted = content
        return decide(at: now)
    }

    /// A button was pressed: redraw at once (after the refresh under way, if any).
    public mutating func buttonPressed(_ content: PanelContent, at now: KioskTime) -> Decision {
        wanted = content
        buttonPending = true
        return decide(at: now)
    }

    /// Whether `content` differs from what the panel shows, or nothing is shown yet.
    public func differsFromShown(_ content: PanelContent) -> Bool {
        guard let shown else { return true }
        return content.differs(from: shown, indoorStep: settings.indoorStep)
    }

    /// The refresh under way has ended (BUSY cleared, or it failed: `succeeded` false keeps
    /// what was shown before, so the content is drawn again when due).
    public mutating func refreshFinished(succeeded: Bool, at now: KioskTime) -> Decision {
        busy = false
        if !succeeded { shown = nil }
        return decide(at: now)
    }

    /// Refreshes on the local date of `now`: `refreshesToday`, or 0 on a day without any.
    public func refreshCount(at now: KioskTime) -> Int {
        countedDay == now.local.date ? refreshesToday : 0
    }

    /// A timer fired: draw what waits if it is due.
    public mutating func tick(at now: KioskTime) -> Decision { decide(at: now) }

    private func needsDrawing(_ content: PanelContent) -> Bool {
        guard let shown else { return true }
        return buttonPending || content.differs(from: shown, indoorStep: settings.indoorStep)
    }

    /// Whether `content` has a forecast where the panel shows the same page without one.
    private func bringsFirstForecast(_ content: PanelContent) -> Bool {
        guard let shown else { return false }
        return shown.forecastFetchedAt == nil && content.forecastFetchedAt != nil
            && shown.slide == content.slide
    }

    private mutating func decide(at now: KioskTime) -> Decision {
        guard !busy, let wanted, needsDrawing(wanted) else { return .wait }
        if !buttonPending {
            // nextRefresh is the end of the interval, or of the night.
            if let due = nextRefresh(at: now), due > now.monotonic { return .wait }
            if let night = settings.night, night.contains(minuteOfDay: now.local.minuteOfDay) {
                return .wait
            }
        }
        buttonPending = false
        let full =
            !settings.partialRefresh || shown == nil || sincePartialReset + 1 >= settings.fullEvery
        sincePartialReset = full ? 0 : sincePartialReset + 1
        busy = true
        shown = wanted
        countRefresh(at: now)
        return .refresh(wanted, full: full)
    }

    /// The panel already shows `content`, drawn at `now` before the policy was asked (the
    /// display opened late): counted as a refresh, and the interval runs from it.
    public mutating func adopt(_ content: PanelContent, at now: KioskTime) {
        shown = content
        wanted = content
        countRefresh(at: now)
    }

    private mutating func countRefresh(at now: KioskTime) {
        lastRefresh = now.monotonic
        lastRefreshWall = now.wall
        let today = now.local.date
        if countedDay != today {
            countedDay = today
            refreshesToday = 0
        }
        refreshesToday += 1
    }

    private func secondsToNightEnd(_ night: NightWindow, _ now: KioskTime) -> Double {
        let minute = now.local.minuteOfDay
        let end = night.to.minuteOfDay
        let minutes = (end - minute + 24 * 60) % (24 * 60)
        return Double(minutes * 60 - now.local.second)
    }
}
