import CCurl
import Glibc
import KioskCore
import Synchronization
import Threads

/// `curl_global_init` runs exactly once per process: Swift initialises a global lazily and
/// thread-safely (`swift_once`), and the first worker thread to start reads it.
let curlGlobalInitialization: CURLcode = CCurl_global_init_default()

/// One request on its way through the worker: the request and its cancellation flag.
final class CurlJob: Sendable {
    /// What to fetch.
    let request: HTTPRequest
    private let cancelledFlag = Atomic<Bool>(false)

    init(request: HTTPRequest) {
        self.request = request
    }

    /// Whether the calling task was cancelled; read by libcurl's progress callback.
    var isCancelled: Bool { cancelledFlag.load(ordering: .acquiring) }

    func markCancelled() {
        cancelledFlag.store(true, ordering: .releasing)
    }
}

/// The thread that runs libcurl, its queue, and the semaphore it sleeps on.
///
/// `@unchecked Sendable` because of `wakeUp`, a POSIX semaphore behind a raw pointer. The
/// invariant: `sem_post` and `sem_wait` are thread-safe by POSIX; the semaphore is created
/// in `init` and destroyed in `deinit`, when neither the transport nor the thread holds
/// the worker any more, so nobody can post to it. Everything else is in `state` (a `Mutex`)
/// or atomic, and the easy handle never leaves the thread's stack (`runThread`).
final class CurlWorker: @unchecked Sendable {
    typealias Completion = CheckedContinuation<Result<HTTPResponse, HTTPTransportError>, Never>

    private struct Pending {
        let job: CurlJob
        let completion: Completion
    }

    private struct State {
        var queue: [Pending] = []
        var isShutDown = false
        var hasExited = false
        var exitWaiters: [CheckedContinuation<Void, Never>] = []
        /// Why the thread could not start, when it could not.
        var startFailure: String?
    }

    let options: CurlTransport.Options
    /// Set once shutdown begins; the progress callback aborts the transfer in flight.
    private let shutdownFlag = Atomic<Bool>(false)
    private let state = Mutex(State())
    private let wakeUp: UnsafeMutablePointer<sem_t>

    /// Whether shutdown has begun; read by libcurl's progress callback.
    var isShuttingDown: Bool { shutdownFlag.load(ordering: .acquiring) }

    init(options: CurlTransport.Options) {
        self.options = options
        wakeUp = .allocate(capacity: 1)
        sem_init(wakeUp, 0, 0)
    }

    deinit {
        sem_destroy(wakeUp)
        wakeUp.deallocate()
    }

    /// Starts the thread; the thread holds a strong reference until it exits.
    func start() {
        let result = DedicatedThread.start { [self] in runThread() }
        if result != 0 {
            state.withLock {
                $0.startFailure = "could not start the HTTP thread (\(errnoName(result)))"
                $0.hasExited = true
            }
        }
    }

    /// Queues `job`, or answers it at once when it is cancelled or the worker is gone.
    func enqueue(_ job: CurlJob, continuation: Completion) {
        let refusal: HTTPTransportError? = state.withLock { state in
            if let failure = state.startFailure {
                return Self.unavailableError(job, reason: failure)
            }
            if state.isShutDown || job.isCancelled {
                return Self.cancelledError(job, shutDown: state.isShutDown)
            }
            state.queue.append(Pending(job: job, completion: continuation))
            sem_post(wakeUp)
            return nil
        }
        if let refusal {
            continuation.resume(returning: .failure(refusal))
        }
    }

    /// Marks `job` cancelled; if it is still queued, removes it and answers it at once.
    func cancel(_ job: CurlJob) {
        job.markCancelled()
        let removed: Pending? = state.withLock { state in
            guard let index = state.queue.firstIndex(where: { $0.job === job }) else {
                return nil
            }
            return state.queue.remove(at: index)
        }
        removed?.completion.resume(returning: .failure(Self.cancelledError(job, shutDown: false)))
    }

    /// Begins shutdown without waiting: what `deinit` of the transport calls.
    func requestShutdown() {
        let drained = beginShutdown()
        for pending in drained {
            pending.completion.resume(
                returning: .failure(Self.cancelledError(pending.job, shutDown: true)))
        }
    }

    /// Shuts down and returns once the thread has cleaned up and exited.
    func shutdown() async {
        requestShutdown()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let exited = state.withLock { state in
                if !state.hasExited { state.exitWaiters.append(continuation) }
                return state.hasExited
            }
            if exited { continuation.resume() }
        }
    }

    private func beginShutdown() -> [Pending] {
        state.withLock { state in
            guard !state.isShutDown else { return [] }
            state.isShutDown = true
            shutdownFlag.store(true, ordering: .releasing)
            let drained = state.queue
            state.queue.removeAll()
            if !state.hasExited { sem_post(wakeUp) }
            return drained
        }
    }

    // MARK: - The thread

    private func runThread() {
        let transfer: CurlTransfer?
        var setupFailure = ""
        if curlGlobalInitialization != CURLE_OK {
            transfer = nil
            setupFailure =
                "curl_global_init failed (\(String(cString: curl_easy_strerror(curlGlobalInitialization))))"
        } else if let handle = curl_easy_init() {
            transfer = CurlTransfer(handle: handle, options: options, worker: self)
        } else {
            transfer = nil
            setupFailure = "curl_easy_init failed (out of memory?)"
        }
        while let pending = nextJob() {
            let result: Result<HTTPResponse, HTTPTransportError>
            if let transfer {
                result = transfer.perform(pending.job)
            } else {
                result = .failure(Self.unavailableError(pending.job, reason: setupFailure))
            }
            pending.completion.resume(returning: result)
        }
        transfer?.cleanUp()
        let waiters = state.withLock { state in
            state.hasExited = true
            defer { state.exitWaiters.removeAll() }
            return state.exitWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Sleeps until there is a job (returned) or the worker shuts down (nil).
    private func nextJob() -> Pending? {
        while true {
            while sem_wait(wakeUp) != 0 && errno == EINTR {}
            let next: Pending?? = state.withLock { state in
                if !state.queue.isEmpty { return .some(state.queue.removeFirst()) }
                return state.isShutDown ? .some(nil) : nil
            }
            // A wake-up whose job was cancelled while queued finds nothing: sleep again.
            if let next { return next }
        }
    }

    // MARK: - Errors that never reach libcurl

    static func cancelledError(_ job: CurlJob, shutDown: Bool) -> HTTPTransportError {
        let url = job.request.redactedURL
        let message =
            shutDown
            ? "The request to \(url) was cancelled because the HTTP transport shut down."
            : "The request to \(url) was cancelled."
        return HTTPTransportError(kind: .cancelled, url: url, message: message)
    }

    private static func unavailableError(_ job: CurlJob, reason: String)
        -> HTTPTransportError
    {
        let url = job.request.redactedURL
        return HTTPTransportError(
            kind: .other, url: url,
            message:
                "Could not fetch \(url) because libcurl is unusable (\(reason)): "
                + "restart the kiosk, and reinstall libcurl4 if it persists.")
    }
}

/// `strerror` for a thread-safe message (`strerror_r` has two incompatible signatures).
func errnoName(_ code: Int32) -> String {
    switch code {
    case EAGAIN: "EAGAIN, too many threads or processes"
    case ENOMEM: "ENOMEM, out of memory"
    case EPERM: "EPERM, not permitted"
    case EINVAL: "EINVAL, invalid argument"
    default: "errno \(code)"
    }
}
