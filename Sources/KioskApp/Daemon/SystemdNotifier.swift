import Glibc

/// The systemd notification protocol (`Type=notify`): datagrams of `KEY=value` lines to
/// `$NOTIFY_SOCKET`. No libsystemd: the protocol is one `sendto`. Does nothing outside
/// systemd (no `NOTIFY_SOCKET`).
public struct SystemdNotifier: Sendable {
    /// The socket path; a leading "@" names an abstract socket.
    public let socketPath: String?
    /// Half the watchdog timeout in seconds, when systemd expects `WATCHDOG=1` pings.
    public let watchdogPingInterval: Double?

    /// Reads `NOTIFY_SOCKET`, `WATCHDOG_USEC` and `WATCHDOG_PID` from `environment`.
    public init(environment: [String: String]) {
        let path = environment["NOTIFY_SOCKET"]
        socketPath = (path?.isEmpty ?? true) ? nil : path
        let forUs = environment["WATCHDOG_PID"].map { Int32($0) == getpid() } ?? true
        if forUs, let text = environment["WATCHDOG_USEC"], let microseconds = Double(text),
            microseconds > 0
        {
            watchdogPingInterval = microseconds / 2e6
        } else {
            watchdogPingInterval = nil
        }
    }

    /// Sends `state` ("READY=1", "STATUS=…", "WATCHDOG=1", "STOPPING=1", several joined by
    /// newlines). Returns whether systemd got it; a failure is no reason to stop the kiosk.
    /// Never blocks: when the receiver's queue is full the message is dropped (a kiosk that
    /// waited for systemd would freeze with it).
    @discardableResult
    public func notify(_ state: String) -> Bool {
        guard let socketPath else { return false }
        let descriptor = socket(
            AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(socketPath.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        if bytes.first == UInt8(ascii: "@") { bytes[0] = 0 }  // abstract namespace
        withUnsafeMutableBytes(of: &address.sun_path) { raw in raw.copyBytes(from: bytes) }
        let length = socklen_t(
            MemoryLayout<sa_family_t>.size + bytes.count + (bytes.first == 0 ? 0 : 1))
        let message = Array(state.utf8)
        let sent = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                message.withUnsafeBytes {
                    sendto(
                        descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT),
                        socketAddress, length)
                }
            }
        }
        return sent == message.count
    }
}
