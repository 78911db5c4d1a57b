import FlyingSocks
import Glibc  // Glibc: socket options and errno of the loopback server (test support)
import Synchronization

/// An HTTP/1.1 server on 127.0.0.1 for tests: answers with a handler, records every
/// request, counts connections, and fails on purpose when told to (``setFault(_:)``).
///
/// It listens on 127.0.0.1 only, on an ephemeral port, and never connects anywhere.
/// Keep-alive works as in HTTP/1.1, so connection reuse can be tested through
/// ``connectionCount``. The server adds Content-Length and Connection to each response
/// (or chunked encoding when the handler sets `Transfer-Encoding: chunked`); a response
/// with `Content-Encoding: gzip` goes only to a request that accepts gzip, any other gets
/// 406. Call ``stop()`` at the end of every test.
///
/// Built on FlyingFox's FlyingSocks layer (non-blocking sockets on an epoll pool) rather
/// than its `HTTPServer`: that one owns the accept loop and the connection, so it can
/// neither count connections nor close one without a response or mid-body.
public final class LoopbackHTTPServer: Sendable {
    /// What answers a request when no fault is set.
    public typealias Handler = @Sendable (RecordedRequest) -> CannedResponse

    private struct State {
        var fault: ServerFault?
        var requests: [RecordedRequest] = []
        var answerSpans: [Range<ContinuousClock.Instant>] = []
        var connectionCount = 0
        var connections: [Int: Task<Void, Never>] = [:]
        var nextConnectionID = 0
        var isStopped = false
        var acceptTask: Task<Void, Never>?
        var poolTask: Task<Void, Never>?
        var requestWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    /// The port the server listens on, on 127.0.0.1.
    public let port: UInt16
    private let listener: AsyncSocket
    private let handler: Handler
    private let state = Mutex(State())

    private init(port: UInt16, listener: AsyncSocket, handler: @escaping Handler) {
        self.port = port
        self.listener = listener
        self.handler = handler
    }

    /// Starts a server on 127.0.0.1 on a free port, answering with `handler`.
    /// - Throws: `LoopbackServerError` when the socket cannot be set up.
    public static func start(
        handler: @Sendable @escaping (RecordedRequest) -> CannedResponse
    ) async throws -> LoopbackHTTPServer {
        let socket: Socket
        do {
            socket = try Socket(domain: AF_INET, type: .stream)
        } catch {
            throw LoopbackServerError(message: "Could not create a TCP socket: \(error).")
        }
        do {
            try socket.bind(to: .inet(ip4: "127.0.0.1", port: 0))
            try socket.listen(maxPendingConnection: 128)
            guard case .ip4(_, let port) = try socket.sockname() else {
                throw LoopbackServerError(message: "The socket is not bound to IPv4.")
            }
            let pool = SocketPool<ePoll>.ePoll()
            try await pool.prepare()
            let listener = try AsyncSocket(socket: socket, pool: pool)
            let server = LoopbackHTTPServer(port: port, listener: listener, handler: handler)
            server.launch(pool: pool)
            return server
        } catch {
            closeIgnoringFailure { try socket.close() }
            throw LoopbackServerError(message: "Could not listen on 127.0.0.1: \(error).")
        }
    }

    /// "http://127.0.0.1:PORT", without a trailing slash.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Sets the fault for every following request, or clears it with nil.
    public func setFault(_ fault: ServerFault?) {
        state.withLock { $0.fault = fault }
    }

    /// Every request received so far, in order (faulty ones included).
    public var requests: [RecordedRequest] { state.withLock { $0.requests } }

    /// From each request's arrival to the end of its answer (or of the connection that
    /// carried it), in the order they ended: to check that a client never had two requests
    /// in flight at once, across servers too (`LoopbackHTTPServer.mostInFlight`).
    public var answerSpans: [Range<ContinuousClock.Instant>] {
        state.withLock { $0.answerSpans }
    }

    /// The most requests that were being answered at one moment by all of `servers`.
    public static func mostInFlight(_ servers: [LoopbackHTTPServer]) -> Int {
        let spans = servers.flatMap(\.answerSpans)
        return spans.map { span in
            spans.filter { $0.lowerBound <= span.lowerBound && span.lowerBound < $0.upperBound }
                .count
        }.max() ?? 0
    }

    /// How many TCP connections the server has accepted.
    public var connectionCount: Int { state.withLock { $0.connectionCount } }

    /// Returns once at least `count` requests have arrived, or the server stopped.
    public func waitForRequests(count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                guard state.requests.count < count, !state.isStopped else { return true }
                state.requestWaiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Stops accepting, ends every connection (stalls and drips included), closes the
    /// socket and returns when all of it is done. Calling it again does nothing.
    public func stop() async {
        let taken = state.withLock { state -> (Task<Void, Never>?, [Task<Void, Never>])? in
            guard !state.isStopped else { return nil }
            state.isStopped = true
            defer { state.connections.removeAll() }
            return (state.acceptTask, Array(state.connections.values))
        }
        guard let (acceptTask, connections) = taken else { return }
        acceptTask?.cancel()
        await acceptTask?.value
        for connection in connections { connection.cancel() }
        for connection in connections { await connection.value }
        closeIgnoringFailure { try listener.close() }
        let (poolTask, waiters) = state.withLock { state in
            defer { state.requestWaiters.removeAll() }
            return (state.poolTask, state.requestWaiters.map(\.continuation))
        }
        poolTask?.cancel()
        await poolTask?.value
        for waiter in waiters { waiter.resume() }
    }

    // MARK: - For connections

    /// Records a request; returns the fault that applies to it.
    func record(_ request: RecordedRequest) -> ServerFault? {
        let (fault, ready) = state.withLock { state in
            state.requests.append(request)
            let count = state.requests.count
            let ready = state.requestWaiters.filter { $0.count <= count }.map(\.continuation)
            state.requestWaiters.removeAll { $0.count <= count }
            return (state.fault, ready)
        }
        for waiter in ready { waiter.resume() }
        return fault
    }

    /// Notes that a request that arrived at `began` has been answered (or given up on) by
    /// `ended`.
    func answered(since began: ContinuousClock.Instant, until ended: ContinuousClock.Instant) {
        state.withLock { $0.answerSpans.append(began..<max(ended, began)) }
    }

    /// The handler's answer.
    func handle(_ request: RecordedRequest) -> CannedResponse {
        handler(request)
    }

    // MARK: - Accepting

    /// The server's tasks run at high priority: on Linux that is another of libdispatch's
    /// thread pools than the default one, where the test run's synchronous, CPU-bound tests
    /// queue. Sharing that queue, a loaded machine kept requests waiting for over 20 s.
    private static let priority = TaskPriority.high

    private func launch(pool: some AsyncSocketPool) {
        let poolTask = Task(priority: Self.priority) {
            do {
                try await pool.run()
            } catch {
                // Cancelled by stop(): the pool has closed its epoll descriptor.
            }
        }
        let acceptTask = Task(priority: Self.priority) { await acceptConnections() }
        state.withLock {
            $0.poolTask = poolTask
            $0.acceptTask = acceptTask
        }
    }

    private func acceptConnections() async {
        while !Task.isCancelled {
            let client: AsyncSocket
            do {
                client = try await listener.accept()
            } catch {
                if Task.isCancelled { return }
                // EMFILE and the like: back off briefly instead of spinning.
                do { try await Task.sleep(for: .milliseconds(10)) } catch { return }
                continue
            }
            state.withLock { state in
                guard !state.isStopped else {
                    closeIgnoringFailure { try client.close() }
                    return
                }
                state.connectionCount += 1
                let id = state.nextConnectionID
                state.nextConnectionID += 1
                state.connections[id] = Task(priority: Self.priority) {
                    var connection = LoopbackConnection(socket: client, server: self)
                    await connection.run()
                    self.connectionEnded(id)
                }
            }
        }
    }

    private func connectionEnded(_ id: Int) {
        _ = state.withLock { $0.connections.removeValue(forKey: id) }
    }
}

/// The loopback server could not start.
public struct LoopbackServerError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, in one sentence.
    public var message: String

    /// The message.
    public var description: String { message }
}
