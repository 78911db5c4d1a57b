import Glibc
public import KioskCore

/// The machine's host name and IP addresses, for the page that says how to reach it.
public enum HostIdentity {
    /// `gethostname` and the addresses of the interfaces that are up, IPv4 first, without
    /// loopback and link-local addresses. Failures leave the part empty: the page then says
    /// that there is no address yet.
    public static func current() -> HostInfo {
        HostInfo(name: hostName(), addresses: addresses())
    }

    /// The host name; empty when it cannot be read.
    public static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "" }
        return String(
            decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Addresses of interfaces that are up, IPv4 first, in interface order.
    public static func addresses() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var version4: [String] = []
        var version6: [String] = []
        var entry: UnsafeMutablePointer<ifaddrs>? = first
        while let current = entry {
            defer { entry = current.pointee.ifa_next }
            let flags = Int32(current.pointee.ifa_flags)
            guard flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0,
                let address = current.pointee.ifa_addr
            else { continue }
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
            switch Int32(address.pointee.sa_family) {
            case AF_INET:
                var inet = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                    $0.pointee.sin_addr
                }
                if inet_ntop(AF_INET, &inet, &text, socklen_t(text.count)) != nil {
                    version4.append(string(text))
                }
            case AF_INET6:
                var inet6 = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    $0.pointee.sin6_addr
                }
                let firstByte = withUnsafeBytes(of: inet6) { $0[0] }
                let secondByte = withUnsafeBytes(of: inet6) { $0[1] }
                // fe80::/10 is link-local: not reachable without naming the interface.
                if firstByte == 0xFE && secondByte & 0xC0 == 0x80 { continue }
                if inet_ntop(AF_INET6, &inet6, &text, socklen_t(text.count)) != nil {
                    version6.append(string(text))
                }
            default:
                continue
            }
        }
        var seen: Set<String> = []
        return (version4 + version6).filter { seen.insert($0).inserted }
    }

    private static func string(_ characters: [CChar]) -> String {
        String(
            decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
