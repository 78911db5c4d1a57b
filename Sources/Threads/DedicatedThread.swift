import Glibc

/// Starts threads of their own for blocking work: a poll loop, a read that waits for a
/// device, a serial executor's jobs, libcurl's transfers, libmosquitto's network loop: the
/// one `pthread_create` of the kiosk (`LinuxPlatform`, `CurlHTTP` and `HomeAssistant` all
/// start theirs here).
///
/// Blocking calls never run on the cooperative pool (two or four threads on a Pi): one that
/// blocked there would stall every task. A thread started here is detached; `body` owns
/// what it was given and ends when its work is done (a stop pipe, a closed descriptor).
public enum DedicatedThread {
    /// Runs `body` on a new detached thread.
    /// - Returns: 0, or the errno value `pthread_create` gave when no thread could be made
    ///   (a resource limit); `body` did not run then.
    public static func start(_ body: @escaping @Sendable () -> Void) -> Int32 {
        let box = Unmanaged.passRetained(Work(body))
        var thread = pthread_t()
        let status = pthread_create(
            &thread, nil,
            { raw in
                Unmanaged<Work>.fromOpaque(raw!).takeRetainedValue().body()
                return nil
            }, box.toOpaque())
        guard status == 0 else {
            box.release()
            return status
        }
        pthread_detach(thread)
        return 0
    }

    private final class Work: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}

extension DedicatedThread {
    /// The calling thread's identity, to compare with `DedicatedThreadExecutor.threadID`:
    /// which thread ran a piece of work.
    public static var currentID: UInt { UInt(pthread_self()) }
}
