import FoundationEssentials
import Glibc
import KioskControl
import KioskTesting
import Synchronization
import Testing

/// The kiosk (the built binary) as a real Home Assistant core sees it, both on loopback with
/// a real mosquitto: Home Assistant's MQTT integration made through its own config flow
/// (`HomeAssistantCore/run_home_assistant.py`), its own templates and entities. Runs when
/// `HOMEASSISTANT_PYTHON` names a Python with `homeassistant` (and its MQTT requirement
/// paho-mqtt) installed: `Tests/homeassistant/run.sh` makes one and runs these.
@Suite(
    .serialized,
    .enabled(
        if: HomeAssistantPython.path != nil,
        "HOMEASSISTANT_PYTHON is not set (Tests/homeassistant/run.sh sets it)"))
struct HomeAssistantCoreTests {
    static let script = URL(filePath: #filePath).deletingLastPathComponent()
        .appending(path: "HomeAssistantCore/run_home_assistant.py").path

    /// Home Assistant running in its own directory, answering report requests.
    final class Core: Sendable {
        let directory = TemporaryDirectory()
        let process: RunningBinary
        private let requests = Mutex(0)

        init(broker: MosquittoBroker) throws {
            let python = try #require(HomeAssistantPython.path)
            mkdir(directory.file("requests"), 0o755)
            mkdir(directory.file("config"), 0o755)
            process = ExternalProgram.spawn(
                python,
                [
                    HomeAssistantCoreTests.script, "--config-dir", directory.file("config"),
                    "--requests", directory.file("requests"), "--port", "\(broker.port)",
                    "--user", broker.user, "--password", broker.password, "--node",
                    KioskOverMQTT.node,
                ])
        }

        struct Report: Decodable {
            struct Entity: Decodable {
                var entityID: String
                var state: String?
                /// The name Home Assistant shows (`friendly_name`).
                var name: String?

                enum CodingKeys: String, CodingKey {
                    case entityID = "entity_id"
                    case state, name
                }
            }
            struct Record: Decodable {
                var logger: String
                var level: String
                var message: String
            }
            var version: String
            var entities: [String: Entity]
            var log: [Record]

            /// What Home Assistant logged about this kiosk's messages: template warnings,
            /// MQTT errors (an invalid option, a value a sensor cannot take).
            var complaints: [String] {
                log.filter {
                    $0.logger.hasPrefix("homeassistant.helpers.template")
                        || $0.logger.hasPrefix("homeassistant.components.mqtt")
                        || $0.logger.hasPrefix("homeassistant.components.sensor")
                        || $0.logger.hasPrefix("homeassistant.helpers.entity")
                }.map { "\($0.level) \($0.logger): \($0.message)" }
            }
        }

        /// The entities and log now; nil when Home Assistant does not answer in a minute.
        func report() async -> Report? {
            let number = requests.withLock { count -> Int in
                count += 1
                return count
            }
            directory.write("requests/request-\(number)", "")
            for _ in 0..<600 {
                if let text = directory.read("requests/report-\(number).json") {
                    return try? JSONDecoder().decode(Report.self, from: Data(text.utf8))
                }
                try? await Task.sleep(for: .milliseconds(100))
            }
            return nil
        }

        /// Reports until `condition` holds (Home Assistant takes a while to start).
        func waitFor(_ what: String, _ condition: (Report) -> Bool) async -> Report? {
            var last: Report?
            for _ in 0..<240 {
                last = await report()
                if let last, condition(last) { return last }
                try? await Task.sleep(for: .milliseconds(500))
            }
            Issue.record(
                "Home Assistant: timed out waiting for \(what); last report: \(String(describing: last))"
            )
            return nil
        }

        func stop() async {
            directory.write("requests/stop", "")
            _ = await process.finish(timeout: 60)
            directory.remove()
        }
    }

    /// A Home Assistant that starts after the kiosk shows its state and the selects' options
    /// at once; restarting the kiosk makes Home Assistant log nothing about it (once, five
    /// template warnings: the first state said `"indoor": null`).
    @Test func aHomeAssistantThatStartsLaterSeesEverythingAndRestartsAreQuiet() async throws {
        let broker = try await MosquittoBroker()
        var kiosk = try await KioskOverMQTT.start(broker: broker, pace: .quiet)
        defer {
            kiosk.stopNow()
            broker.removeNow()
        }
        await kiosk.waitFor("MQTT connected and a reading") {
            $0.mqtt?.connected == true && $0.sensor.temperature != nil
        }
        let core = try Core(broker: broker)
        defer { Task { await core.stop() } }
        let node = KioskOverMQTT.node
        // Available, and with a state, before anything on the kiosk changed: the kiosk's
        // state (retained) came with Home Assistant's subscription.
        let seen = await core.waitFor("25 entities with their states") { report in
            report.entities.count == 25
                && Double(report.entities["\(node)_indoor_temperature"]?.state ?? "") != nil
        }
        print("Home Assistant \(seen?.version ?? "?") sees \(seen?.entities.count ?? 0) entities")
        let entities = seen?.entities ?? [:]
        #expect(entities["\(node)_city"]?.state == "Rome", "\(entities)")
        #expect(entities["\(node)_page"]?.state == "city")
        #expect(entities["\(node)_power"]?.state == "on")
        for sensor in ["indoor_temperature", "indoor_humidity", "indoor_pressure", "dew_point"] {
            #expect(Double(entities["\(node)_\(sensor)"]?.state ?? "") != nil, "\(sensor)")
        }
        #expect(seen?.complaints == [], "\(seen?.complaints ?? [])")

        // Two restarts of the kiosk while Home Assistant runs.
        for _ in 0..<2 {
            kiosk.process.signal(SIGTERM)
            #expect(await kiosk.process.finish(timeout: 30).exitCode == 0)
            kiosk = kiosk.restarted()
            await kiosk.waitFor("MQTT connected again and a reading") {
                $0.mqtt?.connected == true && $0.sensor.temperature != nil
            }
        }
        let after = await core.waitFor("the kiosk available again") { report in
            report.entities["\(node)_power"]?.state == "on"
        }
        #expect(after?.complaints == [], "\(after?.complaints ?? [])")
        #expect(after?.entities.count == 25)
    }

    /// Issue 33: a kiosk restarted in another language renames its entities in Home
    /// Assistant; none is added, and every entity keeps its id.
    @Test func aChangeOfLanguageRenamesTheEntities() async throws {
        let broker = try await MosquittoBroker()
        var kiosk = try await KioskOverMQTT.start(broker: broker, pace: .quiet)
        defer {
            kiosk.stopNow()
            broker.removeNow()
        }
        await kiosk.waitFor("MQTT connected and a reading") {
            $0.mqtt?.connected == true && $0.sensor.temperature != nil
        }
        let core = try Core(broker: broker)
        defer { Task { await core.stop() } }
        let node = KioskOverMQTT.node
        let english = await core.waitFor("25 entities in English") { report in
            report.entities.count == 25
                && report.entities["\(node)_indoor_temperature"]?.name?.hasSuffix(
                    "Indoor temperature") == true
        }
        let ids = (english?.entities ?? [:]).mapValues(\.entityID)
        #expect(ids.count == 25)

        kiosk.process.signal(SIGTERM)
        #expect(await kiosk.process.finish(timeout: 30).exitCode == 0)
        let set = await kiosk.run(["config", "set", "language", "it"])
        #expect(set.exitCode == 0, "\(set.standardError)")
        kiosk = kiosk.restarted()
        // Home Assistant takes the announcements one by one: wait until it has them all.
        let italian = await core.waitFor("the entities renamed in Italian") { report in
            let airQuality = report.entities.filter { $0.key.hasSuffix("_aqi") }.values
            return report.entities["\(node)_indoor_temperature"]?.name?.hasSuffix(
                "Temperatura interna") == true
                && report.entities["\(node)_city"]?.name?.hasSuffix("Città mostrata") == true
                && !airQuality.isEmpty
                && airQuality.allSatisfy {
                    $0.name?.hasSuffix("indice di qualità dell'aria") == true
                }
        }
        let entities = italian?.entities ?? [:]
        #expect(entities.count == 25, "no entity added: \(entities.keys.sorted())")
        #expect(entities.mapValues(\.entityID) == ids, "every entity keeps its id")
        #expect(entities["\(node)_city"]?.name?.hasSuffix("Città mostrata") == true)
        #expect(
            entities.contains { $0.key.hasSuffix("_aqi") }
                && entities.filter { $0.key.hasSuffix("_aqi") }.values.allSatisfy {
                    $0.name?.hasSuffix("indice di qualità dell'aria") == true
                }, "the air-quality entities renamed too")
        #expect(italian?.complaints == [], "\(italian?.complaints ?? [])")
    }
}

/// The Python that runs Home Assistant for these tests.
enum HomeAssistantPython {
    /// `$HOMEASSISTANT_PYTHON`, when set to a program that exists.
    static var path: String? {
        guard let value = getenv("HOMEASSISTANT_PYTHON") else { return nil }
        let path = String(cString: value)
        return access(path, X_OK) == 0 ? path : nil
    }
}
