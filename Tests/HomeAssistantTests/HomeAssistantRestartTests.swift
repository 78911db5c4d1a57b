import FoundationEssentials
import Glibc
import KioskTesting
import Testing

/// Home Assistant coming and going while the kiosk runs (the built binary, a real
/// mosquitto): what a Home Assistant that starts later reads at once, and what its `online`
/// brings back after `mqtt forget`.
@Suite(.serialized) struct HomeAssistantRestartTests {
    /// A Home Assistant that subscribes after the kiosk started gets the state at once (it
    /// is retained), with an `indoor` object its templates can read even before a reading.
    @Test func aLateHomeAssistantReadsTheStateAtOnce() async throws {
        try await KioskOverMQTT.with(reading: false) { _, broker in
            try await Self.checkRetainedState(broker)
        }
    }

    static func checkRetainedState(_ broker: MosquittoBroker) async throws {
        let state = "\(KioskOverMQTT.topic)/state"
        var retained: [String: String] = [:]
        for _ in 0..<50 where retained[state] == nil {
            retained = await broker.retained([state], only: true)
        }
        let payload = try #require(retained[state], "no retained state")
        let object = try JSONDecoder().decode([String: JSONAny].self, from: Data(payload.utf8))
        let indoor = try #require(object["indoor"]?.object, "indoor is an object: \(payload)")
        #expect(
            Set(indoor.keys)
                == ["temperature", "humidity", "pressure", "sea_level_pressure", "dew_point"])
        #expect(object["city"]?.string != nil && object["page"]?.string != nil)
        #expect(object["power"]?.string == "on")
    }

    /// `mqtt forget` on a running kiosk removes its availability too; Home Assistant's next
    /// `online` brings back the announcements and `online`, or every entity would stay
    /// unavailable.
    @Test func homeAssistantsOnlineAfterForgetBringsBackAvailability() async throws {
        try await KioskOverMQTT.with { kiosk, broker in
            try await Self.forgetThenOnline(kiosk, broker)
        }
    }

    static func forgetThenOnline(_ kiosk: KioskOverMQTT, _ broker: MosquittoBroker) async throws {
        let availability = "\(KioskOverMQTT.topic)/availability"
        let forgotten = await kiosk.run(["mqtt", "forget"])
        #expect(forgotten.exitCode == 0, "\(forgotten.standardError)")
        #expect(await broker.retained([availability])[availability] == nil)
        #expect(await kiosk.discovery().isEmpty)
        await broker.publish("homeassistant/status", "online")
        var back: [String: String] = [:]
        for _ in 0..<30 where back[availability] != "online" {
            back = await broker.retained([availability])
        }
        #expect(back[availability] == "online", "every entity would stay unavailable")
        #expect(await kiosk.discovery().count == 25)
    }
}
