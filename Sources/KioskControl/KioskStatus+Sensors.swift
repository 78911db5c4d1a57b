public import FoundationEssentials
public import KioskCore

extension KioskStatus {
    /// One `[[sensors]]` entry in `status`: its name, role and chip, its last values with
    /// the units in the keys (`co2_ppm`, `temperature_c`, …), when it gave them, and why
    /// it gives none now while it does not.
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

        /// The status of one sensor.
        public init(_ status: SensorStatus) {
            name = status.entry.name
            role = status.entry.role
            chip = status.entry.model
            values = status.values
            co2Band = status.values?.carbonDioxide?.band
            readAt = status.readAt
            error = status.error
        }

        private enum CodingKeys: String, CodingKey {
            case name, role, chip, error
            case co2Band = "co2_band"
            case readAt = "read_at"
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
            values = readAt == nil ? nil : try SensorValues(from: decoder)
        }

        /// One flat object: the values' keys beside name, role, chip, read_at and error.
        /// - Throws: `EncodingError` from the encoder.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(role, forKey: .role)
            try container.encode(chip, forKey: .chip)
            try container.encodeIfPresent(co2Band, forKey: .co2Band)
            try container.encodeIfPresent(readAt, forKey: .readAt)
            try container.encodeIfPresent(error, forKey: .error)
            try values?.encode(to: encoder)
        }
    }
}
