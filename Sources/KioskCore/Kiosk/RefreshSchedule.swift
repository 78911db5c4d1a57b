/// The forecast refresh as a machine of its own: idle until the next refresh is due,
/// fetching, backing off after a failure, or held by Open-Meteo's rate limit. `due` is the
/// one time of the next attempt; a forced fetch may run while rate-limited.
public struct RefreshSchedule: Sendable, Hashable {
    /// Where the refresh is.
    public enum Phase: Sendable, Hashable {
        /// Waiting for `due`, after a fetch that brought forecasts (or at the start).
        case idle
        /// A fetch is under way. `again`: what is fetched changed meanwhile, so another
        /// follows at once; `heldUntil`: the rate limit it was forced through.
        case fetching(again: Bool, heldUntil: MonotonicInstant?)
        /// The last attempt failed; the next goes out at `due`.
        case backingOff
        /// Open-Meteo's rate limit forbids asking before `until` (`due` is a little after).
        case rateLimited(until: MonotonicInstant)
    }

    /// Where the refresh is now.
    public private(set) var phase = Phase.idle
    /// When the next attempt is due (while fetching, when this one was).
    public private(set) var due: MonotonicInstant
    /// When the last fetch ended, succeeded or failed: a manual refresh soon after joins it.
    public private(set) var lastEnded: MonotonicInstant?

    /// A schedule with the first refresh due at `due`.
    public init(due: MonotonicInstant) { self.due = due }

    /// Whether a fetch is under way.
    public var isFetching: Bool {
        if case .fetching = phase { true } else { false }
    }

    /// Until when the rate limit holds (kept while a fetch forced through it runs).
    public var rateLimitedUntil: MonotonicInstant? {
        switch phase {
        case .rateLimited(let until): until
        case .fetching(_, let heldUntil): heldUntil
        case .idle, .backingOff: nil
        }
    }

    /// Whether the rate limit holds at `now`.
    public func isHeld(at now: MonotonicInstant) -> Bool {
        if case .rateLimited(let until) = phase { now < until } else { false }
    }

    /// The deadline to wake for: the next attempt, none while a fetch is under way.
    public var deadline: MonotonicInstant? { isFetching ? nil : due }

    /// Starts a fetch when one is due at `now`.
    /// - Returns: whether it started one (the reducer then asks for `.fetchForecasts`).
    public mutating func startIfDue(at now: MonotonicInstant) -> Bool {
        guard !isFetching, now >= due else { return false }
        phase = .fetching(again: false, heldUntil: rateLimitedUntil)
        return true
    }

    /// Brings the next attempt forward to `time` at the latest; a fetch under way is left
    /// alone (its outcome sets the next).
    public mutating func bringForward(to time: MonotonicInstant) {
        if !isFetching { due = min(due, time) }
    }

    /// Puts the next attempt at `time` (a restored cache, a new interval), unless fetching.
    public mutating func reschedule(to time: MonotonicInstant) {
        if !isFetching { due = time }
    }

    /// What is fetched changed at `now`: a fetch under way is followed by another, a rate
    /// limit still holds, otherwise the next attempt is now.
    public mutating func changed(at now: MonotonicInstant) {
        if case .fetching(_, let heldUntil) = phase {
            phase = .fetching(again: true, heldUntil: heldUntil)
        } else if !isHeld(at: now) {
            bringForward(to: now)
        }
    }

    /// Another API address or key: the rate limit, which counts against the old one, goes.
    public mutating func limitLifted() {
        switch phase {
        case .rateLimited: phase = .backingOff
        case .fetching(let again, _): phase = .fetching(again: again, heldUntil: nil)
        case .idle, .backingOff: break
        }
    }

    /// The fetch brought forecasts at `now`: the next is `interval` seconds away (at once
    /// when what is fetched changed meanwhile).
    public mutating func succeeded(at now: MonotonicInstant, interval: Double) {
        let again = if case .fetching(true, _) = phase { true } else { false }
        phase = .idle
        lastEnded = now
        due = again ? now : now.advanced(bySeconds: interval)
    }

    /// The fetch failed at `now`: the next attempt is `delay` seconds away, held by a rate
    /// limit until `limitedUntil` when Open-Meteo gave one.
    public mutating func failed(
        at now: MonotonicInstant, delay: Double, limitedUntil: MonotonicInstant?
    ) {
        phase = limitedUntil.map { .rateLimited(until: $0) } ?? .backingOff
        lastEnded = now
        due = now.advanced(bySeconds: delay)
    }
}
