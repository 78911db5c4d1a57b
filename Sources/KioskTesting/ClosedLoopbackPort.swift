import FlyingSocks
import Glibc  // Glibc: a socket bound and closed on 127.0.0.1 (test support)

/// A port on 127.0.0.1 where nothing listens, for connection-refused tests.
///
/// The port is bound by a socket of this process that never listens and is never closed,
/// so a connection to it is refused for as long as the process runs and no other program
/// can start listening there in the meantime. The same port is returned every time.
public func closedLoopbackPort() -> UInt16 {
    reservedClosedPort
}

/// Held for the life of the process. Should binding on loopback itself fail, every
/// loopback test fails anyway; port 1 (tcpmux, which no test machine serves) stands in.
private let reservedClosedPort: UInt16 = {
    do {
        let socket = try Socket(domain: AF_INET, type: .stream)
        try socket.bind(to: .inet(ip4: "127.0.0.1", port: 0))
        guard case .ip4(_, let port) = try socket.sockname() else { return 1 }
        return port
    } catch {
        return 1
    }
}()
