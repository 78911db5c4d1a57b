/// The sensor's polling as a machine of its own: waiting until the next reading is due, or
/// reading. A failure stretches the wait (5 s doubling, never past the interval); a reading
/// that succeeds puts the next one an interval away.
public struct SensorPolling: Sendable, Hashable {
    /// Where the polling is.
    public enum Phase: Sendable, Hashable {
        /// Waiting: the next reading is due at `due`.
        case waiting(due: MonotonicInstant)
        /// A reading is under way; it was due at `due`.
        case reading(due: MonotonicInstant)
    }

    /// Where the polling is now.
    public private(set) var phase: Phase
    /// Readings failed in a row.
    public private(set) var failures = 0

    /// Polling with the first reading due at `due`.
    public init(due: MonotonicInstant) {
        phase = .waiting(due: due)
    }

    /// When the next reading is due (while one is under way, when it was due).
    public var due: MonotonicInstant {
        switch phase {
        case .waiting(let due), .reading(let due): due
        }
    }

    /// Whether a reading is under way.
    public var isReading: Bool {
        if case .reading = phase { true } else { false }
    }

    /// The deadline to wake for: the due reading, none while one is under way.
    public var deadline: MonotonicInstant? {
        if case .waiting(let due) = phase { due } else { nil }
    }

    /// Starts a reading when one is due at `now`.
    /// - Returns: whether it started one (the reducer then asks for `.readSensor`).
    public mutating func startIfDue(at now: MonotonicInstant) -> Bool {
        guard case .waiting(let due) = phase, now >= due else { return false }
        phase = .reading(due: due)
        return true
    }

    /// The reading succeeded at `now`: the next is an interval of `interval` seconds away.
    public mutating func succeeded(at now: MonotonicInstant, interval: Int) {
        failures = 0
        phase = .waiting(due: now.advanced(bySeconds: Double(interval)))
    }

    /// The reading failed at `now`: the next comes after the back-off.
    public mutating func failed(at now: MonotonicInstant, interval: Int) {
        failures += 1
        phase = .waiting(
            due: now.advanced(
                bySeconds: Backoff.sensorDelay(failures: failures, interval: interval)))
    }

    /// A reading is due at `now` (the sensor was just turned on).
    public mutating func dueNow(at now: MonotonicInstant) {
        phase = .waiting(due: now)
    }

    /// The polling interval changed from `old` to `new` seconds: a waiting reading moves by
    /// the difference in its wait, and is due at `now` when that is already past. A reading
    /// under way is left alone (the next wait uses the new interval).
    public mutating func intervalChanged(from old: Int, to new: Int, at now: MonotonicInstant) {
        guard case .waiting(let due) = phase else { return }
        let shift =
            Backoff.sensorWait(failures: failures, interval: new)
            - Backoff.sensorWait(failures: failures, interval: old)
        phase = .waiting(due: max(now, due.advanced(bySeconds: shift)))
    }
}
