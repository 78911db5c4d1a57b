import FoundationEssentials
import Glibc
import KioskControl
import KioskTesting
import Testing

/// `weather-kiosk run` (the built binary) with `[mqtt]` pointing at a test's own broker and
/// forecasts from the fake Open-Meteo on 127.0.0.1; simulator board, PNG display.
struct KioskOverMQTT {
    let directory: TemporaryDirectory
    let server: LoopbackHTTPServer
    let broker: MosquittoBroker
    let process: RunningBinary
    static let topic = "weather-kiosk/test"
    static let node = "weather_kiosk_test"

    /// How often the kiosk changes: every 2 s (slides, readings), or `quiet`, once an hour
    /// (a state message then comes only when something asks for it).
    enum Pace: Sendable {
        case busy
        case quiet
    }

    static func start(
        broker: MosquittoBroker, cities: String = threeCities, pace: Pace = .busy
    ) async throws -> KioskOverMQTT {
        let fake = FakeOpenMeteo()
        let server = try await LoopbackHTTPServer.start { fake.respond(to: $0) }
        let directory = TemporaryDirectory()
        directory.write("mqtt.password", broker.password + "\n", mode: 0o600)
        let configPath = directory.file("config.toml")
        var mqtt = mqttTable(broker: broker, directory: directory)
        if pace == .quiet { mqtt += "publish_interval_seconds = 3600\n" }
        Self.writeConfig(directory, server: server, mqtt: mqtt, cities: cities, pace: pace)
        let process = KioskBinary.spawn([
            "run", "--config", configPath, "--log", directory.file("kiosk.log"),
        ])
        return KioskOverMQTT(directory: directory, server: server, broker: broker, process: process)
    }

    /// Runs `body` with a kiosk on a broker of its own (`prepare` gets the broker before
    /// the kiosk starts), once MQTT is connected and (with `reading`) the sensor has read;
    /// both are removed after.
    static func with(
        pace: Pace = .busy, reading: Bool = true,
        prepare: (MosquittoBroker) async -> Void = { _ in },
        _ body: (KioskOverMQTT, MosquittoBroker) async throws -> Void
    ) async throws {
        let broker = try await MosquittoBroker()
        await prepare(broker)
        let kiosk = try await start(broker: broker, pace: pace)
        defer {
            kiosk.stopNow()
            broker.removeNow()
        }
        await kiosk.waitUntilConnected(reading: reading)
        try await body(kiosk, broker)
    }

    /// Waits until MQTT is connected and (with `reading`) the sensor has read.
    func waitUntilConnected(reading: Bool = true) async {
        await waitFor(reading ? "MQTT connected and a reading" : "MQTT connected") {
            $0.mqtt?.connected == true && (!reading || $0.sensor.temperature != nil)
        }
    }

    var configPath: String { directory.file("config.toml") }

    var mqttTable: String { Self.mqttTable(broker: broker, directory: directory) }

    static func mqttTable(broker: MosquittoBroker, directory: TemporaryDirectory) -> String {
        """
        [mqtt]
        url = "\(broker.url)"
        username = "\(broker.user)"
        password_file = "\(directory.file("mqtt.password"))"
        topic = "\(Self.topic)"

        """
    }

    /// Writes the config atomically (the daemon watches it and reloads).
    func writeConfig(mqtt: String, cities: String) {
        Self.writeConfig(directory, server: server, mqtt: mqtt, cities: cities)
    }

    static func writeConfig(
        _ directory: TemporaryDirectory, server: LoopbackHTTPServer, mqtt: String, cities: String,
        pace: Pace = .busy
    ) {
        let seconds = pace == .busy ? 2 : 3600
        directory.write(
            "config.new",
            """
            state_dir = "\(directory.file("state"))"

            [forecast]
            base_url = "\(server.baseURL)"
            geocoding_url = "\(server.baseURL)"
            air_quality_url = "\(server.baseURL)"

            [display]
            kind = "png"
            device = "\(directory.file("screen.png"))"
            size = "400x240"
            cycle_seconds = \(seconds)

            [sensor]
            kind = "simulated"
            interval_seconds = \(seconds)

            [buttons]
            backend = "none"

            [control]
            socket = "\(directory.file("control.sock"))"

            \(mqtt)
            \(cities)
            """)
        rename(directory.file("config.new"), directory.file("config.toml"))
    }

    /// Starts the daemon again on the same files (after `process` ended).
    func restarted() -> KioskOverMQTT {
        KioskOverMQTT(
            directory: directory, server: server, broker: broker,
            process: KioskBinary.spawn([
                "run", "--config", configPath, "--log", directory.file("kiosk.log"),
            ]))
    }

    func run(_ arguments: [String]) async -> BinaryResult {
        await KioskBinary.run(arguments + ["--config", configPath], timeout: 60)
    }

    /// `status --json`, decoded; nil while the daemon is not answering.
    func status() async -> KioskStatus? {
        let result = await run(["status", "--json"])
        guard result.exitCode == 0 else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(KioskStatus.self, from: Data(result.standardOutput.utf8))
    }

    /// Polls `status` until `condition` holds; the timeout is a safety net.
    @discardableResult
    func waitFor(_ what: String, timeout: Double = 60, _ condition: (KioskStatus) -> Bool)
        async -> KioskStatus?
    {
        let deadline = Date().addingTimeInterval(timeout)
        var last: KioskStatus?
        while Date() < deadline {
            if let status = await status() {
                last = status
                if condition(status) { return status }
            }
            try? await Task.sleep(for: .milliseconds(200))
        }
        Issue.record(
            "timed out waiting for \(what); last status: \(String(describing: last)); log: \(directory.read("kiosk.log") ?? "")"
        )
        return nil
    }

    /// The retained discovery configs of this kiosk, topic → decoded JSON object.
    func discovery() async -> [String: [String: JSONAny]] {
        let messages = await broker.retained(["homeassistant/+/\(Self.node)/+/config"])
        var configs: [String: [String: JSONAny]] = [:]
        for (topic, payload) in messages {
            let object = try? JSONDecoder().decode([String: JSONAny].self, from: Data(payload.utf8))
            #expect(object != nil, "\(topic) carries no JSON object: \(payload)")
            configs[topic] = object
        }
        return configs
    }

    /// Kills the daemon and removes its files at once, for a `defer`; the fake server stops
    /// with the test runner.
    func stopNow() {
        process.signal(SIGKILL)
        directory.remove()
    }

    func stop() async {
        process.signal(SIGKILL)
        _ = await process.finish(timeout: 10)
        await server.stop()
        directory.remove()
    }
}

/// Any JSON value, decoded, for checking payloads field by field.
enum JSONAny: Decodable, Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    case array([JSONAny])
    case object([String: JSONAny])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONAny].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONAny].self))
        }
    }

    var string: String? { if case .string(let value) = self { value } else { nil } }
    var number: Double? { if case .number(let value) = self { value } else { nil } }
    var object: [String: JSONAny]? { if case .object(let value) = self { value } else { nil } }
    var array: [JSONAny]? { if case .array(let value) = self { value } else { nil } }
}

/// Three favourites, as `city add` writes them.
let threeCities = """
    [[cities]]
    name = "Rome"
    country = "Italy"
    latitude = 41.89193
    longitude = 12.51133

    [[cities]]
    name = "Reykjavík"
    latitude = 64.13548
    longitude = -21.89541
    geoname_id = 3413829

    [[cities]]
    name = "São Paulo"
    latitude = -23.5475
    longitude = -46.63611

    """
