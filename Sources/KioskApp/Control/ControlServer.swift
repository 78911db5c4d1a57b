import Glibc
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
/// one; a client's requests are read only while few of them are in flight and its unread
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
    }

    /// The socket's path.
    public let path: String
    /// The limits in force.
    public let limits: Limits

    private let listener: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    let handler: Handler
    let shared = Mutex(Shared())
    private let exited = Mutex<[CheckedContinuation<Void, Never>]?>([])

    struct Shared {
        /// Replies ready for the thread to write: client, reply slot, bytes.
        var replies: [(client: UInt64, slot: Int, bytes: [UInt8])] = []
        var stopping = false
        /// The wake-up pipe is closed: a reply finishing late must not write to a
        /// descriptor number that may belong to something else by now.
        var pipeClosed = false
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
        listener = try Self.listen(at: path)
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            let failure = errno
            close(listener)
            throw DeviceError("create a wake-up pipe for", device: path, errorNumber: failure)
        }
        for descriptor in pipeEnds + [listener] {
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }
        wakeRead = pipeEnds[0]
        wakeWrite = pipeEnds[1]
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

    // MARK: Setup

    static func listen(at path: String) throws(DeviceError) -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else {
            throw DeviceError("create the control socket", device: path, errorNumber: errno)
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(descriptor)
            throw DeviceError(
                device: path,
                message:
                    "The control socket path \(path) is too long; choose a shorter [control] socket."
            )
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        // A socket file left by a crash would make bind fail; remove it, but only when
        // nothing answers on it: a live daemon's socket is never taken over.
        if let owner = listeningProcess(at: path) {
            close(descriptor)
            throw DeviceError(
                device: path,
                message:
                    "Another weather-kiosk (PID \(owner)) already listens on \(path); stop it first (`systemctl stop weather-kiosk` or `kill \(owner)`)."
            )
        }
        if unlink(path) != 0, errno != ENOENT {
            let failure = errno
            close(descriptor)
            throw DeviceError("replace the old control socket", device: path, errorNumber: failure)
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, chmod(path, 0o660) == 0, Glibc.listen(descriptor, 64) == 0 else {
            let failure = errno
            close(descriptor)
            throw DeviceError(
                "listen on", device: path, errorNumber: failure,
                hint: failure == EACCES ? "the directory must be writable by the kiosk's user" : nil
            )
        }
        return descriptor
    }

    private func startThread() {
        let context = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(
            &thread, nil,
            { context in
                let server = Unmanaged<ControlServer>.fromOpaque(context!).takeRetainedValue()
                server.serve(listener: server.listener, wakeRead: server.wakeRead)
                return nil
            }, context)
        if result == 0 {
            pthread_detach(thread)
        } else {
            // No thread: serve nothing, but let stop() finish.
            Unmanaged<ControlServer>.fromOpaque(context).release()
            finish(clients: [:])
        }
    }

    func wake() {
        shared.withLock { state in
            guard !state.pipeClosed else { return }
            var byte: UInt8 = 1
            // A full pipe already holds a wake-up; nothing is lost when this write fails.
            _ = write(wakeWrite, &byte, 1)
        }
    }

    func finish(clients: [Int32: ControlConnection]) {
        for descriptor in clients.keys { close(descriptor) }
        close(listener)
        unlink(path)
        shared.withLock { state in
            state.pipeClosed = true
            close(wakeRead)
            close(wakeWrite)
        }
        let waiters = exited.withLock { waiters -> [CheckedContinuation<Void, Never>] in
            defer { waiters = nil }
            return waiters ?? []
        }
        waiters.forEach { $0.resume() }
    }
}
