import FoundationEssentials

/// A wall clock that is wrong, then right: a Pi without a real-time clock boots with the
/// time it last saved (or 1970) and steps when NTP syncs, possibly by days. Timers run on
/// the monotonic clock and never notice; what is dated by the wall clock must not freeze or
/// wait for the wrong clock to catch up.
extension KioskState {
    /// How far the wall clock may move against the monotonic clock between two events before
    /// it counts as stepped: NTP slews by far less, a sync after a wrong boot steps by hours.
    public static let clockStepTolerance = 60.0

    /// Seconds to wait before the first refresh, from the newest cached forecast's fetch
    /// time: the rest of the refresh interval. A fetch time in the future (the clock was
    /// wrong then, or is now) leaves the age unknown, so the refresh is due at once.
    static func firstRefreshWait(newestForecast: Date, now: KioskTime, refreshMinutes: Int)
        -> Double
    {
        let age = now.wall.timeIntervalSince(newestForecast)
        guard age >= 0 else { return 0 }
        return max(0, Double(refreshMinutes * 60) - age)
    }

    /// Compares the wall clock with the monotonic clock; after a step, a forecast dated in
    /// the future is dated now and refreshed soon (its true age is unknown), and the frame
    /// is redrawn with the right time.
    mutating func noteWallClock(at now: KioskTime, into effects: inout [KioskEffect]) {
        let offset = now.wall.timeIntervalSince1970 - Double(now.monotonic.nanoseconds) / 1e9
        defer { wallClockOffset = offset }
        guard let previous = wallClockOffset, abs(offset - previous) > Self.clockStepTolerance
        else { return }
        if let lastForecast, lastForecast > now.wall {
            self.lastForecast = now.wall
            refresh.changed(at: now.monotonic)
        }
        effects.append(.render)
    }
}

/// Where the next minute falls, for the timers.
extension KioskState {
    static func nextMinute(after now: KioskTime) -> MonotonicInstant {
        let local = now.local
        let intoMinute =
            Double(local.second) + now.wall.timeIntervalSince1970.truncatingRemainder(dividingBy: 1)
        return now.monotonic.advanced(bySeconds: 60 - intoMinute)
    }
}
