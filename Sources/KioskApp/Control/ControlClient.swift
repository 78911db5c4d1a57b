import FoundationEssentials
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
        defer { UnixSocket.close(descriptor) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var line = Array((try encoder.encode(request)))
        line.append(UInt8(ascii: "\n"))
        var offset = 0
        while offset < line.count {
            switch UnixSocket.send(descriptor, Array(line[offset...])) {
            case .bytes(let written): offset += written
            case .noRoom: continue
            case .peerGone:
                throw CommandFailure.runtime(
                    "Cannot send to the kiosk at \(path): it closed the connection.")
            }
        }
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            var waitFor = [PollEntry(descriptor, events: .readable)]
            switch Poller.wait(&waitFor, timeout: Int32(timeout * 1000)) {
            case .interrupted: continue
            case .ready where !waitFor[0].returned.isEmpty: break
            case .ready, .failed:
                throw CommandFailure.runtime(
                    "The kiosk at \(path) did not answer within \(Int(timeout)) s; `journalctl -u weather-kiosk` may say why."
                )
            }
            switch UnixSocket.receive(descriptor, into: &buffer) {
            case .nothingYet: continue
            case .closed:
                throw CommandFailure.runtime(
                    "The kiosk at \(path) closed the connection without answering.")
            case .bytes(let count):
                reply += buffer[0..<count]
            }
            if let newline = reply.firstIndex(of: UInt8(ascii: "\n")) {
                return Array(reply[..<newline])
            }
        }
    }

    /// Whether a kiosk accepts connections at `path` now (the connection is closed at once).
    public func answers() -> Bool {
        do {
            UnixSocket.close(try connect())
            return true
        } catch {
            return false
        }
    }

    /// Whether a kiosk listens at `path` but this user may not connect to it (the socket's
    /// permissions): then `path` is the one to name in the "add yourself to its group"
    /// sentence, rather than another candidate where nothing listens.
    public func refusesThisUser() -> Bool {
        do {
            UnixSocket.close(try UnixSocket.connect(to: path))
            return false
        } catch {
            if case .permissionDenied = error { return true }
            return false
        }
    }

    private func connect() throws(CommandFailure) -> Int32 {
        do {
            return try UnixSocket.connect(to: path)
        } catch {
            switch error {
            case .nobodyListens:
                throw CommandFailure(
                    "The kiosk is not running (nothing listens on \(path)); start it with"
                        + " `sudo systemctl start weather-kiosk` or `weather-kiosk run`.",
                    exitCode: CommandFailure.daemonNotRunning)
            case .permissionDenied:
                throw CommandFailure.runtime(
                    "Cannot talk to the kiosk at \(path): permission denied; add yourself to its"
                        + " group (`sudo usermod -aG weather-kiosk $USER`, then log in again) or use sudo."
                )
            case .pathTooLong:
                throw CommandFailure.usage("The control socket path \(path) is too long.")
            case .other(let failure):
                throw CommandFailure.runtime(
                    "Cannot connect to the kiosk at \(path): \(systemMessage(failure)).")
            }
        }
    }
}
