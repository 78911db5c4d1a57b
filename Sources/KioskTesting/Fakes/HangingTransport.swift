public import KioskCore
public import Synchronization

/// A network that never answers: each request waits until its task is cancelled (then
/// fails with `.timedOut`), and says when it started and whether it saw the cancellation.
public final class HangingTransport: HTTPTransport {
    /// One element per request that reached the transport.
    public let started: AsyncStream<Void>
    private let start: AsyncStream<Void>.Continuation
    /// Whether a request's task was cancelled while it waited.
    public let sawCancellation = Mutex(false)

    /// A transport that hangs.
    public init() { (started, start) = AsyncStream.makeStream(of: Void.self) }

    /// Waits until cancelled.
    /// - Throws: `HTTPTransportError` of kind `.timedOut` once cancelled.
    public func get(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse {
        start.yield()
        do {
            try await Task.sleep(for: .seconds(24 * 3600))
        } catch {
            sawCancellation.withLock { $0 = true }
        }
        throw HTTPTransportError(kind: .timedOut, url: request.url, message: "cancelled")
    }
}
