public import FoundationEssentials

/// The official warnings as a machine of its own: the board of every feed's warnings and
/// failures, and the next ask of the services (waiting until it is due, or asking). The
/// warnings shown change by the clock alone too: one that ends goes at its end, without an
/// ask, and one that begins shows from its onset.
public struct WarningWatch: Sendable, Hashable {
    /// Where the asking is.
    public enum Phase: Sendable, Hashable {
        /// Waiting: the next ask is due at `due`.
        case waiting(due: MonotonicInstant)
        /// The services are being asked.
        case asking
    }

    /// Where the asking is now.
    public private(set) var phase: Phase
    /// Every feed's warnings and failures.
    public private(set) var board = WarningBoard()
    /// When the warnings shown next change by the clock alone (an onset or an end).
    public private(set) var nextChange: MonotonicInstant?
    /// The places with a severe or extreme warning shown: each gets a page of its own.
    public private(set) var placesWithPages: Set<String> = []
    /// The official warnings in effect that had their chance to light the display (their
    /// identifiers and those they update): each lights it once.
    private var announced: Set<String> = []
    /// The kiosk's own readings by place, from the forecast and from the barometer: one
    /// feed on the board, each part replaced on its own.
    private var ownReadings: [String: OwnReadings] = [:]

    /// The kiosk's own readings of one place.
    private struct OwnReadings: Sendable, Hashable {
        var forecast: [WeatherWarning] = []
        var barometer: [WeatherWarning] = []
    }

    /// A watch whose first ask is due at `due`.
    public init(due: MonotonicInstant) {
        phase = .waiting(due: due)
    }

    /// The deadlines to wake for: the due ask (none while asking), the next change.
    public var deadlines: [MonotonicInstant] {
        var deadlines: [MonotonicInstant] = []
        if case .waiting(let due) = phase { deadlines.append(due) }
        if let nextChange { deadlines.append(nextChange) }
        return deadlines
    }

    /// Starts an ask when one is due at `now`.
    /// - Returns: whether it started one (the reducer then asks for `.fetchWarnings`).
    public mutating func startIfDue(at now: MonotonicInstant) -> Bool {
        guard case .waiting(let due) = phase, now >= due else { return false }
        phase = .asking
        return true
    }

    /// The ask brought `updates`; the next is due at `nextAsk` (wall clock: the earliest a
    /// service allows, at least the refresh interval away).
    /// - Returns: whether what is shown changed.
    public mutating func received(
        _ updates: [WarningFeedUpdate], nextAsk: Date, places: Set<String>, at now: KioskTime
    ) -> Bool {
        let before = shown(at: now)
        // The pages name a failing service and since when: a new failure, or a service
        // answering again, is drawn at once too.
        let failingBefore = (board.failures.map(\.feed), board.failures.map(\.since))
        for update in updates { update.apply(to: &board, at: now.wall) }
        board.keepOnly(places: places)
        phase = .waiting(due: instant(of: nextAsk, at: now))
        let failing = (board.failures.map(\.feed), board.failures.map(\.since))
        return expire(at: now) || shown(at: now) != before || failing != failingBefore
    }

    /// The kiosk's own warnings for `place`, read from its forecast at `now`: they replace
    /// the last reading's, beside the services' warnings.
    public mutating func derived(
        _ warnings: [WeatherWarning], for place: String, at now: KioskTime
    ) {
        ownReadings[place, default: OwnReadings()].forecast = warnings
        receiveOwnReadings(of: place, at: now)
    }

    /// The kiosk's own warning from its barometer for `place` at `now` (none, or one): it
    /// replaces the last one, beside the forecast's readings.
    public mutating func barometer(
        _ warnings: [WeatherWarning], for place: String, at now: KioskTime
    ) {
        ownReadings[place, default: OwnReadings()].barometer = warnings
        receiveOwnReadings(of: place, at: now)
    }

    private mutating func receiveOwnReadings(of place: String, at now: KioskTime) {
        let readings = ownReadings[place] ?? OwnReadings()
        board.receive(
            readings.forecast + readings.barometer,
            for: WarningFeed(source: .derived, place: place), at: now.wall)
        nextChange = board.nextChange(after: now.wall).map { instant(of: $0, at: now) }
        notePages(at: now.wall)
    }

    /// An ask is due at `now`: the places, the services or the interval changed.
    public mutating func dueNow(at now: MonotonicInstant) {
        if case .waiting = phase { phase = .waiting(due: now) }
    }

    /// Forgets the feeds of places no longer shown.
    public mutating func keepOnly(places: Set<String>) {
        board.keepOnly(places: places)
        placesWithPages.formIntersection(places)
        ownReadings = ownReadings.filter { places.contains($0.key) }
    }

    /// Drops what ended by `now` and sets the next change.
    /// - Returns: whether a change by the clock fell due (the pages are drawn again).
    public mutating func expire(at now: KioskTime) -> Bool {
        let due = nextChange.map { now.monotonic >= $0 } ?? false
        board.removeEnded(at: now.wall)
        nextChange = board.nextChange(after: now.wall).map { instant(of: $0, at: now) }
        notePages(at: now.wall)
        return due
    }

    /// The worst official warning in effect at `now` that `wakeScreen` lets light the
    /// display and that has not had its chance yet; each comes once (an update of one that
    /// had its chance does not come again), whether or not the display was dark.
    public mutating func newlyWaking(_ wakeScreen: WarningWakeScreen, at now: Date)
        -> WeatherWarning?
    {
        let waking = board.allWarnings(at: now).filter {
            $0.official && $0.isInEffect(at: now) && wakeScreen.wakes(for: $0.severity)
        }
        let new = waking.first { announced.isDisjoint(with: [$0.id] + $0.references) }
        announced = Set(waking.flatMap { [$0.id] + $0.references })
        return new
    }

    private mutating func notePages(at now: Date) {
        placesWithPages = Set(
            board.allWarnings(at: now).filter { $0.severity >= .severe }.map(\.place))
    }

    /// Every place's warnings shown at `now`, worst first.
    public func shown(at now: KioskTime) -> [WeatherWarning] {
        board.allWarnings(at: now.wall)
    }

    private func instant(of date: Date, at now: KioskTime) -> MonotonicInstant {
        now.monotonic.advanced(bySeconds: max(0, date.timeIntervalSince(now.wall)))
    }
}
