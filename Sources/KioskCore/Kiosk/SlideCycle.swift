/// The slides' cycling as a machine of its own: cycling, the next slide due at a time, or
/// paused after an interaction until a time, when the next slide comes at once.
public struct SlideCycle: Sendable, Hashable {
    /// Where the cycling is.
    public enum Phase: Sendable, Hashable {
        /// Cycling: the slide next changes by itself at `next`.
        case cycling(next: MonotonicInstant)
        /// Paused after an interaction until `until`.
        case paused(until: MonotonicInstant)
    }

    /// Where the cycling is now.
    public private(set) var phase: Phase

    /// Cycling, with the next slide due at `next`.
    public init(next: MonotonicInstant) { phase = .cycling(next: next) }

    /// Until when cycling is paused, if it is.
    public var pausedUntil: MonotonicInstant? {
        if case .paused(let until) = phase { until } else { nil }
    }

    /// The deadline to wake for: the next slide, or the pause's end.
    public var deadline: MonotonicInstant {
        switch phase {
        case .cycling(let time), .paused(let time): time
        }
    }

    /// Ends a pause that is over at `now`: the next slide is due at once.
    public mutating func resumeIfOver(at now: MonotonicInstant) {
        if case .paused(let until) = phase, now >= until { phase = .cycling(next: now) }
    }

    /// Whether cycling (not paused) and the next slide is due at `now`.
    public func isDue(at now: MonotonicInstant) -> Bool {
        if case .cycling(let next) = phase { now >= next } else { false }
    }

    /// The slide changed at `now` (or the display came back): the next is `cycle` seconds
    /// away. A pause keeps its end.
    public mutating func restart(at now: MonotonicInstant, cycle: Int) {
        if case .cycling = phase { phase = .cycling(next: now.advanced(bySeconds: Double(cycle))) }
    }

    /// Pauses cycling until `until` (an interaction).
    public mutating func pause(until: MonotonicInstant) { phase = .paused(until: until) }

    /// The cycle or the pause got `seconds` longer (or shorter) at `now`: the next slide or
    /// the pause's end moves by as much, but not into the past.
    public mutating func lengthen(
        cycleBy cycle: Double, pauseBy pause: Double, at now: MonotonicInstant
    ) {
        switch phase {
        case .cycling(let next) where cycle != 0:
            phase = .cycling(next: max(now, next.advanced(bySeconds: cycle)))
        case .paused(let until) where pause != 0:
            phase = .paused(until: max(now, until.advanced(bySeconds: pause)))
        case .cycling, .paused: break
        }
    }
}
