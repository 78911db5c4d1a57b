import LinuxPlatform

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
        let forUs = environment["WATCHDOG_PID"].map { Int32($0) == CurrentProcess.id } ?? true
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
        return UnixDatagram.send(Array(state.utf8), to: socketPath)
    }
}
