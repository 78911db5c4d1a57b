import KioskCore
import Logging

/// The tasks an engine starts: effects (fetches, readings), which a stop cancels, and
/// writes (state, history), which a stop awaits. Each leaves the books when it ends.
struct TaskTracker {
    private var effects: [Int: Task<Void, Never>] = [:]
    private var writes: [Int: Task<Void, Never>] = [:]
    private var nextID = 0

    /// Effects under way.
    var effectsInFlight: Int { effects.count }

    /// An id for a task about to start.
    mutating func reserve() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    /// Books `task` under `id`, as a write or an effect.
    mutating func add(_ task: Task<Void, Never>, id: Int, write: Bool) {
        if write { writes[id] = task } else { effects[id] = task }
    }

    /// The task `id` has ended.
    mutating func finished(_ id: Int) {
        effects[id] = nil
        writes[id] = nil
    }

    /// Cancels every effect under way and forgets them.
    mutating func cancelEffects() {
        let cancelled = effects.values
        effects = [:]
        cancelled.forEach { $0.cancel() }
    }

    /// The writes under way, to await; forgotten here.
    mutating func takeWrites() -> [Task<Void, Never>] {
        defer { writes = [:] }
        return Array(writes.values)
    }
}

/// One timer for the reducer's earliest deadline: a task that sleeps until it and then
/// fires, replaced when the deadline changes and cancelled when there is none.
struct DeadlineTimer {
    private var current: (deadline: MonotonicInstant, task: Task<Void, Never>)?

    /// Sleeps until `deadline` on `time` and then calls `fire`, unless it is already set
    /// for that deadline; a nil deadline cancels it.
    mutating func set(
        _ deadline: MonotonicInstant?, time: any TimeSource,
        fire: @escaping @Sendable () -> Void
    ) {
        guard let deadline else { return cancel() }
        if current?.deadline == deadline { return }
        current?.task.cancel()
        let task = Task {
            do {
                try await time.sleep(until: deadline)
            } catch {
                return  // Replaced by a newer deadline, or stopping.
            }
            fire()
        }
        current = (deadline, task)
    }

    /// Cancels the timer.
    mutating func cancel() {
        current?.task.cancel()
        current = nil
    }
}

/// Holds requests until the start has been reduced, so that none of them sees the empty
/// state an engine is created with.
struct OpeningGate {
    private(set) var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Requests waiting.
    var waiting: Int { waiters.count }

    /// Adds a request to resume at the opening.
    mutating func hold(_ waiter: CheckedContinuation<Void, Never>) {
        waiters.append(waiter)
    }

    /// Opens the gate and lets every waiting request through.
    mutating func open() {
        isOpen = true
        let held = waiters
        waiters = []
        held.forEach { $0.resume() }
    }
}

/// Logs a topic's message only when it differs from the last one (a failing sensor logs
/// once, not every minute); a nil message after a logged one logs what recovered.
struct LogOnce {
    private var logged: [String: String] = [:]

    /// Logs `message` for `topic` to `logger` when it is news; see the type.
    mutating func note(
        _ topic: String, _ message: String?, level: Logger.Level, recovered: String?,
        to logger: Logger
    ) {
        let previous = logged[topic]
        guard previous != message else { return }
        logged[topic] = message
        if let message {
            logger.log(level: level, "\(message)")
        } else if previous != nil, let recovered {
            logger.info("\(recovered)")
        }
    }
}
