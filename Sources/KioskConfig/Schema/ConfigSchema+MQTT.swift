import KioskCore

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
