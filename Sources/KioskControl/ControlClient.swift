import FoundationEssentials
import LinuxPlatform

/// The CLI's side of the control socket: one request, one reply.
public struct ControlClient: Sendable {
    /// The socket's path.
    public let path: String

    /// A client for the socket at `path`.
    public init(path: String) { self.path = path }

    /// Sends `command` and returns the kiosk's reply; a refusal is a reply too
    /// (`ControlReply.failure`).
    /// - Throws: `CommandFailure` — exit 3 when no daemon listens, 1 when the exchange
    ///   fails or the answer is not the protocol.
    public func exchange(_ command: ControlCommand, timeout: Double = 15) throws -> ControlReply {
        let line = try send(command, timeout: timeout)
        do {
            return try ControlProtocol.replyDecoder().decode(ControlReply.self, from: Data(line))
        } catch {
            throw CommandFailure.runtime(
                "The kiosk at \(path) answered something that is not its protocol (\(error)); are the daemon and the command the same version?"
            )
        }
    }

    /// Sends `command` and returns the reply line's bytes (without the newline).
    /// - Throws: `CommandFailure` — exit 3 when no daemon listens, 1 on other failures.
    public func send(_ command: ControlCommand, timeout: Double = 15) throws -> [UInt8] {
        try send(command.request, timeout: timeout)
    }

    /// Sends a raw request (any `cmd`, as a test of the socket sends) and returns the reply
    /// line's bytes (without the newline).
    /// - Throws: `CommandFailure` — exit 3 when no daemon listens, 1 on other failures.
    public func send(_ request: ControlRequest, timeout: Double = 15) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let line = Array(try encoder.encode(request))
        do {
            return try LineClient(path: path).exchange(line, timeout: timeout)
        } catch {
            throw failure(error, timeout: timeout)
        }
    }

    /// Whether a kiosk accepts connections at `path` now (the connection is closed at once).
    public func answers() -> Bool {
        LineClient(path: path).probe() == nil
    }

    /// Whether a kiosk listens at `path` but this user may not connect to it (the socket's
    /// permissions): then `path` is the one to name in the "add yourself to its group"
    /// sentence, rather than another candidate where nothing listens.
    public func refusesThisUser() -> Bool {
        LineClient(path: path).probe() == .permissionDenied
    }

    /// The sentence for a failed exchange.
    private func failure(_ failure: LineClient.Failure, timeout: Double) -> CommandFailure {
        switch failure {
        case .connect(.nobodyListens):
            CommandFailure(
                "The kiosk is not running (nothing listens on \(path)); start it with"
                    + " `sudo systemctl start weather-kiosk` or `weather-kiosk run`.",
                exitCode: CommandFailure.daemonNotRunning)
        case .connect(.permissionDenied):
            CommandFailure.runtime(
                "Cannot talk to the kiosk at \(path): permission denied; add yourself to its"
                    + " group (`sudo usermod -aG weather-kiosk $USER`, then log in again) or use sudo."
            )
        case .connect(.pathTooLong):
            CommandFailure.usage("The control socket path \(path) is too long.")
        case .connect(.other(let error)):
            CommandFailure.runtime(
                "Cannot connect to the kiosk at \(path): \(systemMessage(error)).")
        case .closedWhileSending:
            CommandFailure.runtime(
                "Cannot send to the kiosk at \(path): it closed the connection.")
        case .timedOut:
            CommandFailure.runtime(
                "The kiosk at \(path) did not answer within \(Int(timeout)) s; `journalctl -u weather-kiosk` may say why."
            )
        case .closedWithoutReply:
            CommandFailure.runtime(
                "The kiosk at \(path) closed the connection without answering.")
        }
    }
}
