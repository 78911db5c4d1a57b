import FoundationEssentials
import Glibc
import KioskControl
import KioskCore
import KioskTesting
import Testing

/// The built binary against a real mosquitto, checked the way Home Assistant sees it
/// (`mosquitto_sub`/`mosquitto_pub`) and through `status`.
@Suite(.serialized) struct KioskOverMQTTTests {
    static let required: [String: [String]] = [
        "sensor": ["device_class", "unit_of_measurement", "state_class", "state_topic"],
        "select": ["options", "state_topic", "command_topic", "value_template"],
        "button": ["command_topic", "payload_press"],
        "binary_sensor": [
            "device_class", "state_topic", "value_template", "json_attributes_topic",
            "json_attributes_template",
        ],
    ]

    @Test func announcesValidDiscoveryAndStateThatMatchesStatus() async throws {
        let broker = try await MosquittoBroker()
        let kiosk = try await KioskOverMQTT.start(broker: broker)
        defer {
            kiosk.stopNow()
            broker.removeNow()
        }
        let status = await kiosk.waitFor("MQTT connected and a reading") {
            $0.mqtt?.connected == true && $0.sensor.temperature != nil
        }
        let configs = await kiosk.discovery()
        // 4 indoor sensors (a simulated BME280; no sea-level pressure without the station's
        // elevation), 3 cities' temperature, sea-level pressure, weather warning,
        // air-quality index and UV index, 3 selects, 3 buttons.
        #expect(configs.count == 25, "\(configs.keys.sorted())")
        var uniqueIDs: Set<String> = []
        for (topic, config) in configs {
            let component = String(topic.split(separator: "/")[1])
            // Home Assistant's AQI has no unit, and it has no device class for the UV index.
            let object = String(topic.split(separator: "/")[3])
            let exempt =
                object.hasSuffix("_aqi")
                ? ["unit_of_measurement"] : object.hasSuffix("_uv_index") ? ["device_class"] : []
            for field in ["name", "unique_id", "availability_topic"]
                + (Self.required[component] ?? []) where !exempt.contains(field)
            {
                #expect(config[field] != nil, "\(topic) lacks \(field)")
            }
            #expect(config["availability_topic"]?.string == "\(KioskOverMQTT.topic)/availability")
            #expect(
                config["device"]?.object?["identifiers"]?.array?.first?.string == KioskOverMQTT.node
            )
            #expect(config["origin"]?.object?["name"]?.string == "weather-kiosk")
            if let id = config["unique_id"]?.string { uniqueIDs.insert(id) }
        }
        #expect(uniqueIDs.count == configs.count, "unique ids are unique")
        let city = configs["homeassistant/select/\(KioskOverMQTT.node)/city/config"]
        #expect(
            city?["options"]
                == .array([.string("Rome"), .string("Reykjavík"), .string("São Paulo")]))
        #expect(
            configs["homeassistant/sensor/\(KioskOverMQTT.node)/city_g3413829_temperature/config"]
                != nil)

        // The state as Home Assistant receives it, against `status` a moment later.
        let subscriber = broker.subscribe(["\(KioskOverMQTT.topic)/state"], seconds: 20, count: 1)
        let received = await subscriber.finish(timeout: 30)
        let line =
            received.standardOutput.split(separator: " ", maxSplits: 1).last.map(String.init) ?? ""
        let state = try JSONDecoder().decode([String: JSONAny].self, from: Data(line.utf8))
        let after = await kiosk.status()
        let indoor = state["indoor"]?.object
        let temperature = try #require(indoor?["temperature"]?.number)
        let statusTemperature = try #require(after?.sensor.temperature?.celsius)
        #expect(abs(temperature - statusTemperature) < 1, "simulated readings drift slowly")
        let pressure = try #require(indoor?["pressure"]?.number)
        #expect(abs(pressure - (after?.sensor.pressure?.pascals ?? 0) / 100) < 1)
        #expect(state["power"]?.string == after?.display.power)
        #expect(state["city"] != nil && state["page"] != nil)
        // Reykjavík: no service covers it, so its warning sensor is off, without attributes.
        let warning = configs[
            "homeassistant/binary_sensor/\(KioskOverMQTT.node)/city_g3413829_warning/config"]
        #expect(warning?["value_template"]?.string == "{{ value_json.warnings['g3413829'].state }}")
        let reykjavik = state["warnings"]?.object?["g3413829"]?.object
        #expect(reykjavik?["state"]?.string == "OFF")
        #expect(reykjavik?["event"] == .null)
        _ = status
    }

    @Test func commandTopicsMoveTheKiosk() async throws {
        let broker = try await MosquittoBroker()
        let kiosk = try await KioskOverMQTT.start(broker: broker)
        defer {
            kiosk.stopNow()
            broker.removeNow()
        }
        // A refresh within 10 s of the last one joins it: wait that out first.
        await kiosk.waitFor("MQTT connected, start-up refresh over") {
            $0.mqtt?.connected == true && $0.uptimeSeconds > Int(KioskState.refreshJoinSeconds) + 1
        }
        let base = KioskOverMQTT.topic
        let before = kiosk.server.requests.count
        await broker.publish("\(base)/command", "refresh")
        await kiosk.waitFor("a refresh") { _ in kiosk.server.requests.count > before }
        await broker.publish("\(base)/city/set", "Reykjavík")
        await kiosk.waitFor("Reykjavík shown") { $0.showing.city == "Reykjavík" }
        await broker.publish("\(base)/page/set", "hourly")
        await kiosk.waitFor("the hourly page") { $0.showing.page == "hourly" }
        await broker.publish("\(base)/command", "next")
        await kiosk.waitFor("the next city") { $0.showing.city == "São Paulo" }
        // Something the kiosk cannot do changes nothing and stops nothing.
        await broker.publish("\(base)/city/set", "Atlantis")
        await broker.publish("\(base)/power/set", "off")
        await kiosk.waitFor("the display off") { $0.display.power == "off" }
        let still = await kiosk.status()
        #expect(still?.showing.city == "São Paulo")
        await broker.publish("\(base)/power/set", "on")
        await kiosk.waitFor("the display on") { $0.display.power == "on" }
    }

    @Test func brokerGoneAndBackThenKill9LeavesOffline() async throws {
        let broker = try await MosquittoBroker()
        let kiosk = try await KioskOverMQTT.start(broker: broker)
        defer {
            kiosk.stopNow()
            broker.removeNow()
        }
        await kiosk.waitFor("MQTT connected") { $0.mqtt?.connected == true }
        await broker.stop()
        let down = await kiosk.waitFor("MQTT disconnected") { $0.mqtt?.connected == false }
        #expect(down?.mqtt?.error?.contains("127.0.0.1:\(broker.port)") == true)
        // The kiosk keeps drawing.
        let frame = down?.display.frame ?? 0
        await kiosk.waitFor("frames go on") { $0.display.frame > frame + 1 }
        try await broker.start()
        // The broker lost its retained messages: reconnecting announces again.
        await kiosk.waitFor("MQTT back", timeout: 90) { $0.mqtt?.connected == true }
        let configs = await kiosk.discovery()
        #expect(configs.count == 25)
        let availability = "\(KioskOverMQTT.topic)/availability"
        #expect(await broker.retained([availability])[availability] == "online")
        kiosk.process.signal(SIGKILL)
        _ = await kiosk.process.finish(timeout: 10)
        // The broker sends the Last Will once it sees the connection gone.
        var last = ""
        for _ in 0..<50 {
            last = await broker.retained([availability])[availability] ?? ""
            if last == "offline" { break }
            try await Task.sleep(for: .milliseconds(200))
        }
        #expect(last == "offline")
    }

    @Test func removingACityOrTheTableRemovesWhatWasAnnounced() async throws {
        let broker = try await MosquittoBroker()
        let kiosk = try await KioskOverMQTT.start(broker: broker)
        defer {
            kiosk.stopNow()
            broker.removeNow()
        }
        await kiosk.waitFor("MQTT connected") { $0.mqtt?.connected == true }
        // Rome has no GeoNames id here: its id is its coordinates.
        let rome =
            "homeassistant/sensor/\(KioskOverMQTT.node)/city_41_8919n_12_5113e_temperature/config"
        #expect(await kiosk.discovery()[rome] != nil)
        let twoCities = threeCities.components(separatedBy: "[[cities]]").dropFirst(2)
            .map { "[[cities]]" + $0 }.joined()
        kiosk.writeConfig(mqtt: kiosk.mqttTable, cities: twoCities)
        await kiosk.waitFor("two cities") { $0.cities.count == 2 }
        // The announcements change one message at a time: wait for the whole new set.
        var configs = await kiosk.discovery()
        for _ in 0..<150 where configs[rome] != nil || configs.count != 20 {
            try await Task.sleep(for: .milliseconds(200))
            configs = await kiosk.discovery()
        }
        #expect(configs[rome] == nil, "Rome's sensor is removed")
        #expect(configs.count == 20)
        kiosk.writeConfig(mqtt: "", cities: twoCities)
        await kiosk.waitFor("MQTT off") { $0.mqtt == nil }
        configs = await kiosk.discovery()
        for _ in 0..<20 where !configs.isEmpty {
            try await Task.sleep(for: .milliseconds(200))
            configs = await kiosk.discovery()
        }
        #expect(
            configs.isEmpty,
            "every announcement is removed: \(configs.keys.sorted()); \(kiosk.directory.read("kiosk.log") ?? "")"
        )
    }

    /// A new `publish_interval_seconds` applies at once on the same connection (issue 28
    /// point 3): the discovery's `expire_after` follows, and Home Assistant never sees the
    /// kiosk go offline for it (before, the kiosk disconnected and connected again).
    @Test func aNewPublishIntervalAppliesWithoutReconnecting() async throws {
        let broker = try await MosquittoBroker()
        let kiosk = try await KioskOverMQTT.start(broker: broker)
        defer {
            kiosk.stopNow()
            broker.removeNow()
        }
        await kiosk.waitFor("MQTT connected") { $0.mqtt?.connected == true }
        let topic = "homeassistant/sensor/\(KioskOverMQTT.node)/indoor_temperature/config"
        #expect(await kiosk.discovery()[topic]?["expire_after"]?.number == 180)
        let availability = "\(KioskOverMQTT.topic)/availability"
        // The retained "online" first, then anything the change sends.
        let watcher = broker.subscribe([availability], seconds: 8, count: 3)
        kiosk.writeConfig(
            mqtt: kiosk.mqttTable + "publish_interval_seconds = 600\n", cities: threeCities)
        var expiry: Double?
        for _ in 0..<100 {
            expiry = await kiosk.discovery()[topic]?["expire_after"]?.number
            if expiry == 1800 { break }
            try await Task.sleep(for: .milliseconds(200))
        }
        #expect(expiry == 1800, "3 × 600 s")
        let seen = await watcher.finish(timeout: 30).standardOutput
        #expect(!seen.contains("offline"), "\(seen)")
        let log = kiosk.directory.read("kiosk.log") ?? ""
        #expect(
            log.components(separatedBy: "MQTT: connecting to").count == 2,
            "one connection: \(log)")
    }
}

/// `status` says what `doctor` says about a password file every user may read (it did not).
@Suite struct MQTTStatusWarningTests {
    @Test func statusWarnsAboutAPasswordFileEveryoneCanRead() async throws {
        try await KioskOverMQTT.with(reading: false) { kiosk, _ in
            let file = kiosk.directory.file("mqtt.password")
            let sentence =
                "mqtt.password_file \(file) is readable by every user (mode 644); chmod 600 it."
            #expect(await kiosk.status()?.mqtt?.warning == nil)
            #expect(chmod(file, 0o644) == 0)
            let json = await kiosk.status()
            #expect(json?.mqtt?.warning == sentence, "\(String(describing: json?.mqtt))")
            let text = await kiosk.run(["status"])
            #expect(text.standardOutput.contains(sentence), "\(text.standardOutput)")
        }
    }
}
