import FoundationEssentials
import KioskControl
import KioskTesting
import Testing

/// MQTT turned off and its secret set from the command line, on the built binary, while the
/// kiosk runs against a real mosquitto.
@Suite(.serialized) struct ConfigUnsetMQTTTests {
    @Test func unsetMQTTTurnsItOffAndUnsetURLSaysHow() async throws {
        let broker = try await MosquittoBroker()
        let kiosk = try await KioskOverMQTT.start(broker: broker)
        defer {
            kiosk.stopNow()
            broker.removeNow()
        }
        await kiosk.waitFor("MQTT connected") { $0.mqtt?.connected == true }
        #expect(!(await kiosk.discovery()).isEmpty)

        // The url alone: refused with what to do instead, nothing written.
        let before = kiosk.directory.read("config.toml")
        let url = await kiosk.run(["config", "unset", "mqtt.url"])
        #expect(url.exitCode == 2)
        #expect(
            url.standardError
                == "mqtt.url is the broker [mqtt] talks to, and the table cannot be without it:"
                + " `weather-kiosk config unset mqtt` removes the whole table (MQTT off, the user"
                + " name and password with it), `weather-kiosk config set mqtt.url"
                + " mqtt://HOST:1883` names another broker.\n")
        #expect(kiosk.directory.read("config.toml") == before)

        let table = await kiosk.run(["config", "unset", "mqtt"])
        #expect(table.exitCode == 0, "\(table.standardError)")
        #expect(
            table.standardOutput
                == "[mqtt] removed from \(kiosk.configPath); the kiosk talks to no MQTT broker.\n")
        let after = try #require(kiosk.directory.read("config.toml"))
        #expect(!after.contains("[mqtt]") && after.contains("[[cities]]"))
        await kiosk.waitFor("MQTT off") { $0.mqtt == nil }
        var configs = await kiosk.discovery()
        for _ in 0..<20 where !configs.isEmpty {
            try await Task.sleep(for: .milliseconds(200))
            configs = await kiosk.discovery()
        }
        #expect(configs.isEmpty, "Home Assistant's entities are removed: \(configs.keys.sorted())")
        let again = await kiosk.run(["config", "unset", "mqtt"])
        #expect(again.standardOutput == "[mqtt] is not in \(kiosk.configPath); nothing changed.\n")
    }

    @Test func thePasswordIsNeverPrintedBack() async throws {
        let broker = try await MosquittoBroker()
        let kiosk = try await KioskOverMQTT.start(broker: broker)
        defer {
            kiosk.stopNow()
            broker.removeNow()
        }
        await kiosk.waitFor("MQTT connected") { $0.mqtt?.connected == true }
        // From the password file to a password in the config: the kiosk reconnects with it.
        _ = await kiosk.run(["config", "unset", "mqtt.password_file"])
        let set = await kiosk.run(["config", "set", "mqtt.password", broker.password])
        #expect(set.exitCode == 0, "\(set.standardError)")
        #expect(set.standardOutput == "mqtt.password = \"********\"\n")
        let change = await kiosk.run(["config", "set", "mqtt.password", broker.password])
        #expect(change.standardOutput == "mqtt.password = \"********\" (was \"********\")\n")
        for verb in [
            ["config", "get", "mqtt.password"], ["config", "get", "mqtt.password", "--json"],
        ] {
            let result = await kiosk.run(verb)
            #expect(result.exitCode == 0)
            #expect(
                !result.standardOutput.contains(broker.password),
                "\(verb): \(result.standardOutput)")
            #expect(result.standardOutput.contains("********"))
        }
        for verb in [
            ["config", "show"], ["config", "show", "--json"], ["status"], ["status", "--json"],
        ] {
            let result = await kiosk.run(verb)
            #expect(!result.standardOutput.contains(broker.password), "\(verb)")
            #expect(!result.standardError.contains(broker.password), "\(verb)")
        }
        #expect(kiosk.directory.read("config.toml")?.contains(broker.password) == true)
        let connected = await kiosk.waitFor("MQTT connected with the password in the config") {
            $0.mqtt?.connected == true && $0.uptimeSeconds > 0
        }
        #expect(connected != nil)
    }
}
