import FoundationEssentials
import KioskControl
import KioskTesting
import Testing

/// The running kiosk announces each favourite's air-quality and UV index to a real broker,
/// retains a value for each, and takes both away with the favourite.
@Suite(.serialized) struct AirQualityOverMQTTTests {
    @Test func aPlacesAQIAndUVComeAndGoWithIt() async throws {
        let broker = try await MosquittoBroker()
        let kiosk = try await KioskOverMQTT.start(broker: broker)
        defer {
            kiosk.stopNow()
            broker.removeNow()
        }
        await kiosk.waitFor("MQTT connected") { $0.mqtt?.connected == true }
        let node = KioskOverMQTT.node
        // Rome has no GeoNames id here: its id is its coordinates.
        let rome = "41_8919n_12_5113e"
        let aqiConfig = "homeassistant/sensor/\(node)/city_\(rome)_aqi/config"
        let uvConfig = "homeassistant/sensor/\(node)/city_\(rome)_uv_index/config"
        var configs = await kiosk.discovery()
        for _ in 0..<150 where configs[aqiConfig] == nil || configs[uvConfig] == nil {
            try await Task.sleep(for: .milliseconds(200))
            configs = await kiosk.discovery()
        }
        let aqi = try #require(configs[aqiConfig], "\(configs.keys.sorted())")
        #expect(aqi["device_class"]?.string == "aqi")
        #expect(aqi["unit_of_measurement"] == nil)
        let uv = try #require(configs[uvConfig])
        #expect(uv["unit_of_measurement"]?.string == "UV index")
        #expect(uv["device_class"] == nil)

        // Both values are retained, so Home Assistant has them the moment it subscribes:
        // numbers once the forecast and the air quality (both from the stand-in) are in.
        let aqiTopic = "\(KioskOverMQTT.topic)/cities/\(rome)/aqi"
        let uvTopic = "\(KioskOverMQTT.topic)/cities/\(rome)/uv_index"
        #expect(aqi["state_topic"]?.string == aqiTopic)
        var values: [String: String] = [:]
        for _ in 0..<300 where values.count < 2 || values.values.contains("None") {
            values = await broker.retained([aqiTopic, uvTopic])
            if values.count < 2 || values.values.contains("None") {
                try await Task.sleep(for: .milliseconds(200))
            }
        }
        for topic in [aqiTopic, uvTopic] {
            let value = try #require(values[topic], "nothing retained on \(topic)")
            #expect(Double(value) != nil, "\(topic): \(value)")
        }

        // Rome removed: its announcements and its values are emptied.
        let twoCities = threeCities.components(separatedBy: "[[cities]]").dropFirst(2)
            .map { "[[cities]]" + $0 }.joined()
        kiosk.writeConfig(mqtt: kiosk.mqttTable, cities: twoCities)
        await kiosk.waitFor("two cities") { $0.cities.count == 2 }
        for _ in 0..<150 where configs[aqiConfig] != nil || configs[uvConfig] != nil {
            try await Task.sleep(for: .milliseconds(200))
            configs = await kiosk.discovery()
        }
        #expect(configs[aqiConfig] == nil && configs[uvConfig] == nil)
        for _ in 0..<50 where !values.isEmpty {
            values = await broker.retained([aqiTopic, uvTopic])
            if !values.isEmpty { try await Task.sleep(for: .milliseconds(200)) }
        }
        #expect(values.isEmpty, "left on the broker: \(values)")
    }
}
