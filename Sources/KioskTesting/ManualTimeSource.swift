public import FoundationEssentials
public import KioskCore
import Synchronization

/// A clock that moves only when a test says so: `advance(by:)` wakes every sleeper whose
/// deadline has come, in deadline order, so services can run through simulated hours in
/// moments without a real sleep.
public final class ManualTimeSource: TimeSource {
    private struct Sleeper {
        let id: Int
        let deadline: MonotonicInstant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: KioskTime
        var sleepers: [Sleeper] = []
        var nextID = 0
    }

    private let state: Mutex<State>

    /// A clock starting at `wall` (uptime 100 s) in a zone `utcOffsetSeconds` east of UTC.
    public init(wall: Date = Date(timeIntervalSince1970: 1_795_000_000), utcOffsetSeconds: Int = 0)
    {
        state = Mutex(
            State(
                now: KioskTime(
                    monotonic: .seconds(100), wall: wall, utcOffsetSeconds: utcOffsetSeconds)))
    }

    /// Now.
    public func now() -> KioskTime { state.withLock { $0.now } }

    /// How many tasks are waiting on this clock.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// The earliest deadline anyone waits for.
    public var nextDeadline: MonotonicInstant? {
        state.withLock { $0.sleepers.map(\.deadline).min() }
    }

    /// Suspends until `advance` reaches `deadline`.
    /// - Throws: `CancellationError` when cancelled.
    public func sleep(until deadline: MonotonicInstant) async throws {
        let id = state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow = state.withLock { state -> Bool in
                    if deadline <= state.now.monotonic || Task.isCancelled { return true }
                    state.sleepers.append(
                        Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let cancelled = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
                    return nil
                }
                return state.sleepers.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
        try Task.checkCancellation()
    }

    /// Moves both clocks forward by `seconds` and wakes the sleepers now due.
    public func advance(bySeconds seconds: Double) {
        let due = state.withLock { state -> [Sleeper] in
            state.now = state.now.advanced(bySeconds: seconds)
            let now = state.now.monotonic
            let due = state.sleepers.filter { $0.deadline <= now }.sorted {
                $0.deadline < $1.deadline
            }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        due.forEach { $0.continuation.resume() }
    }

    /// Sets the wall clock alone, as NTP does at boot; the monotonic clock is untouched.
    public func setWall(_ wall: Date) {
        state.withLock { $0.now.wall = wall }
    }
}
