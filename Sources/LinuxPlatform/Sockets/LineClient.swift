/// The other side of a `LineServer`: connects to a Unix stream socket, sends one line and
/// reads one line back. Blocking: call it from a thread of its own, or from a command-line
/// verb that has nothing else to do.
public struct LineClient: Sendable {
    /// Why an exchange got no reply.
    public enum Failure: Error, Sendable, Hashable {
        /// The connection could not be made.
        case connect(UnixSocket.ConnectFailure)
        /// The server closed the connection while the line was being sent.
        case closedWhileSending
        /// No reply line within the timeout.
        case timedOut
        /// The server closed the connection without a reply line.
        case closedWithoutReply
    }

    /// The socket's path.
    public let path: String

    /// A client of the socket at `path`.
    public init(path: String) { self.path = path }

    /// Sends `line` (the newline is added) and returns the reply line without its newline.
    /// - Throws: `Failure` saying which step failed.
    public func exchange(_ line: [UInt8], timeout: Double) throws(Failure) -> [UInt8] {
        let descriptor: Int32
        do {
            descriptor = try UnixSocket.connect(to: path)
        } catch {
            throw .connect(error)
        }
        defer { UnixSocket.close(descriptor) }
        let request = line + [UInt8(ascii: "\n")]
        var offset = 0
        while offset < request.count {
            switch UnixSocket.send(descriptor, Array(request[offset...])) {
            case .bytes(let written): offset += written
            case .noRoom: continue
            case .peerGone: throw .closedWhileSending
            }
        }
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            var waitFor = [PollEntry(descriptor, events: .readable)]
            switch Poller.wait(&waitFor, timeout: Int32(timeout * 1000)) {
            case .interrupted: continue
            case .ready where !waitFor[0].returned.isEmpty: break
            case .ready, .failed: throw .timedOut
            }
            switch UnixSocket.receive(descriptor, into: &buffer) {
            case .nothingYet: continue
            case .closed: throw .closedWithoutReply
            case .bytes(let count): reply += buffer[0..<count]
            }
            if let newline = reply.firstIndex(of: UInt8(ascii: "\n")) {
                return Array(reply[..<newline])
            }
        }
    }

    /// Connects and closes at once: nil when something accepts connections at `path` now,
    /// else why not.
    public func probe() -> UnixSocket.ConnectFailure? {
        do {
            UnixSocket.close(try UnixSocket.connect(to: path))
            return nil
        } catch {
            return error
        }
    }
}
