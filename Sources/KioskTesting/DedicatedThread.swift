import Glibc  // Glibc: a thread for blocking test work (test support)

/// Runs blocking work (waiting for a child process, reading pipes) on a new thread of its
/// own, never on the cooperative pool: with two cores the pool has two threads, and a test
/// that blocked them would stall the loopback server the binary is talking to.
public func onDedicatedThread<Value: Sendable>(
    _ work: @escaping @Sendable () -> Value
) async -> Value {
    await withCheckedContinuation { (continuation: CheckedContinuation<Value, Never>) in
        let box = Unmanaged.passRetained(ThreadWork { continuation.resume(returning: work()) })
        var thread = pthread_t()
        let status = pthread_create(
            &thread, nil,
            { raw in
                let work = Unmanaged<ThreadWork>.fromOpaque(raw!).takeRetainedValue()
                work.body()
                return nil
            }, box.toOpaque())
        if status != 0 {
            // No thread could be made (resource limit): run it here rather than hang the test.
            box.takeRetainedValue().body()
        } else {
            pthread_detach(thread)
        }
    }
}

private final class ThreadWork: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}
