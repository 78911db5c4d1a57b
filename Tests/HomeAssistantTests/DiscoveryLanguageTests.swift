import HomeAssistant
import KioskCore
import Testing

/// Issue 33: the entities are named in the kiosk's language when it announces them, and a
/// change of language renames them: the same discovery topics, unique ids and suggested
/// entity ids in every language, so Home Assistant keeps its entities and their history.
@Suite struct DiscoveryLanguageTests {
    static func discovery(_ language: Language) -> HomeAssistantDiscovery {
        var configuration = KioskConfiguration()
        configuration.mqtt.url = "mqtt://broker.lan:1883"
        configuration.warnings.enabled = true
        configuration.cities = [
            City(
                name: "Rome", country: "Italy",
                coordinate: Coordinate(latitude: 41.89193, longitude: 12.51133))
        ]
        configuration.sensors = [
            SensorEntry(model: .scd4x, role: .indoor, name: "Living room", bus: 1, address: 0x62)
        ]
        let topics = HomeAssistantTopics(configuration.mqtt, hostName: "kitchen")
        return HomeAssistantDiscovery(
            configuration, topics: topics,
            facts: .init(
                chip: .bme280, hasSeaLevelPressure: true, hostName: "kitchen", language: language))
    }

    /// Each announcement's topic with its payload's name, unique id and suggested id.
    static func entities(_ discovery: HomeAssistantDiscovery) -> [String: [String: String]] {
        var entities: [String: [String: String]] = [:]
        for message in discovery.messages {
            guard case .object(let payload) = message.payload else { continue }
            var fields: [String: String] = [:]
            for key in ["name", "unique_id", "default_entity_id"] {
                if case .string(let text)? = payload[key] { fields[key] = text }
            }
            entities[message.topic] = fields
        }
        return entities
    }

    @Test func entitiesAreNamedInTheKiosksLanguage() {
        let names = Set(Self.entities(Self.discovery(.it)).values.compactMap { $0["name"] })
        for name in [
            "Temperatura interna", "Umidità interna", "Punto di rugiada", "Rome temperatura",
            "Rome allerta meteo", "Città mostrata", "Living room anidride carbonica",
        ] {
            #expect(names.contains(name), "\(names.sorted())")
        }
        let german = Set(Self.entities(Self.discovery(.de)).values.compactMap { $0["name"] })
        #expect(german.contains("Innentemperatur"), "\(german.sorted())")
        let english = Set(Self.entities(Self.discovery(.en)).values.compactMap { $0["name"] })
        #expect(english.contains("Indoor temperature"))
        #expect(english.contains("Rome weather warning"))
    }

    @Test(arguments: [Language.de, .fr, .it, .es])
    func aChangeOfLanguageRenamesButNeverDuplicates(language: Language) {
        let english = Self.entities(Self.discovery(.en))
        let other = Self.entities(Self.discovery(language))
        #expect(Set(other.keys) == Set(english.keys), "the same discovery topics")
        for (topic, fields) in english {
            #expect(other[topic]?["unique_id"] == fields["unique_id"], "\(topic)")
            #expect(
                other[topic]?["default_entity_id"] == fields["default_entity_id"],
                "\(topic): the suggested id is made from the English name")
        }
        let renamed = english.filter { other[$0.key]?["name"] != $0.value["name"] }
        #expect(renamed.count == english.count, "every entity's name is translated")
    }
}
