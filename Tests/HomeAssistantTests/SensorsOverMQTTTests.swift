import FoundationEssentials
import KioskControl
import KioskTesting
import Testing

/// Each `[[sensors]]` entry's values reach Home Assistant as entities named after the
/// sensor, through a real mosquitto: a simulated SCD41 indoors and a DS18B20 outdoors.
@Suite(.serialized) struct SensorsOverMQTTTests {
    @Test func eachSensorIsAnnouncedAndItsValuesSent() async throws {
        let broker = try await MosquittoBroker()
        let kiosk = try await KioskOverMQTT.start(
            broker: broker, cities: threeCities + SensorConfigs.indoorCO2AndOutdoor)
        defer {
            kiosk.stopNow()
            broker.removeNow()
        }
        await kiosk.waitFor("MQTT connected and both sensors read") { status in
            status.mqtt?.connected == true
                && (status.sensors ?? []).filter { $0.values != nil }.count == 2
        }
        let node = KioskOverMQTT.node
        let configs = await kiosk.discovery()
        let co2 = try #require(
            configs["homeassistant/sensor/\(node)/sensor_living_room_carbon_dioxide/config"],
            "\(configs.keys.sorted())")
        #expect(co2["name"]?.string == "Living room carbon dioxide")
        #expect(co2["device_class"]?.string == "carbon_dioxide")
        #expect(co2["unit_of_measurement"]?.string == "ppm")
        #expect(
            co2["value_template"]?.string == "{{ value_json.sensors.living_room.carbon_dioxide }}")
        let outdoor = try #require(
            configs["homeassistant/sensor/\(node)/sensor_balcony_temperature/config"])
        #expect(outdoor["name"]?.string == "Balcony temperature")
        #expect(outdoor["device_class"]?.string == "temperature")
        // A DS18B20 measures nothing else.
        #expect(configs["homeassistant/sensor/\(node)/sensor_balcony_humidity/config"] == nil)

        let subscriber = broker.subscribe(["\(KioskOverMQTT.topic)/state"], seconds: 20, count: 1)
        let received = await subscriber.finish(timeout: 30)
        let line =
            received.standardOutput.split(separator: " ", maxSplits: 1).last.map(String.init) ?? ""
        let state = try JSONDecoder().decode([String: JSONAny].self, from: Data(line.utf8))
        let sensors = state["sensors"]?.object
        let ppm = try #require(sensors?["living_room"]?.object?["carbon_dioxide"]?.number)
        #expect(ppm > 300 && ppm < 3000)
        #expect(sensors?["living_room"]?.object?["humidity"]?.number != nil)
        #expect(sensors?["balcony"]?.object?["temperature"]?.number != nil)
    }
}
