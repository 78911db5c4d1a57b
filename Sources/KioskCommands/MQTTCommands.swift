import HomeAssistant
public import KioskConfig
import KioskControl
public import KioskCore
import KioskDaemon
import LinuxPlatform

/// `mqtt publish-discovery` and `mqtt forget`, and `doctor`'s MQTT check: short-lived
/// connections with a client id of their own (the kiosk's stays connected) and no
/// availability messages (they do not speak for the kiosk).
public struct MQTTCommands: Sendable {
    /// The config file.
    public let store: ConfigStore
    /// Where output goes.
    public let console: Console

    /// Creates the verbs for a config file.
    public init(store: ConfigStore, console: Console) {
        self.store = store
        self.console = console
    }

    /// `mqtt publish-discovery`: announces the kiosk to Home Assistant now, for when Home
    /// Assistant was rebuilt or its retained messages were lost.
    /// - Throws: `CommandFailure`: exit 2 without `[mqtt]`, 1 when the broker cannot be used.
    public func publishDiscovery() async throws {
        let (configuration, topics, connection) = try await connect(extraSubscriptions: [])
        let discovery = HomeAssistantDiscovery(
            configuration, topics: topics,
            facts: .init(
                chip: configuration.sensor.kind == .none ? nil : .bme280,
                hasSeaLevelPressure: configuration.station.elevation != nil,
                hostName: HostIdentity.hostName()))
        for message in discovery.messages {
            connection.publish(message.topic, message.payload.bytes, retain: true)
        }
        await connection.finish()
        // TRANSLATORS: `mqtt publish-discovery`; {topics} is an MQTT topic pattern.
        console.print(
            configuration.languageChoice.language.localized(
                "Announced {count} entities under {topics}; the running kiosk corrects the sensor list after its next reading.",
                [
                    "count": String(discovery.messages.count),
                    "topics": "\(topics.discoveryPrefix)/…/\(topics.node)",
                ]))
    }

    /// `mqtt forget`: removes every retained announcement and value of this kiosk from the
    /// broker (Home Assistant then drops the device). The running kiosk announces itself
    /// again when it reconnects or Home Assistant restarts.
    /// - Throws: `CommandFailure`: exit 2 without `[mqtt]`, 1 when the broker cannot be used.
    public func forget() async throws {
        let own = topics(of: try load())
        let (configuration, topics, connection) = try await connect(
            extraSubscriptions: [own.cityValuesFilter, own.state])
        // Retained messages arrive right after subscribing; a second is plenty on a LAN.
        let collecting = Task {
            var seen: Set<String> = []
            for await event in connection.events {
                if case .message(let topic, let payload, _) = event, !payload.isEmpty {
                    seen.insert(topic)
                }
            }
            return seen
        }
        try? await Task.sleep(for: .seconds(1))
        connection.stop()
        let found = await collecting.value
        // The thread has exited; a new connection sends the removals.
        let (_, _, sender) = try await connect(extraSubscriptions: [], subscribeOwn: false)
        let current = HomeAssistantDiscovery(
            configuration, topics: topics,
            facts: .init(chip: .bme280, hasSeaLevelPressure: true, hostName: ""))
        let all = found.union(current.topics)
        for topic in all { sender.publish(topic, [], retain: true) }
        sender.publish(topics.state, [], retain: true)
        sender.publish(topics.availability, [], retain: true)
        await sender.finish()
        // TRANSLATORS: `mqtt forget`; {node} is the kiosk's MQTT name, {broker} a URL.
        console.print(
            configuration.languageChoice.language.localized(
                "Removed {count} retained messages of {node} from {broker}.",
                [
                    "count": String(all.count), "node": topics.node,
                    "broker": configuration.mqtt.url,
                ]))
    }

    /// `doctor`'s line: connects once and says how it went in one sentence.
    public static func doctorFindings(_ configuration: KioskConfiguration) async -> [DoctorFinding]
    {
        let mqtt = configuration.mqtt
        guard mqtt.isEnabled, let broker = MQTTBrokerURL(mqtt.url) else {
            return [
                DoctorFinding(
                    .skipped, "mqtt", LocalizedMessage("No [mqtt] table: Home Assistant is off."))
            ]
        }
        var findings: [DoctorFinding] = []
        if let warning = MQTTCredentials.passwordFileWarning(mqtt) {
            findings.append(DoctorFinding(.warning, "mqtt", warning))
        }
        let topics = HomeAssistantTopics(mqtt, hostName: HostIdentity.hostName())
        do {
            let connection = try await open(configuration, topics: topics, subscriptions: [])
            await connection.finish()
            // TRANSLATORS: `doctor`; {broker} is the broker's URL, {node} the kiosk's MQTT name.
            let connected =
                mqtt.username.map {
                    LocalizedMessage(
                        "Connected to {broker} as {user}; Home Assistant finds the kiosk as {node}.",
                        ["broker": "\(broker)", "user": $0, "node": topics.node])
                }
                ?? LocalizedMessage(
                    "Connected to {broker}; Home Assistant finds the kiosk as {node}.",
                    ["broker": "\(broker)", "node": topics.node])
            findings.append(DoctorFinding(.ok, "mqtt", connected))
        } catch let failure as CommandFailure {
            findings.append(DoctorFinding(.failure, "mqtt", failure.message))
        } catch {
            findings.append(DoctorFinding(.failure, "mqtt", "\(error)"))
        }
        return findings
    }

    // MARK: Connecting

    private func load() throws -> KioskConfiguration {
        let configuration = try store.load().configuration
        guard configuration.mqtt.isEnabled else {
            throw CommandFailure.usage(
                "\(store.path) has no [mqtt] table; add one with url = \"mqtt://broker:1883\" first."
            )
        }
        return configuration
    }

    private func topics(of configuration: KioskConfiguration) -> HomeAssistantTopics {
        HomeAssistantTopics(configuration.mqtt, hostName: HostIdentity.hostName())
    }

    private func connect(extraSubscriptions: [String], subscribeOwn: Bool = true) async throws
        -> (KioskConfiguration, HomeAssistantTopics, MQTTConnection)
    {
        let configuration = try load()
        let topics = topics(of: configuration)
        let connection = try await Self.open(
            configuration, topics: topics,
            subscriptions: subscribeOwn ? [topics.ownDiscoveryFilter] + extraSubscriptions : [])
        return (configuration, topics, connection)
    }

    /// One connection attempt, waited for; the connection on success.
    static func open(
        _ configuration: KioskConfiguration, topics: HomeAssistantTopics, subscriptions: [String]
    ) async throws -> MQTTConnection {
        let mqtt = configuration.mqtt
        guard let broker = MQTTBrokerURL(mqtt.url) else {
            throw CommandFailure.usage("mqtt.url \(mqtt.url) is not a broker URL.")
        }
        let password: String?
        do {
            password = try await MQTTCredentials.password(mqtt, files: FileWorker())
        } catch {
            throw CommandFailure.runtime("\(error)")
        }
        var settings = MQTTConnectionSettings(
            broker: broker, username: mqtt.username, password: password, caFile: mqtt.caFile,
            clientID: String((topics.clientID + "-cli").prefix(128)), availabilityTopic: nil)
        settings.subscriptions = subscriptions
        // One attempt: no retry before the answer is known.
        settings.retryFirstSeconds = 3600
        let connection: MQTTConnection
        do {
            connection = try MQTTConnection(settings)
            try connection.start()
        } catch {
            throw CommandFailure.runtime(error.message)
        }
        for await event in connection.events {
            switch event {
            case .connected:
                return connection
            case .failed(let failure):
                await connection.finish()
                throw CommandFailure.runtime(failure.message)
            case .message, .oversized:
                continue
            }
        }
        throw CommandFailure.runtime("The MQTT connection to \(broker) ended before it was made.")
    }
}
