public import KioskCore

/// The kiosk's names at the broker: its node id (the stem of every `unique_id`), its own
/// topics, and where Home Assistant's discovery lives. Stable per kiosk: made from the host
/// name (or `mqtt.topic` / `mqtt.client_id` when set), never from anything that changes.
public struct HomeAssistantTopics: Sendable, Hashable {
    /// Home Assistant's discovery prefix.
    public var discoveryPrefix: String
    /// The kiosk's own topic, `weather-kiosk/<host>`.
    public var base: String
    /// The node id: `weather_kiosk_<host>`, letters, digits and underscores.
    public var node: String
    /// What the node is made from, as written: the host name, or `mqtt.topic` without its
    /// `weather-kiosk/` ("kitchen"). The device is named after it, so that the entity ids
    /// Home Assistant derives from the device's name are the ones the kiosk suggests.
    public var name: String
    /// The client id at the broker.
    public var clientID: String

    /// The names for `settings` on host `hostName`.
    public init(_ settings: MQTTSettings, hostName: String) {
        let host = hostName.isEmpty ? "kiosk" : hostName
        discoveryPrefix = settings.discoveryPrefix
        base = settings.topic ?? "weather-kiosk/\(host)"
        let named = settings.topic.map {
            $0.hasPrefix("weather-kiosk/") ? String($0.dropFirst("weather-kiosk/".count)) : $0
        }
        name = named ?? host
        node = "weather_kiosk_" + Self.slug(name)
        clientID = settings.clientID ?? "weather-kiosk-\(host)"
    }

    /// `online` / `offline` (the Last Will), retained.
    public var availability: String { "\(base)/availability" }
    /// The kiosk's state as one JSON object.
    public var state: String { "\(base)/state" }
    /// The current temperature of one favourite.
    public func cityTemperature(_ id: String) -> String { "\(base)/cities/\(id)/temperature" }
    /// The current sea-level pressure of one favourite.
    public func citySeaLevelPressure(_ id: String) -> String {
        "\(base)/cities/\(id)/sea_level_pressure"
    }
    /// The air-quality index now at one favourite, on its scale (`units.aqi`).
    public func cityAirQualityIndex(_ id: String) -> String { "\(base)/cities/\(id)/aqi" }
    /// The UV index now at one favourite.
    public func cityUVIndex(_ id: String) -> String { "\(base)/cities/\(id)/uv_index" }
    /// Every value of every favourite, for finding old ones.
    public var cityValuesFilter: String { "\(base)/cities/+/+" }
    /// Commands: `<base>/city/set`, `<base>/page/set`, `<base>/power/set`.
    public func set(_ what: String) -> String { "\(base)/\(what)/set" }
    /// Button presses: `next`, `previous`, `refresh`.
    public var command: String { "\(base)/command" }
    /// Home Assistant's birth and will: `online` means "announce again".
    public var homeAssistantStatus: String { "\(discoveryPrefix)/status" }
    /// Every discovery topic of this node, for finding old announcements.
    public var ownDiscoveryFilter: String { "\(discoveryPrefix)/+/\(node)/+/config" }
    /// The topics the kiosk listens to.
    public var subscriptions: [String] {
        [set("+"), command, homeAssistantStatus, ownDiscoveryFilter]
    }

    /// The discovery topic of one entity.
    public func discovery(_ component: String, _ object: String) -> String {
        "\(discoveryPrefix)/\(component)/\(node)/\(object)/config"
    }

    /// Lower-case letters, digits and underscores: "Kitchen Pi-4" → "kitchen_pi_4".
    public static func slug(_ text: String) -> String {
        var slug = ""
        for scalar in text.lowercased().unicodeScalars {
            let folded = Transliteration.ascii(String(scalar)).lowercased()
            for character in folded.unicodeScalars {
                if ("a"..."z").contains(character) || ("0"..."9").contains(character) {
                    slug.unicodeScalars.append(character)
                } else if !slug.isEmpty, !slug.hasSuffix("_") {
                    slug += "_"
                }
            }
        }
        while slug.hasSuffix("_") { slug.removeLast() }
        return slug.isEmpty ? "x" : slug
    }

    /// A favourite's id in topics and unique ids: `PlaceNames.stableID`, its GeoNames id
    /// when it has one (stable when renamed), else its coordinates.
    public static func cityID(_ city: City) -> String {
        PlaceNames.stableID(of: city)
    }
}
