import FoundationEssentials
public import KioskCore

/// The system's clocks: CLOCK_MONOTONIC for timers, the wall clock for data and night,
/// `localtime_r` for the kiosk's UTC offset.
public struct SystemTimeSource: TimeSource {
    /// The system clocks.
    public init() {}

    /// Both clocks now.
    public func now() -> KioskTime {
        let wall = Date()
        return KioskTime(
            monotonic: MonotonicClock.now(), wall: wall,
            utcOffsetSeconds: KioskClock.localOffset(at: wall))
    }

    /// Sleeps until the monotonic clock reaches `deadline`.
    /// - Throws: `CancellationError` when cancelled.
    public func sleep(until deadline: MonotonicInstant) async throws {
        let seconds = deadline.seconds(since: now().monotonic)
        guard seconds > 0 else { return }
        try await Task.sleep(for: .nanoseconds(Int64(seconds * 1e9)))
    }
}
