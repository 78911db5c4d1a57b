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

        /// Creates facts.
        public init(chip: SensorChip?, hasSeaLevelPressure: Bool, hostName: String) {
            self.chip = chip
            self.hasSeaLevelPressure = hasSeaLevelPressure
            self.hostName = hostName
        }
    }

    /// The announcements, in a stable order.
    public var messages: [Message]

    /// The announcements for `configuration`.
    public init(_ configuration: KioskConfiguration, topics: HomeAssistantTopics, facts: Facts) {
        var builder = Builder(configuration: configuration, topics: topics, facts: facts)
        builder.build()
        messages = builder.messages
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
            if configuration.sensor.kind != .none {
                indoor("indoor_temperature", "Indoor temperature", "temperature", temperature)
                if facts.chip?.measuresHumidity == true {
                    indoor("indoor_humidity", "Indoor humidity", "humidity", .string("%"))
                }
                indoor("indoor_pressure", "Station pressure", "pressure", pressure)
                if facts.hasSeaLevelPressure {
                    indoor(
                        "sea_level_pressure", "Sea-level pressure", "sea_level_pressure", pressure)
                }
                if facts.chip?.measuresHumidity == true {
                    indoor("dew_point", "Dew point", "dew_point", temperature)
                }
            }
            for entry in configuration.sensors {
                let slug = HomeAssistantTopics.slug(entry.name)
                for quantity in HomeAssistantSensors.quantities(of: entry.model) {
                    add(
                        "sensor", "sensor_\(slug)_\(quantity.key)",
                        [
                            "name": .string("\(entry.name) \(quantity.label)"),
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
                    [
                        "name": .string("\(shown) temperature"),
                        "device_class": .string("temperature"),
                        "unit_of_measurement": temperature,
                        "state_class": .string("measurement"),
                        "state_topic": .string(topics.cityTemperature(id)),
                    ])
                add(
                    "sensor", "city_\(id)_sea_level_pressure",
                    [
                        "name": .string("\(shown) sea-level pressure"),
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
                    [
                        "name": .string("\(shown) air quality index"),
                        "device_class": .string("aqi"),
                        "state_class": .string("measurement"),
                        "state_topic": .string(topics.cityAirQualityIndex(id)),
                    ])
                add(
                    "sensor", "city_\(id)_uv_index",
                    [
                        "name": .string("\(shown) UV index"),
                        "icon": .string("mdi:weather-sunny-alert"),
                        "unit_of_measurement": .string("UV index"),
                        "state_class": .string("measurement"),
                        "state_topic": .string(topics.cityUVIndex(id)),
                    ])
                if configuration.warnings.enabled {
                    add(
                        "binary_sensor", "city_\(id)_warning",
                        HomeAssistantWarnings.discoveryFields(
                            id: id, shown: shown, stateTopic: topics.state))
                }
            }
            if !configuration.cities.isEmpty {
                select("city", "City shown", names, icon: "mdi:city")
            }
            select(
                "page", "Page shown", configuration.display.pages.map(\.rawValue),
                icon: "mdi:book-open-page-variant")
            select(
                "power", "Display power", DisplayPower.allCases.map(\.rawValue),
                icon: "mdi:monitor")
            button("next", "Next city", icon: "mdi:skip-next")
            button("previous", "Previous city", icon: "mdi:skip-previous")
            button("refresh", "Refresh forecast", icon: "mdi:refresh")
        }

        mutating func indoor(_ object: String, _ name: String, _ key: String, _ unit: JSONValue) {
            let deviceClass =
                switch key {
                case "humidity": "humidity"
                case "pressure", "sea_level_pressure": "atmospheric_pressure"
                default: "temperature"
                }
            add(
                "sensor", object,
                [
                    "name": .string(name),
                    "device_class": .string(deviceClass),
                    "unit_of_measurement": unit,
                    "state_class": .string("measurement"),
                    "state_topic": .string(topics.state),
                    "value_template": .string("{{ value_json.indoor.\(key) }}"),
                    "expire_after": .integer(HomeAssistantDiscovery.expireAfter(configuration)),
                ])
        }

        mutating func select(_ what: String, _ name: String, _ options: [String], icon: String) {
            add(
                "select", what,
                [
                    "name": .string(name),
                    "icon": .string(icon),
                    "options": .array(options.map { .string($0) }),
                    "state_topic": .string(topics.state),
                    "value_template": .string("{{ value_json.\(what) }}"),
                    "command_topic": .string(topics.set(what)),
                ])
        }

        mutating func button(_ what: String, _ name: String, icon: String) {
            add(
                "button", what,
                [
                    "name": .string(name),
                    "icon": .string(icon),
                    "command_topic": .string(topics.command),
                    "payload_press": .string(what),
                ])
        }

        mutating func add(_ component: String, _ object: String, _ fields: [String: JSONValue]) {
            var payload = fields
            payload["unique_id"] = .string("\(topics.node)_\(object)")
            if case .string(let name) = fields["name"] {
                payload["default_entity_id"] = .string(
                    HomeAssistantDiscovery.entityID(component, name: name, topics: topics))
            }
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
