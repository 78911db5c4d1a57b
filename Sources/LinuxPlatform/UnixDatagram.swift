import Glibc

/// One datagram to a Unix socket, as systemd's notification protocol (`sd_notify`) sends
/// it: a socket made, one `sendto`, closed.
public enum UnixDatagram {
    /// Sends `message` to the datagram socket at `path`; a leading "@" names an abstract
    /// socket. Never blocks: when the receiver's queue is full the message is dropped.
    /// - Returns: whether the whole message was sent.
    public static func send(_ message: [UInt8], to path: String) -> Bool {
        let descriptor = socket(
            AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        if bytes.first == UInt8(ascii: "@") { bytes[0] = 0 }  // abstract namespace
        withUnsafeMutableBytes(of: &address.sun_path) { raw in raw.copyBytes(from: bytes) }
        let length = socklen_t(
            MemoryLayout<sa_family_t>.size + bytes.count + (bytes.first == 0 ? 0 : 1))
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
