public import FoundationEssentials

/// An e-paper panel's refreshes, planned in the reducer: the display says it is one (a
/// shortest time between refreshes in its capabilities), and from then on every frame the
/// kiosk would draw is a question to `PanelRefreshPolicy` instead.
public struct PanelPlan: Sendable, Hashable {
    /// What the display said it is.
    public var capabilities: DisplayCapabilities
    /// The policy, with what is shown and what waits.
    public var policy: PanelRefreshPolicy
    /// Whether the refresh asked for last is a full one (false: partial).
    public var fullRefresh = true
    /// When something waiting may be drawn, if something waits: the reducer's deadline.
    public var due: MonotonicInstant?

    /// A plan for a display with `capabilities`, within `settings`.
    init(capabilities: DisplayCapabilities, settings: KioskSettings) {
        self.capabilities = capabilities
        policy = PanelRefreshPolicy(
            settings: Self.limits(capabilities, settings))
    }

    /// The policy's limits from the display and `display.min_refresh_minutes`.
    static func limits(_ capabilities: DisplayCapabilities, _ settings: KioskSettings)
        -> PanelRefreshPolicy.Settings
    {
        PanelRefreshPolicy.Settings(
            capabilities: capabilities, minimumRefreshMinutes: settings.minRefreshMinutes,
            night: settings.night)
    }

    /// Whether a display with `capabilities` is planned this way: it asks for minutes
    /// between refreshes.
    public static func applies(to capabilities: DisplayCapabilities?) -> Bool {
        guard let capabilities else { return false }
        return capabilities.minimumRefreshInterval > .zero
    }
}

extension KioskState {
    /// The display said what it is: an e-paper panel gets a plan (the next frame asks the
    /// policy), any other display cycles as before.
    mutating func describeDisplay(
        _ capabilities: DisplayCapabilities?, showing: Bool, at now: KioskTime,
        into effects: inout [KioskEffect]
    ) {
        guard PanelPlan.applies(to: capabilities), let capabilities else {
            if panelPlan != nil {
                panelPlan = nil
                slideCycle.restart(at: now.monotonic, cycle: settings.cycleSeconds)
                effects.append(.render)
            }
            return
        }
        if panelPlan?.capabilities == capabilities { return }
        var plan = PanelPlan(capabilities: capabilities, settings: settings)
        if showing && started {
            plan.policy.adopt(panelContent(at: now), at: now)
        } else {
            effects.append(.render)
        }
        panelPlan = plan
    }

    /// What the page shows now, as far as the panel's policy cares.
    func panelContent(at now: KioskTime) -> PanelContent {
        // Named as the page names it: two favourites called Rome are two contents.
        let city =
            currentCity.map { " of \(PlaceNames.displayName(of: $0, among: settings.cities))" }
            ?? ""
        let what = slide.page.map { "\($0.rawValue) page" + (slide.cityIndex == nil ? "" : city) }
        return PanelContent(
            slide: "\(what ?? "empty page"), step \(slideStep)", forecastFetchedAt: lastForecast,
            indoor: settings.sensorEnabled ? indoor.latest?.temperature : nil,
            notices: notices(at: now).map(\.kind.topic),
            warnings: currentCity.map { city in
                warnings(for: city.name, at: now.wall).map { "\($0.id) \($0.severity)" }
            } ?? [])
    }

    /// Turns the frames this event asked for into the policy's decision, on an e-paper
    /// panel: a person's action redraws at once when the page changed or a change waits
    /// (once the panel is not busy), anything else only when the content changed and the
    /// time allows.
    mutating func planPanel(
        after event: KioskEvent, at now: KioskTime, into effects: inout [KioskEffect]
    ) {
        guard var plan = panelPlan else { return }
        defer { panelPlan = plan }
        plan.policy.settings = PanelPlan.limits(plan.capabilities, settings)
        let asked = effects.contains(.render)
        effects.removeAll { $0 == .render }
        guard started else { return }
        let content = panelContent(at: now)
        var decision: PanelRefreshPolicy.Decision
        switch event {
        case .frameFinished(let succeeded):
            decision = plan.policy.refreshFinished(succeeded: succeeded, at: now)
            if decision == .wait { decision = plan.policy.contentChanged(content, at: now) }
        case .button, .action:
            // A person asked: what changed is drawn now, also a change that was waiting
            // for the interval (a press that leaves the page as it is shows the news).
            decision =
                asked || plan.policy.differsFromShown(content)
                ? plan.policy.buttonPressed(content, at: now)
                : plan.policy.contentChanged(content, at: now)
        default:
            // A warning that came, changed or ended is drawn at once, as a press would be.
            let warningsChanged = plan.policy.shown.map { content.warnings != $0.warnings } ?? false
            decision =
                warningsChanged
                ? plan.policy.buttonPressed(content, at: now)
                : plan.policy.contentChanged(content, at: now)
        }
        if case .refresh(_, let full) = decision {
            plan.fullRefresh = full
            effects.append(.render)
        }
        plan.due = plan.policy.nextRefresh(at: now)
    }
}

/// An e-paper panel's refreshes, for `status`.
public struct PanelRefreshStatus: Sendable, Hashable {
    /// When the last refresh started; nil before the first.
    public var lastRefresh: Date?
    /// The earliest the next refresh may start (the minimum interval after the last); nil
    /// before the first. A time in the past means at once.
    public var nextPossibleRefresh: Date?
    /// When a change that waits will be drawn; nil when nothing waits (or the panel is busy).
    public var pendingRefresh: Date?
    /// Refreshes since local midnight.
    public var refreshesToday: Int
    /// Whether a refresh is under way (BUSY).
    public var busy: Bool
    /// The shortest time between refreshes, minutes.
    public var minimumMinutes: Int

    /// Creates a status.
    public init(
        lastRefresh: Date?, nextPossibleRefresh: Date?, pendingRefresh: Date?,
        refreshesToday: Int, busy: Bool, minimumMinutes: Int
    ) {
        self.lastRefresh = lastRefresh
        self.nextPossibleRefresh = nextPossibleRefresh
        self.pendingRefresh = pendingRefresh
        self.refreshesToday = refreshesToday
        self.busy = busy
        self.minimumMinutes = minimumMinutes
    }
}

extension KioskState {
    /// The panel's refreshes at `now`, on an e-paper panel; nil on other displays.
    public func panelStatus(at now: KioskTime) -> PanelRefreshStatus? {
        guard let plan = panelPlan else { return nil }
        let policy = plan.policy
        func wall(_ instant: MonotonicInstant) -> Date {
            now.wall.addingTimeInterval(instant.seconds(since: now.monotonic))
        }
        let interval = policy.settings.minimumInterval
        let possible = policy.lastRefresh.map { wall($0.advanced(by: interval)) }
        return PanelRefreshStatus(
            lastRefresh: policy.lastRefreshWall, nextPossibleRefresh: possible,
            pendingRefresh: plan.due.map(wall), refreshesToday: policy.refreshCount(at: now),
            busy: policy.busy, minimumMinutes: Int(interval.components.seconds / 60))
    }
}

extension KioskNotice.Kind {
    /// What the notice is about, without its times: "stale forecast", "sensor".
    var topic: String {
        switch self {
        case .staleForecast: "stale forecast"
        case .noForecast: "no forecast"
        case .configRefused: "config refused"
        case .sensor: "sensor"
        case .restartPending: "restart pending"
        case .providerFallback: "provider fallback"
        }
    }
}
