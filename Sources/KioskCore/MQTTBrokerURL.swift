/// A broker address as the config writes it: `mqtt://host[:port]` or `mqtts://host[:port]`.
public struct MQTTBrokerURL: Sendable, Hashable, CustomStringConvertible {
    /// Whether the connection uses TLS (mqtts://).
    public var tls: Bool
    /// The host name or address.
    public var host: String
    /// The port: 1883 for mqtt://, 8883 for mqtts:// unless given.
    public var port: Int

    /// Parses `text`; nil when it is no broker URL (`problem(_:)` says why).
    public init?(_ text: String) {
        guard Self.problem(text) == nil else { return nil }
        tls = text.hasPrefix("mqtts://")
        let rest = text.dropFirst(tls ? 8 : 7)
        let authority = rest.hasSuffix("/") ? rest.dropLast() : rest
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            host = String(authority[authority.index(after: authority.startIndex)..<close])
            let after = authority[authority.index(after: close)...]
            port = after.hasPrefix(":") ? Int(after.dropFirst()) ?? 0 : (tls ? 8883 : 1883)
        } else if let colon = authority.lastIndex(of: ":") {
            host = String(authority[..<colon])
            port = Int(authority[authority.index(after: colon)...]) ?? 0
        } else {
            host = String(authority)
            port = tls ? 8883 : 1883
        }
    }

    /// "mqtts://host:8883".
    public var description: String {
        let shown = host.contains(":") ? "[\(host)]" : host
        return "\(tls ? "mqtts" : "mqtt")://\(shown):\(port)"
    }

    /// What is wrong with `text` as a broker URL, after the key's name; nil when it is one.
    public static func problem(_ text: String) -> String? {
        let usage = "must be mqtt://host:1883 or mqtts://host:8883, not \"\(text)\""
        if text.isEmpty { return nil }
        guard text.hasPrefix("mqtt://") || text.hasPrefix("mqtts://") else { return usage }
        var authority = Substring(text.drop { $0 != "/" }.dropFirst(2))
        if authority.hasSuffix("/") { authority = authority.dropLast() }
        guard !authority.isEmpty, !authority.contains("/"), !authority.contains("@"),
            !authority.contains(" ")
        else { return usage + " (no path, user or spaces: the user is mqtt.username)" }
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return usage }
            let after = authority[authority.index(after: close)...]
            if after.hasPrefix(":") {
                portText = after.dropFirst()
            } else if !after.isEmpty {
                return usage
            }
        } else if let colon = authority.lastIndex(of: ":") {
            guard colon != authority.startIndex else { return usage }
            portText = authority[authority.index(after: colon)...]
        }
        if let portText {
            guard let port = Int(portText), (1...65535).contains(port) else {
                return "has port \"\(portText)\"; a port is 1 to 65535"
            }
        }
        return nil
    }
}
