public import LinuxPlatform
import Synchronization

/// The control socket: newline-delimited JSON over a Unix stream socket. One dedicated
/// thread waits in `poll` on the listening socket, the clients and a wake-up pipe; each
/// complete line goes to `handler` on a task, and its reply is written back by the thread.
/// A line over 64 KiB or one that is not JSON gets an error reply, never a crash; a client
/// that hangs up is closed and forgotten, so file descriptors never pile up.
///
/// No client can starve the others or the kiosk (`Limits`): an idle client is closed after
/// a minute; when every place is taken, the client idle the longest makes room for a new
/// one, and while every place is busy a few more clients get one short request each (the
/// lane: `status`, `next`, … always get through); only a few previews wait for a frame at
/// once; a client's requests are read only while few of them are in flight and its unread
/// replies are small, and a client that stops reading is closed when its replies stay over
/// the cap.
public final class ControlServer: Sendable {
    /// Answers one request with the reply line (newline included).
    public typealias Handler = @Sendable (ControlRequest) async -> [UInt8]

    /// What one client may hold of the server.
    public struct Limits: Sendable, Hashable {
        /// Clients connected at once; a new one closes the one idle the longest, or waits
        /// in the listen backlog while every client is busy.
        public var maximumClients = 32
        /// A client with nothing asked and nothing to read for this long is closed.
        public var idleSeconds = 60.0
        /// Requests of one client answered or waited on at once; its further requests stay
        /// unread in the socket until one is answered.
        public var maximumRequestsInFlight = 8
        /// Reply bytes waiting for one client to read them; over this, its requests stay
        /// unread.
        public var maximumQueuedOutputBytes = 4 << 20
        /// A client whose unread replies stay over `maximumQueuedOutputBytes` for this long
        /// without reading any is closed.
        public var stalledOutputSeconds = 30.0
        /// Places beyond `maximumClients` for clients that come while every place is busy:
        /// each gets one request answered (anything but a preview) and is closed; one that
        /// asks nothing within a second is closed.
        public var laneClients = 4
        /// Previews waiting for a frame at once, all clients together; a preview over this
        /// is answered at once with an error.
        public var maximumWaitingPreviews = 8

        /// The daemon's limits.
        public init() {}
    }

    /// What the server counted since it started, for tests and diagnostics.
    public struct Statistics: Sendable, Hashable {
        /// Clients connected now.
        public var openClients = 0
        /// The most reply bytes ever waiting for one client.
        public var peakQueuedOutputBytes = 0
        /// Requests handed to the handler.
        public var requestsHandled = 0
        /// Clients closed for being idle too long.
        public var closedIdle = 0
        /// Clients closed to make room for a new one.
        public var closedForRoom = 0
        /// Clients closed because they did not read their replies.
        public var closedStalled = 0
        /// Clients taken in the lane while every place was busy.
        public var laneClients = 4
        /// Previews refused because `maximumWaitingPreviews` were waiting (or asked in the
        /// lane).
        public var previewsRefused = 0
        /// The most previews ever waiting at once.
        public var peakWaitingPreviews = 0
    }

    /// The socket's path.
    public let path: String
    /// The limits in force.
    public let limits: Limits

    private let listener: Int32
    private let wakePipe: WakePipe
    let handler: Handler
    let shared = Mutex(Shared())
    private let exited = Mutex<[CheckedContinuation<Void, Never>]?>([])

    struct Shared {
        /// Replies ready for the thread to write: client, reply slot, bytes, and whether it
        /// answers a preview.
        var replies: [(client: UInt64, slot: Int, bytes: [UInt8], preview: Bool)] = []
        var stopping = false
        /// Previews handed to the handler and not yet answered.
        var waitingPreviews = 0
        /// The counters.
        var statistics = Statistics()
    }

    /// How many clients are connected now.
    public var openClientCount: Int { shared.withLock { $0.statistics.openClients } }

    /// The counters so far.
    public var statistics: Statistics { shared.withLock { $0.statistics } }

    /// Creates the socket at `path` (mode 0660; a stale socket left by a crash is removed,
    /// one a live daemon answers on is not) and starts serving.
    /// - Throws: `DeviceError` naming the path when the socket cannot be made or another
    ///   process listens on it.
    public init(path: String, limits: Limits = Limits(), handler: @escaping Handler)
        throws(DeviceError)
    {
        self.path = path
        self.limits = limits
        self.handler = handler
        do {
            try FileSystem.createDirectories(FileSystem.directory(of: path))
        } catch {
            throw DeviceError(device: path, message: error.message)
        }
        listener = try UnixSocket.listen(at: path)
        do {
            wakePipe = try WakePipe(for: path)
        } catch {
            UnixSocket.close(listener)
            throw error
        }
        startThread()
    }

    /// Stops serving, closes every client and removes the socket; returns once the thread
    /// has finished.
    public func stop() async {
        shared.withLock { $0.stopping = true }
        wake()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let alreadyDone = exited.withLock { waiters -> Bool in
                guard waiters != nil else { return true }
                waiters?.append(continuation)
                return false
            }
            if alreadyDone { continuation.resume() }
        }
    }

    private func startThread() {
        // The thread holds the server until it ends.
        let started = DedicatedThread.start { [self] in
            serve(listener: listener, wakePipe: wakePipe)
        }
        if started != 0 {
            // No thread: serve nothing, but let stop() finish.
            finish(clients: [:])
        }
    }

    func wake() {
        // A reply finishing after the thread ended finds the pipe closed: nothing is written.
        wakePipe.signal()
    }

    func finish(clients: [Int32: ControlConnection]) {
        for descriptor in clients.keys { UnixSocket.close(descriptor) }
        UnixSocket.close(listener)
        FileSystem.remove(path)
        wakePipe.close()
        let waiters = exited.withLock { waiters -> [CheckedContinuation<Void, Never>] in
            defer { waiters = nil }
            return waiters ?? []
        }
        waiters.forEach { $0.resume() }
    }
}
