import Glibc
import KioskCore
import Logging

/// One connection's worth of publishing: what was announced, what state was sent last.
struct Session {
    var settings: MQTTSettings
    let topics: HomeAssistantTopics
    let connection: MQTTConnection
    let board: MQTTStatusBoard
    let hostName: String
    let logger: Logger
    let send: @Sendable (KioskCommand) async -> Void
    var latest: KioskSnapshot
    /// Discovery payloads sent on this connection, by topic.
    var announced: [String: [UInt8]] = [:]
    /// Discovery topics of this node the broker holds (retained), seen by subscribing.
    var retainedAtBroker: Set<String> = []
    var lastState: [UInt8]?
    var lastStateAt = 0.0
    /// Each favourite's values as last sent, by topic.
    var lastCities: [String: String] = [:]
    var lastFailure: String?
    /// Home Assistant said `online` since the last announcement: the publisher announces
    /// again once the burst is over (`reannounce()`).
    var announceRequested = false

    init(
        settings: MQTTSettings, topics: HomeAssistantTopics, connection: MQTTConnection,
        board: MQTTStatusBoard, hostName: String, logger: Logger,
        send: @escaping @Sendable (KioskCommand) async -> Void, latest: KioskSnapshot
    ) {
        self.settings = settings
        self.topics = topics
        self.connection = connection
        self.board = board
        self.hostName = hostName
        self.logger = logger
        self.send = send
        self.latest = latest
    }

    var discovery: HomeAssistantDiscovery {
        HomeAssistantDiscovery(
            latest.configuration, topics: topics,
            facts: HomeAssistantDiscovery.Facts(
                chip: latest.reading?.chip,
                hasSeaLevelPressure: {
                    if case .reading(let indoor) = latest.page.indoor {
                        return indoor.seaLevelPressure != nil
                    }
                    return false
                }(), hostName: hostName,
                language: latest.configuration.languageChoice.language))
    }

    mutating func handle(_ event: MQTTConnectionEvent) async {
        switch event {
        case .connected:
            lastFailure = nil
            logger.info("MQTT: connected to \(connection.settings.broker).")
            board.update {
                $0?.connected = true
                $0?.error = nil
            }
            announced = [:]
            lastState = nil
            lastCities = [:]
            announce()
            publishState(force: true)
        case .failed(let failure):
            board.update {
                $0?.connected = false
                $0?.error = failure.message
            }
            if failure.message != lastFailure {
                logger.warning("\(failure.message)")
                lastFailure = failure.message
            }
        case .oversized(let topic, let bytes):
            logger.notice(
                "MQTT: dropped a message of \(bytes) bytes on \(topic) unread: the kiosk takes none over \(connection.settings.maximumIncomingBytes) bytes."
            )
        case .message(let topic, let payload, let retained):
            let text = String(decoding: payload, as: UTF8.self)
            if topic == topics.homeAssistantStatus {
                if text == "online" { announceRequested = true }
            } else if topic.hasSuffix("/config") {
                if payload.isEmpty {
                    retainedAtBroker.remove(topic)
                } else {
                    retainedAtBroker.insert(topic)
                    removeStale()
                }
            } else if retained {
                // A command acts when it is sent: one the broker kept would act again at
                // every start (a retained `off` would switch the display off each time).
                logger.notice(
                    "MQTT: ignored \"\(text.prefix(80))\" on \(topic): the broker kept it (retained) from before, and a command acts only when it is sent; `mosquitto_pub -r -n -t \(topic)` clears it."
                )
            } else if let command = HomeAssistantState.command(
                topic: topic, payload: text, topics: topics, configuration: latest.configuration)
            {
                await send(command)
            } else {
                logger.notice(
                    "MQTT: ignored \"\(text.prefix(80))\" on \(topic): not a favourite, page or command."
                )
            }
        }
        countSent()
    }

    mutating func follow(_ snapshot: KioskSnapshot) {
        latest = snapshot
        guard connection.isConnected else { return }
        announce()
        publishState(force: false)
        countSent()
    }

    /// Announces everything again after Home Assistant said `online` (once per burst of
    /// them): the device and its entities, `online` (the availability may have been removed
    /// meanwhile, by `mqtt forget`), and the state.
    mutating func reannounce() {
        announceRequested = false
        guard connection.isConnected else { return }
        announced = [:]
        connection.publish(topics.availability, Array("online".utf8), retain: true)
        announce()
        publishState(force: true)
        countSent()
    }

    /// Sends the announcements that changed, and empties for those that went away.
    mutating func announce() {
        let current = discovery
        for message in current.messages {
            let bytes = message.payload.bytes
            guard announced[message.topic] != bytes else { continue }
            if connection.publish(message.topic, bytes, retain: true) {
                announced[message.topic] = bytes
            }
        }
        let gone = Set(announced.keys).subtracting(current.topics).subtracting(current.undecided)
        for topic in gone where connection.publish(topic, [], retain: true) {
            announced[topic] = nil
        }
        removeStale()
    }

    /// Empties the retained announcements of this node that the config no longer has
    /// (a favourite removed while the kiosk was off); not those still undecided before the
    /// first reading.
    mutating func removeStale() {
        let current = discovery
        for topic in retainedAtBroker.subtracting(current.topics).subtracting(current.undecided)
        where connection.publish(topic, [], retain: true) {
            retainedAtBroker.remove(topic)
        }
    }

    mutating func publishState(force: Bool) {
        let bytes = HomeAssistantState.payload(latest).bytes
        let now = MQTTConnection.monotonicSeconds()
        let due = now - lastStateAt >= Double(settings.publishIntervalSeconds)
        // Retained: a Home Assistant that starts after the kiosk reads it at once.
        if force || due || bytes != lastState,
            connection.publish(topics.state, bytes, retain: true)
        {
            lastState = bytes
            lastStateAt = now
        }
        let cities = HomeAssistantState.cityValues(latest, topics: topics)
        for (topic, value) in cities where force || due || lastCities[topic] != value {
            if connection.publish(topic, Array(value.utf8), retain: true) {
                lastCities[topic] = value
            }
        }
        for topic in Set(lastCities.keys).subtracting(cities.keys)
        where connection.publish(topic, [], retain: true) {
            lastCities[topic] = nil
        }
    }

    func countSent() {
        let sent = connection.messagesSent
        board.update { $0?.messagesSent = sent }
    }

    /// Says `offline` and disconnects; with `forget`, first removes every announcement
    /// (`[mqtt]` removed from the config).
    mutating func close(forget: Bool) {
        if forget {
            for topic in Set(announced.keys).union(retainedAtBroker) {
                connection.publish(topic, [], retain: true)
            }
            for topic in lastCities.keys {
                connection.publish(topic, [], retain: true)
            }
            connection.publish(topics.state, [], retain: true)
            logger.info(
                "MQTT: [mqtt] was removed; Home Assistant's entities of this kiosk are removed.")
        }
        connection.publish(topics.availability, Array("offline".utf8), retain: true)
        connection.stop()
    }
}
