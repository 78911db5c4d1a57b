import FoundationEssentials
import KioskControl
import KioskTesting
import Testing

/// Rome in Italy and Rome in Georgia as favourites, on the built binary against a real
/// mosquitto: Home Assistant's "City shown" select lists each once, named so they differ,
/// each option picks its own place, and the state names the place shown with a stable id.
@Suite(.serialized) struct SameNameOverMQTTTests {
    static let twoRomes = """
        [[cities]]
        name = "Rome"
        country = "Italy"
        admin1 = "Lazio"
        latitude = 41.89193
        longitude = 12.51133
        geoname_id = 3169070

        [[cities]]
        name = "Rome"
        country = "United States"
        admin1 = "Georgia"
        latitude = 34.25704
        longitude = -85.16467
        geoname_id = 4219762

        [[cities]]
        name = "Reykjavík"
        latitude = 64.13548
        longitude = -21.89541

        """

    @Test func eachRomeIsAnOptionOfItsOwnAndPicksItsOwnPlace() async throws {
        let broker = try await MosquittoBroker()
        let kiosk = try await KioskOverMQTT.start(broker: broker, cities: Self.twoRomes)
        defer {
            kiosk.stopNow()
            broker.removeNow()
        }
        // The state again every 10 s, changed or not: `nextState()` gets one within that.
        kiosk.writeConfig(
            mqtt: kiosk.mqttTable + "publish_interval_seconds = 10\n", cities: Self.twoRomes)
        await kiosk.waitFor("MQTT connected") { $0.mqtt?.connected == true }
        let node = KioskOverMQTT.node
        let configs = await kiosk.discovery()
        #expect(
            configs["homeassistant/select/\(node)/city/config"]?["options"]
                == .array([.string("Rome, Lazio"), .string("Rome, Georgia"), .string("Reykjavík")]))
        let lazio = configs["homeassistant/sensor/\(node)/city_g3169070_temperature/config"]
        let georgia = configs["homeassistant/sensor/\(node)/city_g4219762_temperature/config"]
        #expect(lazio?["name"]?.string == "Rome, Lazio temperature")
        #expect(georgia?["name"]?.string == "Rome, Georgia temperature")
        // A place without a GeoNames id has its coordinates as its id.
        #expect(
            configs["homeassistant/sensor/\(node)/city_64_1355n_21_8954w_temperature/config"]
                != nil, "\(configs.keys.sorted())")

        let base = KioskOverMQTT.topic
        /// The next state message.
        func nextState() async -> [String: JSONAny]? {
            let subscriber = broker.subscribe(["\(base)/state"], seconds: 30, count: 1)
            let received = await subscriber.finish(timeout: 40)
            let payload = received.standardOutput.split(separator: " ", maxSplits: 1).last
            return payload.flatMap {
                try? JSONDecoder().decode([String: JSONAny].self, from: Data($0.utf8))
            }
        }
        await broker.publish("\(base)/city/set", "Rome, Georgia")
        await kiosk.waitFor("Rome, Georgia shown") {
            $0.showing.city == "Rome, Georgia" && $0.showing.cityNumber == 2
        }
        var state = await nextState()
        #expect(state?["city"]?.string == "Rome, Georgia")
        #expect(state?["city_id"]?.string == "g4219762")

        await broker.publish("\(base)/city/set", "Rome, Lazio")
        await kiosk.waitFor("Rome, Lazio shown") {
            $0.showing.city == "Rome, Lazio" && $0.showing.cityNumber == 1
        }
        state = await nextState()
        #expect(state?["city"]?.string == "Rome, Lazio")
        #expect(state?["city_id"]?.string == "g3169070")

        // A bare shared name is no option and picks neither; the page command after it shows
        // that it was read and passed over.
        await broker.publish("\(base)/city/set", "Rome")
        await broker.publish("\(base)/page/set", "hourly")
        let after = await kiosk.waitFor("the hourly page") { $0.showing.page == "hourly" }
        #expect(after?.showing.cityNumber == 1)
    }
}
