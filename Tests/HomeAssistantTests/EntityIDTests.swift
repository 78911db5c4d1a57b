import FoundationEssentials
import HomeAssistant
import KioskCore
import Testing

/// The entity ids Home Assistant makes from the discovery payload are the ones the dashboard
/// card in docs/home-assistant.md uses: `default_entity_id` for Home Assistant 2025.10 and
/// later, and the same id from the device's and the entity's names for the versions before,
/// which derive it as `slugify("<device name> <entity name>")`.
@Suite struct EntityIDTests {
    static let homeAssistantPage = URL(filePath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "docs/home-assistant.md")

    /// Home Assistant's `slugify` for ASCII text (python-slugify with "_"): lower case,
    /// every run of other characters one underscore, none at the ends.
    static func homeAssistantSlug(_ text: String) -> String {
        var slug = ""
        var pendingSeparator = false
        for scalar in text.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                if pendingSeparator, !slug.isEmpty { slug += "_" }
                pendingSeparator = false
                slug.unicodeScalars.append(scalar)
            } else {
                pendingSeparator = true
            }
        }
        return slug
    }

    static func discovery(hostName: String, topic: String?) -> HomeAssistantDiscovery {
        var configuration = KioskConfiguration()
        configuration.mqtt.url = "mqtt://broker.lan:1883"
        configuration.mqtt.topic = topic
        configuration.cities = [
            City(
                name: "Rome", country: "Italy", admin1: "Lazio",
                coordinate: Coordinate(latitude: 41.89193, longitude: 12.51133),
                geonameID: 3_169_070),
            City(
                name: "Rome", country: "United States", admin1: "Georgia",
                coordinate: Coordinate(latitude: 34.25704, longitude: -85.16467),
                geonameID: 4_219_762),
        ]
        let topics = HomeAssistantTopics(configuration.mqtt, hostName: hostName)
        return HomeAssistantDiscovery(
            configuration, topics: topics,
            facts: .init(chip: .bme280, hasSeaLevelPressure: true, hostName: hostName))
    }

    static func string(_ value: JSONValue?) -> String? {
        if case .string(let text)? = value { return text }
        return nil
    }

    @Test(arguments: [
        ("kitchen", nil), ("raspberrypi", "weather-kiosk/kitchen"), ("pi-4", "home/hall"),
    ])
    func everyVersionOfHomeAssistantMakesTheSuggestedID(hostName: String, topic: String?) throws {
        let discovery = Self.discovery(hostName: hostName, topic: topic)
        var ids: Set<String> = []
        for message in discovery.messages {
            guard case .object(let payload) = message.payload else {
                Issue.record("\(message.topic) is no object")
                continue
            }
            let component = String(message.topic.split(separator: "/")[1])
            let suggested = try #require(Self.string(payload["default_entity_id"]))
            let name = try #require(Self.string(payload["name"]))
            guard case .object(let device)? = payload["device"] else {
                Issue.record("\(message.topic) has no device")
                continue
            }
            let deviceName = try #require(Self.string(device["name"]))
            let derived = component + "." + Self.homeAssistantSlug(deviceName + " " + name)
            #expect(suggested == derived, "\(message.topic)")
            ids.insert(suggested)
        }
        #expect(ids.count == discovery.messages.count, "the ids are unique")
        #expect(
            ids.contains("select.weather_kiosk_kitchen_city_shown")
                == (hostName == "kitchen" || topic == "weather-kiosk/kitchen"))
    }

    @Test func theDocsDashboardCardUsesIDsTheKioskMakes() throws {
        let text = try String(decoding: Data(contentsOf: Self.homeAssistantPage), as: UTF8.self)
        let card = try #require(
            text.components(separatedBy: "\n## A dashboard card\n").dropFirst().first?
                .components(separatedBy: "\n## ").first)
        let used = card.split(whereSeparator: { " \n:{}`,".contains($0) }).map(String.init)
            .filter { $0.contains(".weather_kiosk_") }
        #expect(used.count >= 9, "\(used)")
        let made = Set(
            Self.discovery(hostName: "raspberrypi", topic: "weather-kiosk/kitchen").messages
                .compactMap { message -> String? in
                    guard case .object(let payload) = message.payload else { return nil }
                    return Self.string(payload["default_entity_id"])
                })
        for id in used {
            #expect(
                made.contains(id),
                "docs/home-assistant.md's \(id) is not an entity the kiosk makes: \(made.sorted())")
        }
    }
}
