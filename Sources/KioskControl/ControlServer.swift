import KioskCore
public import LinuxPlatform

/// The control socket: newline-delimited JSON over a Unix stream socket, a `LineServer`
/// speaking the control protocol. Each line is decoded into a `ControlCommand` and answered
/// with the handler's `ControlReply`; a line that is not a request, names no command or is
/// over 64 KiB gets the error reply here, and the handler never sees it. A `preview` is the
/// request that waits (for the next frame): only a few wait at once.
public final class ControlServer: Sendable {
    /// Answers one command.
    public typealias Handler = @Sendable (ControlCommand) async -> ControlReply
    /// What one client may hold of the server.
    public typealias Limits = LineServer.Limits
    /// What the server counted since it started.
    public typealias Statistics = LineServer.Statistics

    private let server: LineServer

    /// The socket's path.
    public var path: String { server.path }
    /// The limits in force.
    public var limits: Limits { server.limits }
    /// How many clients are connected now.
    public var openClientCount: Int { server.openClientCount }
    /// The counters so far.
    public var statistics: Statistics { server.statistics }

    /// Creates the socket at `path` (mode 0660; a stale socket left by a crash is removed,
    /// one a live daemon answers on is not) and starts serving.
    /// - Throws: `DeviceError` naming the path when the socket cannot be made or another
    ///   process listens on it.
    public init(path: String, limits: Limits = Limits(), handler: @escaping Handler)
        throws(DeviceError)
    {
        server = try LineServer(
            path: path, limits: limits, lineProtocol: Self.lineProtocol(handler))
    }

    /// Stops serving, closes every client and removes the socket; returns once the server's
    /// thread has finished.
    public func stop() async { await server.stop() }

    /// The process that listens on the Unix socket at `path`, if one does: a live daemon's
    /// PID. Nil for a stale socket file, no file, or something that is not a socket.
    public static func listeningProcess(at path: String) -> Int32? {
        LineServer.listeningProcess(at: path)
    }

    /// The control protocol as the line server speaks it.
    static func lineProtocol(_ handler: @escaping Handler) -> LineServer.LineProtocol {
        LineServer.LineProtocol(
            maximumLineBytes: ControlProtocol.maximumRequestBytes,
            take: { line in
                let request: ControlRequest
                do throws(ControlProtocolError) {
                    request = try ControlProtocol.decode(line)
                } catch {
                    return .reply(ControlProtocol.errorLine(error.message))
                }
                switch ControlReply.command(of: request) {
                case .failure(let failure):
                    return .reply(ControlReply.failure(failure).line())
                case .success(let command):
                    return .work(waits: command.waitsForAFrame) { await handler(command).line() }
                }
            },
            refuse: { refusal in ControlProtocol.errorLine(Self.sentence(refusal)) })
    }

    /// What the kiosk says to a line the server refuses itself.
    static func sentence(_ refusal: LineServer.Refusal) -> String {
        switch refusal {
        case .tooLong:
            "The request is longer than 64 KiB; send one JSON object per line."
        case .emptyLine:
            "An empty line is no request; send one JSON object per line, such as {\"cmd\":\"status\"}."
        case .waitingInLane:
            "Every place on the control socket is busy; a preview waits for a free one, so ask again in a moment."
        case .tooManyWaiting(let limit):
            "\(limit) previews already wait for the next frame, the most the kiosk serves at once; ask again when one has ended."
        }
    }
}
