import Synchronization
import Threads

/// A server of newline-delimited requests over a Unix stream socket. One dedicated thread
/// waits in `poll` on the listening socket, the clients and a wake-up pipe; each complete
/// line goes to the protocol's `take` (on that thread), and the work it returns runs on a
/// task whose reply the thread writes back. A line over the protocol's limit gets an error
/// reply, never a crash; a client that hangs up is closed and forgotten, so file
/// descriptors never pile up. What a line means and how a reply is worded is the
/// protocol's; the sockets, the limits and the threads are the server's.
///
/// No client can starve the others (`Limits`): an idle client is closed after a minute;
/// when every place is taken, the client idle the longest makes room for a new one, and
/// while every place is busy a few more clients get one short request each (the lane);
/// only a few requests that wait long (`Disposition.work(waits: true, …)`) wait at once; a
/// client's requests are read only while few of them are in flight and its unread replies
/// are small, and a client that stops reading is closed when its replies stay over the cap.
public final class LineServer: Sendable {
    /// What the server does with one request line.
    public enum Disposition: Sendable {
        /// Answers at once with these bytes (newline included).
        case reply([UInt8])
        /// Runs `work` on a task and sends what it returns (newline included). `waits`
        /// marks a request that may wait long for something (a frame): at most
        /// `Limits.maximumWaitingRequests` of them wait at once, and none from the lane.
        case work(waits: Bool, @Sendable () async -> [UInt8])
    }

    /// Why the server answers a line itself, for the protocol to word the reply.
    public enum Refusal: Sendable, Hashable {
        /// The line is longer than `LineProtocol.maximumLineBytes`.
        case tooLong
        /// The line holds nothing but spaces (or carriage returns).
        case emptyLine
        /// A request that waits long came in the lane, while every place was busy.
        case waitingInLane
        /// `Limits.maximumWaitingRequests` requests wait already.
        case tooManyWaiting(Int)
    }

    /// What the lines mean: the protocol the server speaks.
    public struct LineProtocol: Sendable {
        /// Longest request line taken, newline excluded.
        public var maximumLineBytes: Int
        /// What to do with a line (newline excluded); called on the server's thread, so it
        /// must not block.
        public var take: @Sendable ([UInt8]) -> Disposition
        /// The reply to a line the server refuses itself.
        public var refuse: @Sendable (Refusal) -> [UInt8]

        /// A protocol from its parts.
        public init(
            maximumLineBytes: Int, take: @escaping @Sendable ([UInt8]) -> Disposition,
            refuse: @escaping @Sendable (Refusal) -> [UInt8]
        ) {
            self.maximumLineBytes = maximumLineBytes
            self.take = take
            self.refuse = refuse
        }
    }

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
        /// each gets one request answered (anything but one that waits) and is closed; one
        /// that asks nothing within a second is closed.
        public var laneClients = 4
        /// Requests that wait long, waiting at once, all clients together; one over this is
        /// refused at once.
        public var maximumWaitingRequests = 8

        /// The daemon's limits.
        public init() {}
    }

    /// What the server counted since it started, for tests and diagnostics.
    public struct Statistics: Sendable, Hashable {
        /// Clients connected now.
        public var openClients = 0
        /// The most reply bytes ever waiting for one client.
        public var peakQueuedOutputBytes = 0
        /// Requests handed to the protocol's work.
        public var requestsHandled = 0
        /// Clients closed for being idle too long.
        public var closedIdle = 0
        /// Clients closed to make room for a new one.
        public var closedForRoom = 0
        /// Clients closed because they did not read their replies.
        public var closedStalled = 0
        /// Clients taken in the lane while every place was busy.
        public var laneClients = 4
        /// Requests that wait long refused because `maximumWaitingRequests` were waiting (or
        /// asked in the lane).
        public var waitingRefused = 0
        /// The most requests that wait long ever waiting at once.
        public var peakWaitingRequests = 0
    }

    /// The socket's path.
    public let path: String
    /// The limits in force.
    public let limits: Limits

    private let listener: Int32
    private let wakePipe: WakePipe
    let lineProtocol: LineProtocol
    let shared = Mutex(Shared())
    private let exited = Mutex<[CheckedContinuation<Void, Never>]?>([])

    struct Shared {
        /// Replies ready for the thread to write: client, reply slot, bytes, and whether it
        /// answers a request that waited.
        var replies: [(client: UInt64, slot: Int, bytes: [UInt8], waited: Bool)] = []
        var stopping = false
        /// Requests that wait long handed to their work and not yet answered.
        var waitingRequests = 0
        /// The counters.
        var statistics = Statistics()
    }

    /// How many clients are connected now.
    public var openClientCount: Int { shared.withLock { $0.statistics.openClients } }

    /// The counters so far.
    public var statistics: Statistics { shared.withLock { $0.statistics } }

    /// Creates the socket at `path` (mode 0660; a stale socket left by a crash is removed,
    /// one a live process answers on is not) and starts serving.
    /// - Throws: `DeviceError` naming the path when the socket cannot be made or another
    ///   process listens on it.
    public init(path: String, limits: Limits = Limits(), lineProtocol: LineProtocol)
        throws(DeviceError)
    {
        self.path = path
        self.limits = limits
        self.lineProtocol = lineProtocol
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

    /// The process that listens on the Unix socket at `path`, if one does: a live process's
    /// PID, from the kernel's credentials of the peer. Nil for a stale socket file, no
    /// file, or something that is not a socket.
    public static func listeningProcess(at path: String) -> Int32? {
        UnixSocket.listeningProcess(at: path)
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

    func finish(clients: [Int32: LineConnection]) {
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
