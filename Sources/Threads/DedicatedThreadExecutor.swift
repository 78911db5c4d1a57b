import Glibc
import Synchronization

/// A serial executor that runs its jobs on one thread of its own. An actor that uses it
/// as its `unownedExecutor` can make blocking system calls (I2C transfers) in its methods
/// without ever blocking a thread of the cooperative pool.
///
/// The thread sleeps in `read(2)` on a pipe until a job arrives; `shutdown()` lets it
/// finish the queued jobs and end.
public final class DedicatedThreadExecutor: SerialExecutor {
    private struct Queue {
        var jobs: [UnownedJob] = []
        var stopping = false
        var threadless = false
        var closed = false
        var thread: UInt?
    }

    private let queue = Mutex(Queue())
    /// The pipe's read end (the thread waits on it) and write end (enqueue wakes it).
    private let wakeup: Int32
    private let signalling: Int32

    /// Starts the thread. When no thread or pipe can be had (resource limits), jobs run
    /// on the caller's thread instead: blocking, but never lost.
    public init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        } else {
            ends = [-1, -1]
        }
        wakeup = ends[0]
        signalling = ends[1]
        guard wakeup >= 0 else { return }
        // The thread holds the executor until it ends.
        if DedicatedThread.start({ [self] in run() }) != 0 {
            queue.withLock { $0.threadless = true }
        }
    }

    /// The identity of the executor's thread (`DedicatedThread.currentID` on it), once it
    /// runs; nil before, or when there is no thread and jobs run on their callers'.
    public var threadID: UInt? { queue.withLock { $0.thread } }

    /// Queues a job for the thread.
    public func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        let runHere = queue.withLock { queue -> Bool in
            if queue.threadless || queue.closed || wakeup < 0 { return true }
            queue.jobs.append(unowned)
            return false
        }
        if runHere {
            unowned.runSynchronously(on: asUnownedSerialExecutor())
            return
        }
        signal()
    }

    /// This executor, for `unownedExecutor`.
    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// Lets the thread run what is queued, then end.
    public func shutdown() {
        queue.withLock { $0.stopping = true }
        signal()
    }

    private func signal() {
        // Under the lock, so that the pipe is never written after the thread closed it.
        queue.withLock { queue in
            guard signalling >= 0, !queue.closed else { return }
            var one: UInt8 = 1
            while Glibc.write(signalling, &one, 1) < 0, errno == EINTR {}
        }
    }

    private func run() {
        queue.withLock { $0.thread = DedicatedThread.currentID }
        while true {
            var bytes = [UInt8](repeating: 0, count: 64)
            while Glibc.read(wakeup, &bytes, bytes.count) < 0, errno == EINTR {}
            let (jobs, stopping) = queue.withLock { queue in
                defer { queue.jobs.removeAll() }
                return (queue.jobs, queue.stopping)
            }
            for job in jobs { job.runSynchronously(on: asUnownedSerialExecutor()) }
            let done = queue.withLock { queue -> Bool in
                guard stopping, queue.jobs.isEmpty else { return false }
                queue.closed = true
                return true
            }
            if done { break }
        }
        close(wakeup)
        close(signalling)
    }
}
