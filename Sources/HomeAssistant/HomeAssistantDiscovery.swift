public import KioskCore

/// What the kiosk announces to Home Assistant: one device, its sensors, selects and
/// buttons, each a retained config message under the discovery prefix. Pure: built from the
/// config and what the kiosk knows (which chip, whether the sea-level pressure is known).
public struct HomeAssistantDiscovery: Sendable, Hashable {
    /// One announcement: a discovery topic and its config payload.
    public struct Message: Sendable, Hashable {
        /// `<prefix>/<component>/<node>/<object>/config`.
        public var topic: String
        /// The entity's config.
        public var payload: JSONValue
    }

    /// What the announcements depend on besides the config.
    public struct Facts: Sendable, Hashable {
        /// The chip that answered; nil before the first reading (only temperature and
        /// pressure are announced then: a BMP280 has no humidity).
        public var chip: SensorChip?
        /// Whether the sea-level pressure can be worked out (the elevation is known).
        public var hasSeaLevelPressure: Bool
        /// The host name, for the device's model line ("weather-kiosk (raspberry-pi-4) on
        /// kitchen-pi"); the device's name follows the node (`deviceName`).
        public var hostName: String
        /// The language the entities are named in ("Temperatura interna"); their unique ids
        /// and the entity ids the kiosk suggests are the same in every language, so that a
        /// change of language renames the entities rather than adding new ones.
        public var language: Language

        /// Creates facts.
        public init(
            chip: SensorChip?, hasSeaLevelPressure: Bool, hostName: String,
            language: Language = .en
        ) {
            self.chip = chip
            self.hasSeaLevelPressure = hasSeaLevelPressure
            self.hostName = hostName
            self.language = language
        }
    }

    /// The announcements, in a stable order.
    public var messages: [Message]

    /// The topics of the indoor entities that wait for the first reading to say whether
    /// they exist (humidity and dew point come with the chip, the sea-level pressure with a
    /// reading): kept as they are until then, neither announced nor removed, so that a
    /// restart does not remove them from Home Assistant and add them again (an entity
    /// added again loses what its owner set on it, and Home Assistant before 2025.10 gives
    /// it an id made from its name in the language of the day).
    public var undecided: Set<String>

    /// The announcements for `configuration`.
    public init(_ configuration: KioskConfiguration, topics: HomeAssistantTopics, facts: Facts) {
        var builder = Builder(configuration: configuration, topics: topics, facts: facts)
        builder.build()
        messages = builder.messages
        let waiting =
            configuration.sensor.kind != .none && facts.chip == nil
            ? ["indoor_humidity", "dew_point", "sea_level_pressure"].map {
                topics.discovery("sensor", $0)
            } : []
        undecided = Set(waiting).subtracting(messages.map(\.topic))
    }

    /// The discovery topics announced.
    public var topics: Set<String> { Set(messages.map(\.topic)) }

    /// The device's name: "Weather kiosk kitchen", after what the node is made from.
    public static func deviceName(_ topics: HomeAssistantTopics) -> String {
        "Weather kiosk \(topics.name)"
    }

    /// The entity id the kiosk suggests for an entity named `name`:
    /// `<component>.<node>_<name>` ("select.weather_kiosk_kitchen_city_shown"). Home
    /// Assistant 2025.10 and later take it from `default_entity_id`; earlier ones make the
    /// same id from the device's and the entity's names (`deviceName`), the node being the
    /// device's name in the same spelling. Either way only when the entity is first added.
    public static func entityID(_ component: String, name: String, topics: HomeAssistantTopics)
        -> String
    {
        "\(component).\(topics.node)_\(HomeAssistantTopics.slug(name))"
    }

    /// How long Home Assistant keeps an indoor value without a new state message, seconds:
    /// three of the longest gaps between state messages.
    public static func expireAfter(_ configuration: KioskConfiguration) -> Int {
        3 * max(configuration.sensor.intervalSeconds, configuration.mqtt.publishIntervalSeconds)
    }

    private struct Builder {
        let configuration: KioskConfiguration
        let topics: HomeAssistantTopics
        let facts: Facts
        var messages: [Message] = []

        mutating func build() {
            let units = configuration.units
            let temperature = JSONValue.string(units.temperature.symbol)
            let pressure = JSONValue.string(units.pressure.symbol)
            // TRANSLATORS: the names of the kiosk's entities in Home Assistant, shown
            // after the device's name ("Weather kiosk kitchen Indoor temperature").
            if configuration.sensor.kind != .none {
                indoor(
                    "indoor_temperature",
                    LocalizedMessage("Indoor temperature", context: "Home Assistant entity"),
                    "temperature", temperature)
                if facts.chip?.measuresHumidity == true {
                    indoor(
                        "indoor_humidity",
                        LocalizedMessage("Indoor humidity", context: "Home Assistant entity"),
                        "humidity", .string("%"))
                }
                indoor(
                    "indoor_pressure",
                    LocalizedMessage("Station pressure", context: "Home Assistant entity"),
                    "pressure", pressure)
                if facts.hasSeaLevelPressure {
                    indoor(
                        "sea_level_pressure",
                        LocalizedMessage("Sea-level pressure", context: "Home Assistant entity"),
                        "sea_level_pressure", pressure)
                }
                if facts.chip?.measuresHumidity == true {
                    indoor(
                        "dew_point",
                        LocalizedMessage("Dew point", context: "Home Assistant entity"),
                        "dew_point", temperature)
                }
            }
            for entry in configuration.sensors {
                let slug = HomeAssistantTopics.slug(entry.name)
                for quantity in HomeAssistantSensors.quantities(of: entry.model) {
                    add(
                        "sensor", "sensor_\(slug)_\(quantity.key)",
                        name: HomeAssistantSensors.entityName(quantity, sensor: entry.name),
                        [
                            "device_class": .string(quantity.deviceClass),
                            "unit_of_measurement": .string(
                                HomeAssistantSensors.unit(quantity, units)),
                            "state_class": .string("measurement"),
                            "state_topic": .string(topics.state),
                            "value_template": .string(
                                "{{ value_json.sensors.\(slug).\(quantity.key) }}"),
                            "expire_after": .integer(
                                HomeAssistantDiscovery.expireAfter(configuration)),
                        ])
                }
            }
            let names = PlaceNames.displayNames(of: configuration.cities)
            for (city, shown) in zip(configuration.cities, names) {
                let id = HomeAssistantTopics.cityID(city)
                add(
                    "sensor", "city_\(id)_temperature",
                    name: LocalizedMessage(
                        "{city} temperature", context: "Home Assistant entity", ["city": shown]),
                    [
                        "device_class": .string("temperature"),
                        "unit_of_measurement": temperature,
                        "state_class": .string("measurement"),
                        "state_topic": .string(topics.cityTemperature(id)),
                    ])
                add(
                    "sensor", "city_\(id)_sea_level_pressure",
                    name: LocalizedMessage(
                        "{city} sea-level pressure", context: "Home Assistant entity",
                        ["city": shown]),
                    [
                        "device_class": .string("atmospheric_pressure"),
                        "unit_of_measurement": pressure,
                        "state_class": .string("measurement"),
                        "state_topic": .string(topics.citySeaLevelPressure(id)),
                    ])
                // The air-quality index has a device class and no unit; the UV index has
                // neither a class nor a unit Home Assistant converts, "UV index" as its own
                // integrations write it.
                add(
                    "sensor", "city_\(id)_aqi",
                    name: LocalizedMessage(
                        "{city} air quality index", context: "Home Assistant entity",
                        ["city": shown]),
                    [
                        "device_class": .string("aqi"),
                        "state_class": .string("measurement"),
                        "state_topic": .string(topics.cityAirQualityIndex(id)),
                    ])
                add(
                    "sensor", "city_\(id)_uv_index",
                    name: LocalizedMessage(
                        "{city} UV index", context: "Home Assistant entity", ["city": shown]),
                    [
                        "icon": .string("mdi:weather-sunny-alert"),
                        "unit_of_measurement": .string("UV index"),
                        "state_class": .string("measurement"),
                        "state_topic": .string(topics.cityUVIndex(id)),
                    ])
                if configuration.warnings.enabled {
                    add(
                        "binary_sensor", "city_\(id)_warning",
                        name: LocalizedMessage(
                            "{city} weather warning", context: "Home Assistant entity",
                            ["city": shown]),
                        HomeAssistantWarnings.discoveryFields(id: id, stateTopic: topics.state))
                }
            }
            if !configuration.cities.isEmpty {
                select(
                    "city", LocalizedMessage("City shown", context: "Home Assistant entity"),
                    names, icon: "mdi:city")
            }
            select(
                "page", LocalizedMessage("Page shown", context: "Home Assistant entity"),
                configuration.display.pages.map(\.rawValue), icon: "mdi:book-open-page-variant")
            select(
                "power", LocalizedMessage("Display power", context: "Home Assistant entity"),
                DisplayPower.allCases.map(\.rawValue), icon: "mdi:monitor")
            button(
                "next", LocalizedMessage("Next city", context: "Home Assistant entity"),
                icon: "mdi:skip-next")
            button(
                "previous", LocalizedMessage("Previous city", context: "Home Assistant entity"),
                icon: "mdi:skip-previous")
            button(
                "refresh", LocalizedMessage("Refresh forecast", context: "Home Assistant entity"),
                icon: "mdi:refresh")
        }

        mutating func indoor(
            _ object: String, _ name: LocalizedMessage, _ key: String, _ unit: JSONValue
        ) {
            let deviceClass =
                switch key {
                case "humidity": "humidity"
                case "pressure", "sea_level_pressure": "atmospheric_pressure"
                default: "temperature"
                }
            add(
                "sensor", object, name: name,
                [
                    "device_class": .string(deviceClass),
                    "unit_of_measurement": unit,
                    "state_class": .string("measurement"),
                    "state_topic": .string(topics.state),
                    "value_template": .string("{{ value_json.indoor.\(key) }}"),
                    "expire_after": .integer(HomeAssistantDiscovery.expireAfter(configuration)),
                ])
        }

        mutating func select(
            _ what: String, _ name: LocalizedMessage, _ options: [String], icon: String
        ) {
            add(
                "select", what, name: name,
                [
                    "icon": .string(icon),
                    "options": .array(options.map { .string($0) }),
                    "state_topic": .string(topics.state),
                    "value_template": .string("{{ value_json.\(what) }}"),
                    "command_topic": .string(topics.set(what)),
                ])
        }

        mutating func button(_ what: String, _ name: LocalizedMessage, icon: String) {
            add(
                "button", what, name: name,
                [
                    "icon": .string(icon),
                    "command_topic": .string(topics.command),
                    "payload_press": .string(what),
                ])
        }

        /// Announces an entity named `name` in the facts' language; its unique id is made
        /// from `object` and the entity id it suggests from the English name, the same
        /// whatever the language.
        mutating func add(
            _ component: String, _ object: String, name: LocalizedMessage,
            _ fields: [String: JSONValue]
        ) {
            var payload = fields
            payload["name"] = .string(name.text(in: facts.language))
            payload["unique_id"] = .string("\(topics.node)_\(object)")
            payload["default_entity_id"] = .string(
                HomeAssistantDiscovery.entityID(
                    component, name: name.text(in: .en), topics: topics))
            payload["availability_topic"] = .string(topics.availability)
            payload["device"] = device
            payload["origin"] = .object([
                "name": .string("weather-kiosk"),
                "sw_version": .string(KioskVersion.string),
            ])
            messages.append(
                Message(topic: topics.discovery(component, object), payload: .object(payload)))
        }

        var device: JSONValue {
            .object([
                "identifiers": .array([.string(topics.node)]),
                "name": .string(HomeAssistantDiscovery.deviceName(topics)),
                "manufacturer": .string("weather-kiosk"),
                // The machine, which the name no longer tells when `mqtt.topic` is set.
                "model": .string(
                    "weather-kiosk (\(configuration.board))"
                        + (facts.hostName.isEmpty ? "" : " on \(facts.hostName)")),
                "sw_version": .string(KioskVersion.string),
            ])
        }
    }
}
