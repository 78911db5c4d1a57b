import Glibc  // Glibc: a thread-specific mark for the threads started here (test support)
import LinuxPlatform

/// Marks the threads `onDedicatedThread` starts, so that a helper can tell whether it runs
/// on one of them rather than on the cooperative pool.
private let dedicatedThreadMark: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
}()

/// Whether the caller runs on a thread `onDedicatedThread` started (not on the cooperative
/// pool, whose two threads every test of the run shares).
public var runningOnDedicatedThread: Bool { pthread_getspecific(dedicatedThreadMark) != nil }

/// Runs blocking work (waiting for a child process, reading pipes) on a new thread of its
/// own, never on the cooperative pool: with two cores the pool has two threads, and a test
/// that blocked them would stall the loopback server the binary is talking to.
public func onDedicatedThread<Value: Sendable>(
    _ work: @escaping @Sendable () -> Value
) async -> Value {
    await withCheckedContinuation { (continuation: CheckedContinuation<Value, Never>) in
        let status = DedicatedThread.start {
            pthread_setspecific(dedicatedThreadMark, UnsafeRawPointer(bitPattern: 1))
            continuation.resume(returning: work())
        }
        if status != 0 {
            // No thread could be made (resource limit): run it here rather than hang the test.
            continuation.resume(returning: work())
        }
    }
}
