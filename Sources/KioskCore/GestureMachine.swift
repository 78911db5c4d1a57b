/// The timings of the gesture machine.
public struct GestureSettings: Sendable, Hashable {
    /// How long a raw level must hold before it counts (a bounce shorter than this is
    /// ignored). Zero for sources that do not bounce, such as the terminal.
    public var debounce: Duration
    /// How long a press must be held to count as long.
    public var longPress: Duration
    /// How long a repeating button is held before its first repeat.
    public var repeatDelay: Duration
    /// The time between repeats after the first.
    public var repeatInterval: Duration
    /// The buttons that repeat while held instead of giving a long press.
    public var repeatingButtons: Set<ButtonName>

    /// Creates settings; the defaults are the config's.
    public init(
        debounce: Duration = .milliseconds(30), longPress: Duration = .milliseconds(800),
        repeatDelay: Duration = .milliseconds(500), repeatInterval: Duration = .milliseconds(200),
        repeatingButtons: Set<ButtonName> = []
    ) {
        self.debounce = debounce
        self.longPress = longPress
        self.repeatDelay = repeatDelay
        self.repeatInterval = repeatInterval
        self.repeatingButtons = repeatingButtons
    }
}

/// Turns raw, bouncing edges into gestures: debounced press and release, `short` on
/// release, `long` while held (once), and auto-repeat for repeating buttons. Pure: time
/// comes in with every call, nothing sleeps. Each button is tracked on its own.
///
/// The caller feeds edges with `handle(_:)`, and calls `advance(to:)` when `nextWake`
/// arrives, since a long press or a repeat falls due while nothing happens on the line.
/// A clock that steps back is held at the latest instant seen; after a jump forward a
/// long press fires once and a held button repeats once, never a burst.
public struct GestureMachine: Sendable {
    /// The timings.
    public let settings: GestureSettings

    private struct Track: Sendable {
        /// The level the last edge reported.
        var rawPressed = false
        /// When the raw level last changed away from `pressed`; nil when they agree.
        var changedAt: MonotonicInstant?
        /// The debounced level.
        var pressed = false
        /// When the debounced press began (its last edge).
        var pressedAt = MonotonicInstant(nanoseconds: 0)
        /// Whether a long press or a repeat fired during this press (no short then).
        var held = false
        /// When the long press or the next repeat falls due, while pressed.
        var due: MonotonicInstant?
    }

    private var tracks: [ButtonName: Track] = [:]
    private var latest: MonotonicInstant?

    /// Creates a machine with every button up.
    public init(settings: GestureSettings) { self.settings = settings }

    /// Whether `button` is down, after debouncing.
    public func isPressed(_ button: ButtonName) -> Bool { tracks[button]?.pressed ?? false }

    /// The instant the machine next needs `advance(to:)`: a debounce that settles, a long
    /// press or a repeat that falls due. Nil when nothing is pending: sleep until an edge.
    public var nextWake: MonotonicInstant? {
        tracks.values.compactMap(wakeTime).min()
    }

    /// Takes one raw edge; returns the gestures that happened up to and at its time.
    public mutating func handle(_ edge: ButtonEdge) -> [ButtonGesture] {
        let time = clamped(edge.time)
        var gestures = settle(upTo: time)
        var track = tracks[edge.button] ?? Track()
        if edge.isPressed != track.rawPressed {
            track.rawPressed = edge.isPressed
            track.changedAt = edge.isPressed == track.pressed ? nil : time
            tracks[edge.button] = track
            gestures += settle(upTo: time)
        }
        return gestures
    }

    /// Lets time pass to `now`; returns the gestures that fell due.
    public mutating func advance(to now: MonotonicInstant) -> [ButtonGesture] {
        settle(upTo: clamped(now))
    }

    // MARK: Inside

    private mutating func clamped(_ time: MonotonicInstant) -> MonotonicInstant {
        let time = max(time, latest ?? time)
        latest = time
        return time
    }

    /// When a track needs attention: its debounce settling, else its long press or repeat.
    /// A long press or repeat waits while a release is settling: if the release holds, the
    /// press was short; if it was a bounce, the long press fires late rather than never.
    private func wakeTime(_ track: Track) -> MonotonicInstant? {
        if let changedAt = track.changedAt { return changedAt.advanced(by: settings.debounce) }
        return track.pressed ? track.due : nil
    }

    /// Handles everything due up to `now`, earliest first, across all buttons.
    private mutating func settle(upTo now: MonotonicInstant) -> [ButtonGesture] {
        var gestures: [ButtonGesture] = []
        while true {
            let candidates = tracks.compactMap { button, track in
                wakeTime(track).map { (button: button, time: $0) }
            }
            guard
                let next = candidates.filter({ $0.time <= now }).min(by: {
                    ($0.time, $0.button) < ($1.time, $1.button)
                })
            else { return gestures }
            gestures += step(next.button, at: next.time, now: now)
        }
    }

    private mutating func step(
        _ button: ButtonName, at time: MonotonicInstant, now: MonotonicInstant
    )
        -> [ButtonGesture]
    {
        guard var track = tracks[button] else { return [] }
        defer { tracks[button] = track }
        if let changedAt = track.changedAt {
            track.changedAt = nil
            track.pressed = track.rawPressed
            if track.pressed {
                track.pressedAt = changedAt
                track.held = false
                let wait =
                    settings.repeatingButtons.contains(button)
                    ? settings.repeatDelay : settings.longPress
                track.due = max(changedAt.advanced(by: wait), time)
                return [ButtonGesture(button, .press, at: time)]
            }
            track.due = nil
            let short = track.held ? [] : [ButtonGesture(button, .short, at: time)]
            return short + [ButtonGesture(button, .release, at: time)]
        }
        guard track.pressed, let due = track.due else { return [] }
        let gestureTime = due
        track.held = true
        guard settings.repeatingButtons.contains(button) else {
            track.due = nil
            return [ButtonGesture(button, .long, at: gestureTime)]
        }
        // The next repeat keeps the cadence; after a clock jump, the missed ones are skipped.
        var next = due.advanced(by: settings.repeatInterval)
        if next <= now {
            // Event times come from the kernel (or a device) and can be anything: the
            // arithmetic saturates instead of trapping on a gap past Int64's range.
            let interval = max(settings.repeatInterval.wholeNanoseconds, 1)
            let (gap, gapOverflow) = now.nanoseconds.subtractingReportingOverflow(
                next.nanoseconds)
            let (skipped, skipOverflow) = (gap / interval + 1).multipliedReportingOverflow(
                by: interval)
            let (later, laterOverflow) = next.nanoseconds.addingReportingOverflow(skipped)
            next =
                gapOverflow || skipOverflow || laterOverflow
                ? now.advanced(by: settings.repeatInterval) : MonotonicInstant(nanoseconds: later)
        }
        track.due = next
        return [ButtonGesture(button, .repeat, at: gestureTime)]
    }
}
