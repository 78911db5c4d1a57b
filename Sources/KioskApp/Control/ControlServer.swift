import Glibc
public import LinuxPlatform
import Synchronization

/// The control socket: newline-delimited JSON over a Unix stream socket. One dedicated
/// thread waits in `poll` on the listening socket, the clients and a wake-up pipe; each
/// complete line goes to `handler` on a task, and its reply is written back by the thread.
/// A line over 64 KiB or one that is not JSON gets an error reply, never a crash; a client
/// that hangs up is closed and forgotten, so file descriptors never pile up.
public final class ControlServer: Sendable {
    /// Answers one request with the reply line (newline included).
    public typealias Handler = @Sendable (ControlRequest) async -> [UInt8]

    /// The socket's path.
    public let path: String
    /// Clients served at once; more wait in the listen backlog.
    static let maximumClients = 32

    private let listener: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let handler: Handler
    private let shared = Mutex(Shared())
    private let exited = Mutex<[CheckedContinuation<Void, Never>]?>([])

    private struct Shared {
        /// Replies ready for the thread to write: client descriptor, reply slot, bytes.
        var replies: [(client: Int32, slot: Int, bytes: [UInt8])] = []
        var stopping = false
        /// The wake-up pipe is closed: a reply finishing late must not write to a
        /// descriptor number that may belong to something else by now.
        var pipeClosed = false
        /// Clients connected now, for tests and `status`.
        var openClients = 0
    }

    /// How many clients are connected now.
    public var openClientCount: Int { shared.withLock { $0.openClients } }

    /// Creates the socket at `path` (mode 0660; a stale socket left by a crash is removed)
    /// and starts serving.
    /// - Throws: `DeviceError` naming the path when the socket cannot be made.
    public init(path: String, handler: @escaping Handler) throws(DeviceError) {
        self.path = path
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

    private static func listen(at path: String) throws(DeviceError) -> Int32 {
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
        // A socket file left by a crash would make bind fail; nothing listens on it.
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
                server.serve()
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

    private func wake() {
        shared.withLock { state in
            guard !state.pipeClosed else { return }
            var byte: UInt8 = 1
            // A full pipe already holds a wake-up; nothing is lost when this write fails.
            _ = write(wakeWrite, &byte, 1)
        }
    }

    // MARK: The thread

    private struct Client {
        var input: [UInt8] = []
        var output: [UInt8] = []
        /// Replies in request order: nil while the handler works on it. A client that
        /// pipelines requests gets its replies in the order it asked.
        var slots: [[UInt8]?] = []
        /// The slot number of `slots[0]`.
        var firstSlot = 0
        /// Requests sent to the handler and not answered yet.
        var pending: Int { slots.count { $0 == nil } }

        /// Adds a reply slot and returns its number.
        mutating func reserveSlot(_ reply: [UInt8]?) -> Int {
            slots.append(reply)
            flush()
            return firstSlot + slots.count - 1
        }

        /// Fills slot `number`.
        mutating func fill(_ number: Int, with reply: [UInt8]) {
            let index = number - firstSlot
            guard slots.indices.contains(index) else { return }
            slots[index] = reply
            flush()
        }

        /// Moves every leading answered slot to the output.
        mutating func flush() {
            while let first = slots.first, let reply = first {
                output += reply
                slots.removeFirst()
                firstSlot += 1
            }
        }
        /// The peer finished sending; close once everything is answered.
        var readClosed = false
        /// The request was too long: reply, then close.
        var closeAfterWrite = false
    }

    private func serve() {
        var clients: [Int32: Client] = [:]
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while !shared.withLock({ $0.stopping }) {
            var descriptors = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            if clients.count < Self.maximumClients {
                descriptors.append(pollfd(fd: listener, events: Int16(POLLIN), revents: 0))
            }
            for (descriptor, client) in clients {
                var events = Int16(0)
                if !client.readClosed && !client.closeAfterWrite { events |= Int16(POLLIN) }
                if !client.output.isEmpty { events |= Int16(POLLOUT) }
                descriptors.append(pollfd(fd: descriptor, events: events, revents: 0))
            }
            if poll(&descriptors, nfds_t(descriptors.count), -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            for entry in descriptors where entry.revents != 0 {
                if entry.fd == wakeRead {
                    while read(wakeRead, &buffer, buffer.count) > 0 {}
                    collectReplies(into: &clients)
                } else if entry.fd == listener {
                    accept(into: &clients)
                } else {
                    service(entry, clients: &clients, buffer: &buffer)
                }
            }
            for (descriptor, client) in clients where shouldClose(client) {
                close(descriptor)
                clients[descriptor] = nil
            }
            let open = clients.count
            shared.withLock { $0.openClients = open }
        }
        finish(clients: clients)
    }

    private func shouldClose(_ client: Client) -> Bool {
        client.output.isEmpty && client.pending == 0
            && (client.readClosed || client.closeAfterWrite)
    }

    private func accept(into clients: inout [Int32: Client]) {
        while clients.count < Self.maximumClients {
            let descriptor = Glibc.accept(listener, nil, nil)
            guard descriptor >= 0 else { return }
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            clients[descriptor] = Client()
        }
    }

    private func service(_ entry: pollfd, clients: inout [Int32: Client], buffer: inout [UInt8]) {
        let descriptor = entry.fd
        guard var client = clients[descriptor] else { return }
        defer { clients[descriptor] = client }
        if entry.revents & Int16(POLLOUT) != 0, !client.output.isEmpty {
            let written = client.output.withUnsafeBytes {
                send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if written > 0 {
                client.output.removeFirst(written)
            } else if errno != EAGAIN && errno != EINTR {
                client.output = []
                client.readClosed = true
            }
        }
        guard entry.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0, !client.readClosed else {
            return
        }
        let count = read(descriptor, &buffer, buffer.count)
        if count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR) {
            client.readClosed = true
            return
        }
        guard count > 0 else { return }
        client.input += buffer[0..<count]
        while let newline = client.input.firstIndex(of: UInt8(ascii: "\n")) {
            let line = Array(client.input[..<newline])
            client.input.removeFirst(newline + 1)
            dispatch(line, from: descriptor, client: &client)
        }
        if client.input.count > ControlProtocol.maximumRequestBytes {
            client.input = []
            _ = client.reserveSlot(
                ControlProtocol.errorLine(
                    "The request is longer than 64 KiB; send one JSON object per line."))
            client.closeAfterWrite = true
        }
    }

    private func dispatch(_ line: [UInt8], from descriptor: Int32, client: inout Client) {
        if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) { return }
        if line.count > ControlProtocol.maximumRequestBytes {
            _ = client.reserveSlot(
                ControlProtocol.errorLine(
                    "The request is longer than 64 KiB; send one JSON object per line."))
            return
        }
        let request: ControlRequest
        do {
            request = try ControlProtocol.decode(line)
        } catch {
            _ = client.reserveSlot(ControlProtocol.errorLine(error.message))
            return
        }
        let slot = client.reserveSlot(nil)
        let handler = handler
        Task {
            let reply = await handler(request)
            self.shared.withLock { $0.replies.append((descriptor, slot, reply)) }
            self.wake()
        }
    }

    private func collectReplies(into clients: inout [Int32: Client]) {
        let replies = shared.withLock { state -> [(client: Int32, slot: Int, bytes: [UInt8])] in
            defer { state.replies = [] }
            return state.replies
        }
        for (descriptor, slot, bytes) in replies {
            clients[descriptor]?.fill(slot, with: bytes)
        }
    }

    private func finish(clients: [Int32: Client]) {
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
