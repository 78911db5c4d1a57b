public import FoundationEssentials
public import KioskCore

extension KioskStatus {
    /// One `[[sensors]]` entry in `status`: its name, role and chip, its last values with
    /// the units in the keys (`co2_ppm`, `temperature_c`, …), when it gave them, why it
    /// gives none now while it does not, and how far back its history reaches (kept across
    /// restarts in `sensor-history.json`) with the 3-hour tendencies the tiles draw.
    public struct SensorEntryStatus: Sendable, Hashable, Codable {
        /// The configured name.
        public var name: String
        /// "indoor" or "outdoor".
        public var role: SensorRole
        /// The chip: "scd4x", "ds18b20", …
        public var chip: SensorModel
        /// The last values.
        public var values: SensorValues?
        /// The CO2 band of the last value: "good", "ventilate", "poor".
        public var co2Band: CarbonDioxideBand?
        /// When the values were read.
        public var readAt: Date?
        /// Why the last reading failed, while none has succeeded since.
        public var error: String?
        /// The oldest sample of its 24-hour history; nil while it has none.
        public var historySince: Date?
        /// How many 5-minute samples its longest history holds.
        public var historySamples: Int
        /// Where its temperature has been heading for three hours; nil until it knows.
        public var temperatureTendency: PressureTendency?
        /// Where its CO2 has been heading for three hours; nil until it knows.
        public var co2Tendency: PressureTendency?

        /// The status of one sensor.
        public init(_ status: SensorStatus) {
            name = status.entry.name
            role = status.entry.role
            chip = status.entry.model
            values = status.values
            co2Band = status.values?.carbonDioxide?.band
            readAt = status.readAt
            error = status.error
            let histories = [
                status.history.temperature, status.history.humidity, status.history.carbonDioxide,
            ]
            historySince = histories.compactMap { $0.samples.first?.time }.min()
            historySamples = histories.map(\.samples.count).max() ?? 0
            temperatureTendency = status.history.temperatureTendency
            co2Tendency = status.history.carbonDioxideTendency
        }

        private enum CodingKeys: String, CodingKey {
            case name, role, kind, chip, error
            case co2Band = "co2_band"
            case readAt = "read_at"
            case historySince = "history_since"
            case historySamples = "history_samples"
            case temperatureTendency = "temperature_tendency"
            case co2Tendency = "co2_tendency"
        }

        /// Reads the flat object `encode(to:)` writes.
        /// - Throws: `DecodingError` for a malformed object.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            role = try container.decode(SensorRole.self, forKey: .role)
            chip = try container.decode(SensorModel.self, forKey: .chip)
            co2Band = try container.decodeIfPresent(CarbonDioxideBand.self, forKey: .co2Band)
            readAt = try container.decodeIfPresent(Date.self, forKey: .readAt)
            error = try container.decodeIfPresent(String.self, forKey: .error)
            historySince = try container.decodeIfPresent(Date.self, forKey: .historySince)
            historySamples = try container.decodeIfPresent(Int.self, forKey: .historySamples) ?? 0
            temperatureTendency = try container.decodeIfPresent(
                PressureTendency.self, forKey: .temperatureTendency)
            co2Tendency = try container.decodeIfPresent(PressureTendency.self, forKey: .co2Tendency)
            values = readAt == nil ? nil : try SensorValues(from: decoder)
        }

        /// One flat object: the values' keys beside name, role, kind (the config's `kind`, also
        /// as `chip`), read_at and error.
        /// - Throws: `EncodingError` from the encoder.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(role, forKey: .role)
            try container.encode(chip, forKey: .kind)
            try container.encode(chip, forKey: .chip)
            try container.encodeIfPresent(co2Band, forKey: .co2Band)
            try container.encodeIfPresent(readAt, forKey: .readAt)
            try container.encodeIfPresent(error, forKey: .error)
            try container.encodeIfPresent(historySince, forKey: .historySince)
            try container.encode(historySamples, forKey: .historySamples)
            try container.encodeIfPresent(temperatureTendency, forKey: .temperatureTendency)
            try container.encodeIfPresent(co2Tendency, forKey: .co2Tendency)
            try values?.encode(to: encoder)
        }
    }
}
