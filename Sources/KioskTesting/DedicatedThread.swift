import Threads

/// Runs blocking work (waiting for a child process, reading pipes) on a new thread of its
/// own, never on the cooperative pool: with two cores the pool has two threads, and a test
/// that blocked them would stall the loopback server the binary is talking to.
public func onDedicatedThread<Value: Sendable>(
    _ work: @escaping @Sendable () -> Value
) async -> Value {
    await withCheckedContinuation { (continuation: CheckedContinuation<Value, Never>) in
        let status = DedicatedThread.start { continuation.resume(returning: work()) }
        if status != 0 {
            // No thread could be made (resource limit): run it here rather than hang the test.
            continuation.resume(returning: work())
        }
    }
}
