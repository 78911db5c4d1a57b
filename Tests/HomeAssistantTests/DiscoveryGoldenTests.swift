import FoundationEssentials
import Glibc
import HomeAssistant
import KioskCore
import Testing

/// Topic and payload building, pure, against committed JSON (`RECORD_GOLDENS=1` rewrites).
@Suite struct DiscoveryGoldenTests {
    static let goldens = URL(filePath: #filePath).deletingLastPathComponent()
        .appending(path: "Goldens")

    func configuration() -> KioskConfiguration {
        var configuration = KioskConfiguration()
        configuration.board = "raspberry-pi-4"
        configuration.mqtt.url = "mqtts://broker.lan:8883"
        configuration.mqtt.topic = "weather-kiosk/kitchen"
        configuration.units.temperature = .fahrenheit
        configuration.units.pressure = .inchesOfMercury
        configuration.cities = [
            City(
                name: "Reykjavík", coordinate: Coordinate(latitude: 64.13548, longitude: -21.89541),
                geonameID: 3_413_829),
            City(
                name: "São Paulo", coordinate: Coordinate(latitude: -23.5475, longitude: -46.63611)),
        ]
        return configuration
    }

    func golden(_ name: String, _ text: String) throws {
        let url = Self.goldens.appending(path: name)
        if getenv("RECORD_GOLDENS") != nil {
            try Data(text.utf8).write(to: url)
            return
        }
        let expected = try String(decoding: Data(contentsOf: url), as: UTF8.self)
        #expect(text == expected, "\(name) differs; RECORD_GOLDENS=1 rewrites it")
    }

    func render(_ discovery: HomeAssistantDiscovery) -> String {
        discovery.messages.map {
            "\($0.topic)\n\(String(decoding: $0.payload.bytes, as: UTF8.self))\n"
        }
        .joined()
    }

    @Test func aBME280KioskAnnouncesEverything() throws {
        let configuration = configuration()
        let topics = HomeAssistantTopics(configuration.mqtt, hostName: "kitchen")
        let discovery = HomeAssistantDiscovery(
            configuration, topics: topics,
            facts: .init(chip: .bme280, hasSeaLevelPressure: true, hostName: "kitchen"))
        try golden("discovery-bme280.txt", render(discovery))
    }

    @Test func aBMP280HasNoHumidityOrDewPoint() {
        let configuration = configuration()
        let topics = HomeAssistantTopics(configuration.mqtt, hostName: "kitchen")
        let discovery = HomeAssistantDiscovery(
            configuration, topics: topics,
            facts: .init(chip: .bmp280, hasSeaLevelPressure: false, hostName: "kitchen"))
        let objects = discovery.messages.map { $0.topic.split(separator: "/")[3] }
        #expect(!objects.contains("indoor_humidity"))
        #expect(!objects.contains("dew_point"))
        #expect(!objects.contains("sea_level_pressure"))
        #expect(objects.contains("indoor_temperature"))
        #expect(objects.contains("indoor_pressure"))
    }

    @Test func commandsMapToTheEnginesDoor() {
        let configuration = configuration()
        let topics = HomeAssistantTopics(configuration.mqtt, hostName: "kitchen")
        func command(_ what: String, _ payload: String) -> KioskCommand? {
            HomeAssistantState.command(
                topic: what == "command" ? topics.command : topics.set(what), payload: payload,
                topics: topics, configuration: configuration)
        }
        #expect(command("city", "sao paulo") == .action(.showCity(1)))
        #expect(command("city", "Reykjavík") == .action(.showCity(0)))
        #expect(command("city", "Atlantis") == nil)
        #expect(command("page", "hourly") == .action(.showPage(.hourly)))
        #expect(command("power", "dim") == .action(.setPower(.dim)))
        #expect(command("command", "next") == .action(.nextCity))
        #expect(command("command", "previous") == .action(.previousCity))
        #expect(command("command", "refresh") == .action(.refresh))
        #expect(command("command", "explode") == nil)
    }
}

/// The state message before the first reading: Home Assistant's templates read
/// `value_json.indoor.temperature` and must find None there, not a `null` to look into (five
/// template warnings at every kiosk start once).
@Suite struct StatePayloadTests {
    @Test func withoutAReadingTheIndoorObjectHasNullFields() {
        let page = PageModel(
            page: .city, now: Date(timeIntervalSince1970: 1_795_000_000),
            kioskUTCOffsetSeconds: 0, language: .en)
        let snapshot = KioskSnapshot(
            frame: 1, slide: Slide(.page(.city), cityIndex: nil), step: 0, page: page,
            power: .on, notices: [], reading: nil, sensorError: nil, forecastFetchedAt: nil,
            forecastStale: false, forecastError: nil, configProblems: [])
        let text = String(decoding: HomeAssistantState.payload(snapshot).bytes, as: UTF8.self)
        #expect(
            text.contains(
                #""indoor":{"dew_point":null,"humidity":null,"pressure":null,"sea_level_pressure":null,"temperature":null}"#
            ), "\(text)")
    }
}
