public import KioskCore
public import Logging

/// Follows the kiosk's snapshots and keeps Home Assistant in step: announces the device
/// (again once per burst of Home Assistant's `online`, and when what to announce changes),
/// sends the state, retained, when it changes (and at least every `publish_interval_seconds`
/// while snapshots come), removes what is no longer there (a removed favourite, `[mqtt]` removed), and
/// turns messages on the command topics into `KioskCommand`s for the engine's one door.
/// The network runs on the connection's own thread; this only hands it messages.
public struct HomeAssistantPublisher: Sendable {
    /// Turns `[mqtt]` into connection settings: reads the password file (a blocking read,
    /// done by the caller's file thread). Throws the sentence for a file it cannot read.
    public typealias Credentials = @Sendable (MQTTSettings) async throws -> String?

    let hostName: String
    let credentials: Credentials
    let board: MQTTStatusBoard
    let send: @Sendable (KioskCommand) async -> Void
    let logger: Logger
    /// Shortens the connection's timings in tests.
    let tune: @Sendable (inout MQTTConnectionSettings) -> Void
    /// How long after Home Assistant's first `online` the kiosk announces itself again: the
    /// `online`s of that time are one burst, answered once.
    let announceDelay: Duration

    /// A publisher for the kiosk on `hostName`.
    public init(
        hostName: String, credentials: @escaping Credentials, board: MQTTStatusBoard,
        logger: Logger, tune: @escaping @Sendable (inout MQTTConnectionSettings) -> Void = { _ in },
        announceDelay: Duration = .seconds(2),
        send: @escaping @Sendable (KioskCommand) async -> Void
    ) {
        self.announceDelay = announceDelay
        self.hostName = hostName
        self.credentials = credentials
        self.board = board
        self.logger = logger
        self.tune = tune
        self.send = send
    }

    private enum Input: Sendable {
        case snapshot(KioskSnapshot)
        case connection(MQTTConnectionEvent, generation: Int)
        case announceDue(generation: Int)
        case snapshotsEnded
    }

    /// Runs until `snapshots` ends or the task is cancelled; then says `offline` and
    /// disconnects.
    public func run(snapshots: AsyncStream<KioskSnapshot>) async {
        let (inputs, input) = AsyncStream.makeStream(of: Input.self)
        let following = Task {
            for await snapshot in snapshots { input.yield(.snapshot(snapshot)) }
            input.yield(.snapshotsEnded)
        }
        var session: Session?
        var generation = 0
        var listening: Task<Void, Never>?
        var announcing: Task<Void, Never>?
        let delay = announceDelay
        await withTaskCancellationHandler {
            for await next in inputs {
                switch next {
                case .snapshotsEnded:
                    input.finish()
                case .connection(let event, let from):
                    guard from == generation, var current = session else { continue }
                    await current.handle(event)
                    if current.announceRequested, announcing == nil {
                        // Home Assistant's `online`: answered once, after the burst.
                        announcing = Task {
                            do {
                                try await Task.sleep(for: delay)
                            } catch {
                                return
                            }
                            input.yield(.announceDue(generation: from))
                        }
                    }
                    session = current
                case .announceDue(let from):
                    announcing = nil
                    guard from == generation, var current = session else { continue }
                    current.reannounce()
                    session = current
                case .snapshot(let snapshot):
                    let settings = snapshot.configuration.mqtt
                    if let current = session?.settings, current != settings,
                        current.sameLink(as: settings)
                    {
                        // Only the publish interval changed: it applies from now on this
                        // connection (the next state is due by the new interval, the
                        // discovery's expire_after follows), without going offline.
                        session?.settings = settings
                    }
                    if session?.settings != settings {
                        if var old = session {
                            old.close(forget: !settings.isEnabled)
                            session = nil
                        }
                        listening?.cancel()
                        announcing?.cancel()
                        announcing = nil
                        generation += 1
                        guard settings.isEnabled else {
                            board.update { $0 = nil }
                            continue
                        }
                        session = await open(settings, snapshot: snapshot)
                        if let connection = session?.connection {
                            let mine = generation
                            listening = Task {
                                for await event in connection.events {
                                    input.yield(.connection(event, generation: mine))
                                }
                            }
                        }
                    }
                    session?.follow(snapshot)
                }
            }
        } onCancel: {
            input.finish()
        }
        following.cancel()
        listening?.cancel()
        announcing?.cancel()
        session?.close(forget: false)
    }

    private func open(_ settings: MQTTSettings, snapshot: KioskSnapshot) async -> Session? {
        let topics = HomeAssistantTopics(settings, hostName: hostName)
        guard let broker = MQTTBrokerURL(settings.url) else { return nil }
        board.update {
            $0 = MQTTStatusBoard.Reading(
                broker: broker.description, connected: false, error: "connecting", messagesSent: 0)
        }
        let password: String?
        do {
            password = try await credentials(settings)
        } catch {
            board.update { $0?.error = "\(error)" }
            logger.error("\(error) Home Assistant gets no messages until it is fixed.")
            return nil
        }
        var connectionSettings = MQTTConnectionSettings(
            broker: broker, username: settings.username, password: password,
            caFile: settings.caFile, clientID: topics.clientID,
            availabilityTopic: topics.availability)
        connectionSettings.subscriptions = topics.subscriptions
        tune(&connectionSettings)
        do {
            let connection = try MQTTConnection(connectionSettings)
            try connection.start()
            logger.info("MQTT: connecting to \(broker) as \(topics.clientID).")
            return Session(
                settings: settings, topics: topics, connection: connection, board: board,
                hostName: hostName, logger: logger, send: send, latest: snapshot)
        } catch {
            board.update { $0?.error = error.message }
            logger.error("\(error.message)")
            return nil
        }
    }
}

extension MQTTSettings {
    /// Whether `other` talks to the same broker, as the same client, on the same topics:
    /// everything but the publish interval is the same.
    func sameLink(as other: MQTTSettings) -> Bool {
        var other = other
        other.publishIntervalSeconds = publishIntervalSeconds
        return self == other
    }
}
