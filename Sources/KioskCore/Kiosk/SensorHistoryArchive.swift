/// Every `[[sensors]]` entry's 24 hours as the state directory keeps them
/// (`sensor-history.json`), so that the sparklines and the 3-hour tendencies come back
/// after a restart or a power cut. Each history is keyed by the sensor's name and chip: a
/// sensor renamed, or another chip given the old name, starts a history of its own rather
/// than carrying on another's readings.
public struct SensorHistoryArchive: Sendable, Hashable, Codable {
    /// Which sensor a history belongs to.
    public struct Key: Sendable, Hashable, Codable {
        /// The configured name.
        public var name: String
        /// The chip.
        public var kind: SensorModel

        /// The key of `entry`.
        public init(_ entry: SensorEntry) {
            name = entry.name
            kind = entry.model
        }

        /// The key of the sensor named `name` on chip `kind`.
        public init(name: String, kind: SensorModel) {
            self.name = name
            self.kind = kind
        }
    }

    /// One sensor's histories.
    public struct Sensor: Sendable, Hashable, Codable {
        /// Whose they are.
        public var key: Key
        /// Its temperature, humidity and CO2.
        public var history: SensorHistories

        /// The histories of the sensor `key`.
        public init(key: Key, history: SensorHistories) {
            self.key = key
            self.history = history
        }

        private enum CodingKeys: String, CodingKey { case name, kind, history }

        /// Reads `{"name", "kind", "history"}`.
        /// - Throws: `DecodingError` for a malformed object or an unknown chip.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            key = Key(
                name: try container.decode(String.self, forKey: .name),
                kind: try container.decode(SensorModel.self, forKey: .kind))
            history = try container.decode(SensorHistories.self, forKey: .history)
        }

        /// Writes `{"name", "kind", "history"}`.
        /// - Throws: `EncodingError` from the encoder.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(key.name, forKey: .name)
            try container.encode(key.kind, forKey: .kind)
            try container.encode(history, forKey: .history)
        }
    }

    /// The sensors' histories, in configuration order.
    public var sensors: [Sensor]

    /// The histories of `sensors`; none by default.
    public init(_ sensors: [Sensor] = []) {
        self.sensors = sensors
    }

    /// The history kept for `key`; nil when there is none.
    public subscript(key: Key) -> SensorHistories? {
        sensors.first { $0.key == key }?.history
    }
}

extension SensorHistories: Codable {
    private enum CodingKeys: String, CodingKey {
        case temperature = "temperature_c"
        case humidity = "humidity_percent"
        case carbonDioxide = "co2_ppm"
    }

    /// Reads the three histories; a missing one is empty.
    /// - Throws: `DecodingError` for a malformed history.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        temperature =
            try container.decodeIfPresent(SensorHistory.self, forKey: .temperature)
            ?? SensorHistory()
        humidity =
            try container.decodeIfPresent(SensorHistory.self, forKey: .humidity) ?? SensorHistory()
        carbonDioxide =
            try container.decodeIfPresent(SensorHistory.self, forKey: .carbonDioxide)
            ?? SensorHistory()
    }

    /// Writes the histories that have samples.
    /// - Throws: `EncodingError` from the encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        for (history, key) in [
            (temperature, CodingKeys.temperature), (humidity, .humidity),
            (carbonDioxide, .carbonDioxide),
        ] where !history.samples.isEmpty {
            try container.encode(history, forKey: key)
        }
    }

    /// Whether no sample is kept.
    public var isEmpty: Bool {
        temperature.samples.isEmpty && humidity.samples.isEmpty && carbonDioxide.samples.isEmpty
    }
}
