import KioskTesting
import Testing

/// `doctor`'s MQTT line and the `mqtt` verbs, through the binary against a real broker.
@Suite(.serialized) struct MQTTVerbTests {
    func config(_ broker: MosquittoBroker, _ directory: TemporaryDirectory, password: String)
        -> String
    {
        directory.write("mqtt.password", password + "\n", mode: 0o644)
        directory.write(
            "config.toml",
            """
            state_dir = "\(directory.file("state"))"
            [sensor]
            kind = "simulated"
            [mqtt]
            url = "\(broker.url)"
            username = "\(broker.user)"
            password_file = "\(directory.file("mqtt.password"))"
            topic = "weather-kiosk/verbs"

            [[cities]]
            name = "Rome"
            latitude = 41.89
            longitude = 12.51

            """)
        return directory.file("config.toml")
    }

    @Test func doctorConnectsOnceAndWarnsAboutAReadablePasswordFile() async throws {
        let broker = try await MosquittoBroker()
        let directory = TemporaryDirectory()
        defer {
            directory.remove()
            broker.removeNow()
        }
        let path = config(broker, directory, password: broker.password)
        let good = await KioskBinary.run(["doctor", "--json", "--config", path])
        #expect(
            good.standardOutput.contains(
                "Connected to \(broker.url) as kiosk; Home Assistant finds the kiosk as weather_kiosk_verbs."
            ), "\(good.standardOutput)")
        #expect(good.standardOutput.contains("is readable by every user (mode 644); chmod 600 it."))
        _ = config(broker, directory, password: "wrong")
        let bad = await KioskBinary.run(["doctor", "--config", path])
        #expect(bad.exitCode == 1)
        #expect(
            bad.standardOutput.contains("did not accept user \"kiosk\""), "\(bad.standardOutput)")
    }

    @Test func publishDiscoveryThenForget() async throws {
        let broker = try await MosquittoBroker()
        let directory = TemporaryDirectory()
        defer {
            directory.remove()
            broker.removeNow()
        }
        let path = config(broker, directory, password: broker.password)
        let filter = "homeassistant/+/weather_kiosk_verbs/+/config"
        let announced = await KioskBinary.run(["mqtt", "publish-discovery", "--config", path])
        #expect(announced.exitCode == 0, "\(announced.standardError)")
        // 5 indoor sensors less the sea-level pressure (no elevation), 1 city's temperature
        // sea-level pressure, weather warning, air-quality index and UV index, 3 selects,
        // 3 buttons.
        #expect(await broker.retained([filter]).count == 15)
        let forgotten = await KioskBinary.run(["mqtt", "forget", "--config", path])
        #expect(forgotten.exitCode == 0, "\(forgotten.standardError)")
        let left = await broker.retained([filter])
        #expect(left.isEmpty, "\(forgotten.standardOutput) left: \(left.keys.sorted())")
        let help = await KioskBinary.run(["mqtt", "forget", "--help"])
        #expect(help.standardOutput.contains("Remove the kiosk's retained announcements"))
    }
}
