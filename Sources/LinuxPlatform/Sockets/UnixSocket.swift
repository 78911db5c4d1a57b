import Glibc

/// Unix stream sockets as the control server uses them: a listening socket at a path,
/// non-blocking accepts, reads and writes that say what happened instead of setting errno.
public enum UnixSocket {
    /// How a non-blocking read ended.
    public enum Received: Sendable, Hashable {
        /// This many bytes came, at the start of the buffer.
        case bytes(Int)
        /// Nothing to read now.
        case nothingYet
        /// The peer finished sending, or the connection failed.
        case closed
    }

    /// How a non-blocking write ended.
    public enum Sent: Sendable, Hashable {
        /// This many bytes went (maybe fewer than given).
        case bytes(Int)
        /// No room now; try again when the socket is writable.
        case noRoom
        /// The peer is gone.
        case peerGone
    }

    /// Creates the socket file at `path` (mode 0660), listening and non-blocking. A stale
    /// socket file left by a crash is replaced; one a live process answers on is not, nor
    /// one another caller is making at the same moment (they take turns on the directory's
    /// `flock`).
    /// - Throws: `DeviceError` naming the path when the socket cannot be made, the path is
    ///   too long, or another process listens on it.
    public static func listen(at path: String) throws(DeviceError) -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else {
            throw DeviceError("create the control socket", device: path, errorNumber: errno)
        }
        guard var address = socketAddress(path) else {
            Glibc.close(descriptor)
            throw DeviceError(
                device: path,
                message:
                    "The control socket path \(path) is too long; choose a shorter [control] socket."
            )
        }
        // Kiosks starting at once take turns on the socket's directory, so that one finds
        // the other listening instead of removing its socket file.
        let directory = open(FileSystem.directory(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0, retryingInterrupts({ flock(directory, LOCK_EX) }) == 0 else {
            let failure = errno
            if directory >= 0 { Glibc.close(directory) }
            Glibc.close(descriptor)
            throw DeviceError(
                "lock the directory of", device: path, errorNumber: failure)
        }
        defer { Glibc.close(directory) }
        // A socket file left by a crash would make bind fail; remove it, but only when
        // nothing answers on it: a live daemon's socket is never taken over.
        if let owner = listeningProcess(at: path) {
            Glibc.close(descriptor)
            throw DeviceError(
                device: path,
                message:
                    "Another weather-kiosk (PID \(owner)) already listens on \(path); stop it first (`systemctl stop weather-kiosk` or `kill \(owner)`)."
            )
        }
        if unlink(path) != 0, errno != ENOENT {
            let failure = errno
            Glibc.close(descriptor)
            throw DeviceError("replace the old control socket", device: path, errorNumber: failure)
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, chmod(path, 0o660) == 0, Glibc.listen(descriptor, 64) == 0 else {
            let failure = errno
            Glibc.close(descriptor)
            throw DeviceError(
                "listen on", device: path, errorNumber: failure,
                hint: failure == EACCES ? "the directory must be writable by the kiosk's user" : nil
            )
        }
        makeNonBlocking(descriptor)
        return descriptor
    }

    /// The process that listens on the Unix socket at `path`, if one does: its PID, from
    /// the kernel's credentials of the peer (0 when they cannot be read). Nil for a stale
    /// socket file, no file, or something that is not a socket.
    public static func listeningProcess(at path: String) -> Int32? {
        let descriptor = socket(
            AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        defer { Glibc.close(descriptor) }
        guard var address = socketAddress(path) else { return nil }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else { return nil }
        // `struct ucred` (pid, uid, gid), which Glibc shows Swift only under _GNU_SOURCE.
        var credentials = (pid: Int32(0), uid: UInt32(0), gid: UInt32(0))
        var length = socklen_t(MemoryLayout.size(ofValue: credentials))
        guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else {
            return 0
        }
        return credentials.pid
    }

    /// Why `connect(to:)` failed.
    public enum ConnectFailure: Error, Sendable, Hashable {
        /// No socket file, or nothing listens on it (ENOENT, ECONNREFUSED).
        case nobodyListens
        /// The socket's permissions keep this user out (EACCES).
        case permissionDenied
        /// The path does not fit a socket address.
        case pathTooLong
        /// Another errno value; `systemMessage` spells it.
        case other(Int32)
    }

    /// Connects a blocking, close-on-exec stream socket to the socket at `path`.
    /// - Throws: `ConnectFailure` saying why not.
    public static func connect(to path: String) throws(ConnectFailure) -> Int32 {
        let descriptor = socket(
            AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .other(errno) }
        guard var address = socketAddress(path) else {
            Glibc.close(descriptor)
            throw .pathTooLong
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            let failure = errno
            Glibc.close(descriptor)
            switch failure {
            case ENOENT, ECONNREFUSED: throw .nobodyListens
            case EACCES: throw .permissionDenied
            default: throw .other(failure)
            }
        }
        return descriptor
    }

    /// Accepts one waiting connection, non-blocking and close-on-exec; nil when none waits.
    public static func accept(_ listener: Int32) -> Int32? {
        let descriptor = Glibc.accept(listener, nil, nil)
        guard descriptor >= 0 else { return nil }
        makeNonBlocking(descriptor)
        return descriptor
    }

    /// Reads what the peer sent into `buffer`.
    public static func receive(_ descriptor: Int32, into buffer: inout [UInt8]) -> Received {
        let count = read(descriptor, &buffer, buffer.count)
        if count > 0 { return .bytes(count) }
        if count < 0, errno == EAGAIN || errno == EINTR { return .nothingYet }
        return .closed
    }

    /// Writes as much of `bytes` as the socket takes now, never raising SIGPIPE.
    public static func send(_ descriptor: Int32, _ bytes: [UInt8]) -> Sent {
        let written = bytes.withUnsafeBytes {
            Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
        }
        if written > 0 { return .bytes(written) }
        if written < 0, errno != EAGAIN, errno != EINTR { return .peerGone }
        return .noRoom
    }

    /// Closes a socket.
    public static func close(_ descriptor: Int32) {
        _ = Glibc.close(descriptor)
    }

    private static func makeNonBlocking(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }

    private static func socketAddress(_ path: String) -> sockaddr_un? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return address
    }
}
