import HomeAssistant
import KioskCore
import Testing

/// Before the first reading the kiosk does not know whether its sensor measures humidity
/// (a BMP280 answers where a BME280 is configured): the humidity, dew-point and sea-level
/// pressure entities are then undecided, neither announced nor removed, so that a restart
/// keeps them in Home Assistant (a real Home Assistant saw them removed and added again with
/// new ids after a restart in Italian).
@Suite struct UndecidedEntityTests {
    static func discovery(chip: SensorChip?, sensor: SensorKind = .bme280)
        -> (HomeAssistantDiscovery, HomeAssistantTopics)
    {
        var configuration = KioskConfiguration()
        configuration.mqtt.url = "mqtt://broker.lan:1883"
        configuration.sensor.kind = sensor
        let topics = HomeAssistantTopics(configuration.mqtt, hostName: "kitchen")
        let discovery = HomeAssistantDiscovery(
            configuration, topics: topics,
            facts: .init(
                chip: chip, hasSeaLevelPressure: chip != nil, hostName: "kitchen",
                language: .en))
        return (discovery, topics)
    }

    @Test func beforeTheFirstReadingHumidityDewPointAndSeaLevelPressureWait() {
        let (waiting, topics) = Self.discovery(chip: nil)
        let expected = Set(
            ["indoor_humidity", "dew_point", "sea_level_pressure"].map {
                topics.discovery("sensor", $0)
            })
        #expect(waiting.undecided == expected)
        #expect(waiting.topics.isDisjoint(with: expected))
        #expect(waiting.topics.contains(topics.discovery("sensor", "indoor_temperature")))
    }

    @Test func aReadingDecides() {
        let (bme280, topics) = Self.discovery(chip: .bme280)
        #expect(bme280.undecided.isEmpty)
        #expect(bme280.topics.contains(topics.discovery("sensor", "indoor_humidity")))
        let (bmp280, _) = Self.discovery(chip: .bmp280)
        #expect(bmp280.undecided.isEmpty)
        #expect(!bmp280.topics.contains(topics.discovery("sensor", "indoor_humidity")))
    }

    @Test func withoutASensorNothingWaits() {
        let (none, _) = Self.discovery(chip: nil, sensor: .none)
        #expect(none.undecided.isEmpty)
    }
}
