/// Where the daemon's services get "now" and how they wait: the system clocks in the
/// binary, a manual clock in tests (24 simulated hours run in a second).
public protocol TimeSource: Sendable {
    /// Both clocks and the kiosk's UTC offset, now.
    func now() -> KioskTime
    /// Returns once the monotonic clock has reached `deadline` (at once if it has).
    /// - Throws: `CancellationError` when the task is cancelled while waiting.
    func sleep(until deadline: MonotonicInstant) async throws
}

extension TimeSource {
    /// Returns after `seconds` of monotonic time.
    /// - Throws: `CancellationError` when the task is cancelled while waiting.
    public func sleep(seconds: Double) async throws {
        try await sleep(until: now().monotonic.advanced(bySeconds: seconds))
    }
}
