public import KioskCore
import Synchronization

/// The monotonic time the simulated chips keep their timing rules by (a measurement that
/// takes 15 ms, an SCD4x that has new data every 5 s).
///
/// `SimulatedClock.system` follows the machine's monotonic clock, for the simulator board.
/// A `SimulatedClock()` moves only when told: its `sleep(for:)` advances it instead of
/// waiting, so a driver given it as its sleep runs through an SCD4x's 5-second
/// measurements in moments, with the chip's timing rules still applied.
public final class SimulatedClock: Sendable {
    private let instant: Mutex<MonotonicInstant>
    /// Whether it follows the machine's clock (and `instant` is unused).
    private let followsSystem: Bool

    /// A clock that starts at 100 s and moves only when told.
    public init(start: MonotonicInstant = .seconds(100)) {
        instant = Mutex(start)
        followsSystem = false
    }

    private init(system: Void) {
        instant = Mutex(MonotonicInstant(nanoseconds: 0))
        followsSystem = true
    }

    /// The machine's monotonic clock (the continuous clock, from when it was first asked).
    public static let system = SimulatedClock(system: ())

    private static let origin = ContinuousClock.now

    /// Now.
    public func now() -> MonotonicInstant {
        if followsSystem {
            return MonotonicInstant(nanoseconds: 0).advanced(by: ContinuousClock.now - Self.origin)
        }
        return instant.withLock { $0 }
    }

    /// Moves a manual clock forward by `duration` (the system clock cannot be moved).
    public func advance(by duration: Duration) {
        if !followsSystem { instant.withLock { $0 = $0.advanced(by: duration) } }
    }

    /// Waits `duration`: advances a manual clock at once, sleeps on the system clock.
    /// - Throws: `CancellationError` when the task is cancelled.
    public func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        if followsSystem {
            try await Task.sleep(for: duration)
        } else {
            advance(by: duration)
        }
    }
}
