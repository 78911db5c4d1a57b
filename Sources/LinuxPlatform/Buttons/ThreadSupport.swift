import Glibc
public import KioskCore
import Synchronization
import Threads

/// The kernel's CLOCK_MONOTONIC: the clock of GPIO and (as the evdev input asks for) input
/// event timestamps.
public enum MonotonicClock {
    /// Now.
    public static func now() -> MonotonicInstant {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return MonotonicInstant(
            nanoseconds: Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec))
    }
}

/// A pipe that wakes a thread blocked in poll(2): how a reader thread learns that its
/// stream was cancelled. Owned by the reader; closed in deinit.
final class WakeSignal: Sendable {
    /// The descriptor to poll for POLLIN; -1 when no pipe could be made (the thread then
    /// sees `isRaised` on its next poll timeout or event instead).
    let descriptor: Int32
    private let writeEnd: Int32
    private let raised = Atomic<Bool>(false)

    init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
                _ = fcntl(end, F_SETFL, O_NONBLOCK)
            }
        }
        descriptor = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        if writeEnd >= 0 { close(writeEnd) }
    }

    /// Wakes the thread; it sees `isRaised` from then on.
    func raise() {
        raised.store(true, ordering: .sequentiallyConsistent)
        if writeEnd >= 0 {
            var one: UInt8 = 1
            _ = write(writeEnd, &one, 1)
        }
    }

    /// Whether `raise()` was called.
    var isRaised: Bool { raised.load(ordering: .sequentiallyConsistent) }
}

/// Runs `body` on a new detached thread of its own, never on the cooperative pool.
/// - Throws: `DeviceError` when no thread can be made (a resource limit).
func startThread(named name: String, _ body: @escaping @Sendable () -> Void) throws(DeviceError) {
    let status = DedicatedThread.start(body)
    guard status == 0 else {
        throw DeviceError("start a thread for", device: name, errorNumber: status)
    }
}

/// Waits for `descriptors` to become readable, or `timeout` milliseconds (-1: no limit);
/// retries EINTR. Returns the poll entries, or nil with errno set.
func waitReadable(_ descriptors: [Int32], timeout: Int32) -> [pollfd]? {
    var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    let ready = retryingInterrupts { poll(&entries, nfds_t(entries.count), timeout) }
    return ready < 0 ? nil : entries
}

/// Back-off for retries after a failure: 1, 2, 4 … 60 seconds.
struct RetryBackoff {
    private(set) var attempt = 0

    /// The next wait, in milliseconds.
    mutating func next() -> Int32 {
        defer { attempt += 1 }
        return Int32(min(1000 << min(attempt, 6), 60_000))
    }

    /// Starts over after a success.
    mutating func reset() { attempt = 0 }
}
