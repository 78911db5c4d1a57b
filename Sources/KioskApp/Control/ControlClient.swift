import FoundationEssentials
import Glibc
import LinuxPlatform

/// The CLI's side of the control socket: one request, one reply.
public struct ControlClient: Sendable {
    /// The socket's path.
    public let path: String

    /// A client for the socket at `path`.
    public init(path: String) { self.path = path }

    /// Sends `command` and returns the reply line's bytes (without the newline).
    /// - Throws: `CommandFailure` — exit 3 when no daemon listens, 1 on other failures.
    public func send(_ command: ControlCommand, timeout: Double = 15) throws -> [UInt8] {
        try send(command.request, timeout: timeout)
    }

    /// Sends a raw request (any `cmd`, as a test of the socket sends) and returns the reply
    /// line's bytes (without the newline).
    /// - Throws: `CommandFailure` — exit 3 when no daemon listens, 1 on other failures.
    public func send(_ request: ControlRequest, timeout: Double = 15) throws -> [UInt8] {
        let descriptor = try connect()
        defer { close(descriptor) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var line = Array((try encoder.encode(request)))
        line.append(UInt8(ascii: "\n"))
        var offset = 0
        while offset < line.count {
            let written = line.withUnsafeBytes {
                Glibc.send(
                    descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
            }
            guard written > 0 else {
                if errno == EINTR { continue }
                throw CommandFailure.runtime(
                    "Cannot send to the kiosk at \(path): \(systemMessage(errno)).")
            }
            offset += written
        }
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var waitFor = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&waitFor, 1, Int32(timeout * 1000))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else {
                throw CommandFailure.runtime(
                    "The kiosk at \(path) did not answer within \(Int(timeout)) s; `journalctl -u weather-kiosk` may say why."
                )
            }
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                throw CommandFailure.runtime(
                    "The kiosk at \(path) closed the connection without answering.")
            }
            reply += buffer[0..<count]
            if let newline = reply.firstIndex(of: UInt8(ascii: "\n")) {
                return Array(reply[..<newline])
            }
        }
    }

    /// Whether a kiosk accepts connections at `path` now (the connection is closed at once).
    public func answers() -> Bool {
        do {
            close(try connect())
            return true
        } catch {
            return false
        }
    }

    private func connect() throws -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else {
            throw CommandFailure.runtime("Cannot create a socket: \(systemMessage(errno)).")
        }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(descriptor)
            throw CommandFailure.usage("The control socket path \(path) is too long.")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            let failure = errno
            close(descriptor)
            switch failure {
            case ENOENT, ECONNREFUSED:
                throw CommandFailure(
                    "The kiosk is not running (nothing listens on \(path)); start it with"
                        + " `sudo systemctl start weather-kiosk` or `weather-kiosk run`.",
                    exitCode: CommandFailure.daemonNotRunning)
            case EACCES:
                throw CommandFailure.runtime(
                    "Cannot talk to the kiosk at \(path): permission denied; add yourself to its"
                        + " group (`sudo usermod -aG weather-kiosk $USER`, then log in again) or use sudo."
                )
            default:
                throw CommandFailure.runtime(
                    "Cannot connect to the kiosk at \(path): \(systemMessage(failure)).")
            }
        }
        return descriptor
    }
}
