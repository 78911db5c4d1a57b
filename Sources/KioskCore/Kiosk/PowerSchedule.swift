import FoundationEssentials

/// The display's power as a machine of its own: the night window decides, unless a press
/// woke the display for a while or a setting from afar holds until the window next changes.
public struct PowerSchedule: Sendable, Hashable {
    /// What decides the power besides the night window.
    public enum Override: Sendable, Hashable {
        /// Nothing: the night window alone.
        case none
        /// A press lit the display at night until `until`.
        case woken(until: MonotonicInstant)
        /// A remote command set `power`, until `until` (nil: until a press, there being no
        /// night window to end it).
        case remote(DisplayPower, until: MonotonicInstant?)
        /// An official warning lit the display the night window blanked, until `until` (the
        /// warning's end, or the window's next change if sooner).
        case warning(until: MonotonicInstant)
    }

    /// How long a press wakes a blanked or dimmed display at night, seconds.
    public static let wakeSeconds = 30.0

    /// The display's power.
    public private(set) var power = DisplayPower.on
    /// What overrides the night window now.
    public private(set) var override = Override.none
    /// When the night window next begins or ends, if there is one.
    public private(set) var nextNightChange: MonotonicInstant?

    /// A display that is on, with nothing overriding the night window.
    public init() {}

    /// The deadlines to wake for: the window's next change and an override's end.
    public var deadlines: [MonotonicInstant] {
        let end: MonotonicInstant? =
            switch override {
            case .none: nil
            case .woken(let until): until
            case .remote(_, let until): until
            case .warning(let until): until
            }
        return [nextNightChange, end].compactMap { $0 }
    }

    /// Decides the power at `now` under `night`: an override that is over ends, then the
    /// override or the window says what is wanted. Returns the power before, when it changed.
    public mutating func update(night: NightWindow?, at now: KioskTime) -> DisplayPower? {
        switch override {
        case .woken(let until) where now.monotonic >= until: override = .none
        case .remote(_, let until?) where now.monotonic >= until: override = .none
        case .warning(let until) where now.monotonic >= until: override = .none
        case .none, .woken, .remote, .warning: break
        }
        nextNightChange = night.map { Self.nextChange(of: $0, after: now) }
        let wanted: DisplayPower
        switch override {
        case .remote(let power, _): wanted = power
        case .woken, .warning: wanted = .on
        case .none:
            let isNight = night?.contains(minuteOfDay: now.local.minuteOfDay) ?? false
            wanted = isNight ? (night?.mode == .dim ? .dim : .off) : .on
        }
        guard wanted != power else { return nil }
        defer { power = wanted }
        return power
    }

    /// A press at the kiosk: it ends a remote setting, and at night lights the display for
    /// `wakeSeconds` (again, if already woken). Returns whether anything changed.
    public mutating func press(night: NightWindow?, at now: MonotonicInstant) -> Bool {
        if case .warning = override {
            // Seen: the display goes dark again after a press's while.
            override = .woken(until: now.advanced(bySeconds: Self.wakeSeconds))
            return true
        }
        if case .remote = override {
            override = .none
            if night == nil { return true }
        }
        let woken = if case .woken = override { true } else { false }
        guard night != nil, power != .on || woken else { return false }
        override = .woken(until: now.advanced(bySeconds: Self.wakeSeconds))
        return true
    }

    /// An official warning arrived while the night window blanks the display: it lights the
    /// display until `until` (the warning's end; nil when it gives none), at the latest
    /// until the window next changes. Not while dimmed, woken or set from afar. Returns
    /// whether it lit the display.
    public mutating func wake(
        forWarningUntil until: MonotonicInstant?, night: NightWindow?, at now: KioskTime
    ) -> Bool {
        guard case .none = override, power == .off, let night else { return false }
        let windowChange = Self.nextChange(of: night, after: now)
        override = .warning(until: min(until ?? windowChange, windowChange))
        return true
    }

    /// A remote power setting: it holds until the night window next changes (a remote "on"
    /// at night lasts until morning, a remote "off" by day until the evening).
    public mutating func set(_ wanted: DisplayPower, night: NightWindow?, at now: KioskTime) {
        override = .remote(wanted, until: night.map { Self.nextChange(of: $0, after: now) })
    }

    /// When `night` next begins or ends after `now`.
    static func nextChange(of night: NightWindow, after now: KioskTime) -> MonotonicInstant {
        let local = now.local
        let secondOfDay =
            Double(local.minuteOfDay * 60 + local.second)
            + now.wall.timeIntervalSince1970.truncatingRemainder(dividingBy: 1)
        let boundaries = [night.from.minuteOfDay, night.to.minuteOfDay].map { Double($0 * 60) }
        let waits = boundaries.map { boundary -> Double in
            let wait = boundary - secondOfDay
            return wait > 0 ? wait : wait + 86_400
        }
        return now.monotonic.advanced(bySeconds: waits.min() ?? 86_400)
    }
}
