import FoundationEssentials
import KioskControl
import KioskTesting
import Testing

/// Each favourite's pressure reaches Home Assistant at sea level, as weather reports give
/// it, and is called so: Kathmandu, 1,300 m up, reads about 1013 hPa, not the 860 hPa at its
/// ground.
@Suite(.serialized) struct SeaLevelPressureOverMQTTTests {
    static let kathmandu = """
        [[cities]]
        name = "Kathmandu"
        country = "Nepal"
        latitude = 27.70169
        longitude = 85.3206
        geoname_id = 1283240

        """

    @Test func aHighCitysPressureIsAtSeaLevelAndSaysSo() async throws {
        let broker = try await MosquittoBroker()
        let kiosk = try await KioskOverMQTT.start(broker: broker, cities: Self.kathmandu)
        defer {
            kiosk.stopNow()
            broker.removeNow()
        }
        await kiosk.waitFor("MQTT connected and a forecast") {
            $0.mqtt?.connected == true && $0.forecast.fetchedAt != nil
        }
        let node = KioskOverMQTT.node
        let configs = await kiosk.discovery()
        let sensor = try #require(
            configs["homeassistant/sensor/\(node)/city_g1283240_sea_level_pressure/config"],
            "\(configs.keys.sorted())")
        #expect(sensor["name"]?.string == "Kathmandu sea-level pressure")
        #expect(sensor["device_class"]?.string == "atmospheric_pressure")
        #expect(sensor["unit_of_measurement"]?.string == "hPa")
        let topic = "\(KioskOverMQTT.topic)/cities/g1283240/sea_level_pressure"
        #expect(sensor["state_topic"]?.string == topic)

        // The value is retained: Home Assistant has it the moment it subscribes.
        var value: Double?
        for _ in 0..<50 {
            value = await broker.retained([topic])[topic].flatMap(Double.init)
            if value != nil { break }
            try await Task.sleep(for: .milliseconds(200))
        }
        let hectopascals = try #require(value, "no sea-level pressure on \(topic)")
        #expect((990...1036).contains(hectopascals), "\(hectopascals) hPa is not at sea level")
    }
}
