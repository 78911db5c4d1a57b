// The `[mqtt]` keys: Home Assistant over MQTT. The table is optional; without it (or with an
// empty url) the kiosk talks to no broker.

extension ConfigSchema {
    static let mqttKeys: [ConfigKey] = [
        text(
            "mqtt.url", \.mqtt.url,
            summary: "broker: mqtt://host:1883 or mqtts://host:8883; absent: no MQTT",
            check: { MQTTBrokerURL.problem($0) }),
        optionalText(
            "mqtt.username", \.mqtt.username, summary: "user name at the broker; absent: anonymous"),
        {
            var key = optionalText(
                "mqtt.password", \.mqtt.password,
                summary: "password at the broker (or password_file); `config show` masks it")
            key.isSecret = true
            return key
        }(),
        optionalText(
            "mqtt.password_file", \.mqtt.passwordFile,
            summary: "file whose first line is the password; keep it mode 0600",
            check: absolutePath),
        optionalText(
            "mqtt.ca_file", \.mqtt.caFile,
            summary: "CA certificates (PEM) for mqtts://; absent: the system's store",
            check: absolutePath),
        optionalText(
            "mqtt.client_id", \.mqtt.clientID,
            summary: "client id at the broker; absent: weather-kiosk-<host name>",
            check: { id in
                (1...128).contains(id.utf8.count) && !id.contains(" ")
                    ? nil : "must be 1 to 128 bytes without spaces, not \"\(id)\""
            }),
        text(
            "mqtt.discovery_prefix", \.mqtt.discoveryPrefix,
            summary: "Home Assistant's discovery prefix", check: MQTTTopicName.problem),
        optionalText(
            "mqtt.topic", \.mqtt.topic,
            summary: "the kiosk's own topic; absent: weather-kiosk/<host name>",
            check: MQTTTopicName.problem),
        integer(
            "mqtt.publish_interval_seconds", \.mqtt.publishIntervalSeconds, 10...3600,
            unit: "seconds", summary: "longest time between two state messages"),
    ]

    static func optionalText(
        _ path: String, _ keyPath: any WritableKeyPath<KioskConfiguration, String?> & Sendable,
        summary: String, check: @escaping @Sendable (String) -> String? = { _ in nil }
    ) -> ConfigKey {
        ConfigKey(
            path: path, kind: .string, summary: summary,
            apply: { value, configuration in
                switch checkString(value) {
                case .success(let text):
                    if let problem = check(text) { return problem }
                    configuration[keyPath: keyPath] = text
                    return nil
                case .failure(let refused): return refused.text
                }
            },
            read: { $0[keyPath: keyPath].map { .string($0) } })
    }

    /// What is wrong with the `[mqtt]` keys together: a table without a url, or both a
    /// password and a password file.
    static func mqttProblems(
        _ configuration: KioskConfiguration, document: [(key: String, value: ConfigValue)]
    ) -> [ConfigProblem] {
        guard let written = document.first(where: { $0.key == "mqtt" })?.value else { return [] }
        let mqtt = configuration.mqtt
        var problems: [ConfigProblem] = []
        if mqtt.url.isEmpty, written["url"] == nil {
            problems.append(
                ConfigProblem(
                    path: ConfigPath(dotted: "mqtt"),
                    message:
                        "[mqtt] needs a url (url = \"mqtt://broker.lan:1883\"); to turn MQTT off, remove the table (`weather-kiosk config unset mqtt`)"
                ))
        }
        if mqtt.password != nil, mqtt.passwordFile != nil {
            problems.append(
                ConfigProblem(
                    path: ConfigPath(dotted: "mqtt.password_file"),
                    message:
                        "mqtt.password and mqtt.password_file are both set; keep one of them"))
        }
        return problems
    }
}

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

/// Checks for an MQTT topic the kiosk publishes under.
enum MQTTTopicName {
    /// What is wrong with `topic`, after the key's name; nil when it is usable.
    static func problem(_ topic: String) -> String? {
        if topic.isEmpty { return "must not be empty" }
        if topic.contains("+") || topic.contains("#") {
            return "must not contain the wildcards + or #, not \"\(topic)\""
        }
        if topic.hasPrefix("/") || topic.hasSuffix("/") {
            return "must not start or end with /, not \"\(topic)\""
        }
        if topic.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == " " }) {
            return "must not contain spaces or control characters, not \"\(topic)\""
        }
        return nil
    }
}
