import Glibc
import Synchronization

/// A non-blocking pipe that wakes a thread waiting in `Poller.wait`: any thread signals,
/// the waiting thread polls `descriptor` for `.readable` and drains it. After `close()`
/// a signal does nothing, so a late one never writes to a descriptor number that may
/// belong to something else by then.
public final class WakePipe: Sendable {
    /// The read end, to poll for `.readable`.
    public let descriptor: Int32
    private let writeEnd: Int32
    private let closed = Mutex(false)

    /// Makes the pipe (close-on-exec, non-blocking).
    /// - Throws: `DeviceError` naming `device` when no pipe can be made (a descriptor limit).
    public init(for device: String) throws(DeviceError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw DeviceError("create a wake-up pipe for", device: device, errorNumber: errno)
        }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        descriptor = ends[0]
        writeEnd = ends[1]
    }

    /// Wakes the waiting thread. A full pipe already holds a wake-up: nothing is lost.
    public func signal() {
        closed.withLock { isClosed in
            guard !isClosed else { return }
            var byte: UInt8 = 1
            _ = write(writeEnd, &byte, 1)
        }
    }

    /// Reads every pending wake-up, so the next poll waits again.
    public func drain() {
        var buffer = [UInt8](repeating: 0, count: 256)
        while read(descriptor, &buffer, buffer.count) > 0 {}
    }

    /// Closes both ends; later signals do nothing.
    public func close() {
        closed.withLock { isClosed in
            guard !isClosed else { return }
            isClosed = true
            _ = Glibc.close(descriptor)
            _ = Glibc.close(writeEnd)
        }
    }

    deinit { close() }
}
