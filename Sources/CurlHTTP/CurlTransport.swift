// HTTPTransport over libcurl.
public import KioskCore

/// The kiosk's `HTTPTransport`: libcurl's easy interface on one dedicated thread.
///
/// Requests queue up for that thread, which owns one reusable easy handle, so keep-alive
/// connections, the DNS cache and TLS sessions carry over from one request to the next
/// (a refresh of ten cities is one TCP connection and one TLS handshake). Callers wait on a
/// continuation; the cooperative thread pool never blocks on `curl_easy_perform`. The
/// thread sleeps on a semaphore while the queue is empty.
///
/// Every request sends `User-Agent: KioskVersion.userAgent` (or the request's own
/// `userAgent`, which carries the owner's contact where a service asks for it) and
/// `Accept-Encoding: gzip`
/// (the body comes back decoded), verifies TLS peer and host, follows at most
/// ``Options/maximumRedirects`` redirects over http and https only, and refuses bodies over
/// ``Options/maximumBodyBytes``. Any HTTP status is a response; failures throw
/// `HTTPTransportError` with one sentence naming the host or URL (its `apikey` redacted)
/// and what to do.
///
/// Cancelling the calling task ends its transfer within about a second (libcurl calls the
/// progress callback at least that often) and throws `.cancelled`; a cancelled request
/// that is still queued is answered at once and never starts. ``shutdown()`` or `deinit`
/// stops the thread and cleans up the handle.
public final class CurlTransport: HTTPTransport {
    /// Limits and timeouts; the defaults are the kiosk's, tests shorten them.
    public struct Options: Sendable, Hashable {
        /// How long connecting (DNS, TCP and TLS) may take.
        public var connectTimeout: Duration
        /// How long a whole request may take, connecting included.
        public var totalTimeout: Duration
        /// The largest decoded body accepted; a larger one is refused with `.tooLarge`.
        public var maximumBodyBytes: Int
        /// How many redirects are followed before giving up.
        public var maximumRedirects: Int

        /// Creates options; every default is the kiosk's production value.
        public init(
            connectTimeout: Duration = .seconds(5), totalTimeout: Duration = .seconds(20),
            maximumBodyBytes: Int = 4 * 1024 * 1024, maximumRedirects: Int = 3
        ) {
            self.connectTimeout = connectTimeout
            self.totalTimeout = totalTimeout
            self.maximumBodyBytes = maximumBodyBytes
            self.maximumRedirects = maximumRedirects
        }
    }

    /// The limits this transport applies.
    public let options: Options
    private let worker: CurlWorker

    /// Creates a transport and starts its thread.
    ///
    /// Never fails: if libcurl or the thread cannot be set up, every request throws an
    /// `.other` error that says so, and the kiosk shows that instead of crashing.
    public init(options: Options = Options()) {
        self.options = options
        self.worker = CurlWorker(options: options)
        worker.start()
    }

    deinit {
        worker.requestShutdown()
    }

    /// Performs a GET request on the transport's thread.
    /// - Throws: `HTTPTransportError` when no complete response arrived.
    public func get(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse {
        let job = CurlJob(request: request)
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                worker.enqueue(job, continuation: continuation)
            }
        } onCancel: {
            worker.cancel(job)
        }
        return try result.get()
    }

    /// Stops the thread: queued requests and the one in flight end with `.cancelled`, later
    /// requests fail at once. Returns once the thread has cleaned up its easy handle.
    public func shutdown() async {
        await worker.shutdown()
    }
}
