public import FoundationEssentials
public import KioskCore

extension KioskStatus {
    /// One warning as `status --json` and `warnings --json` give it: the fixed fields.
    public struct Warning: Sendable, Hashable, Codable {
        /// The place it is for, as the favourites name it.
        public var place: String
        /// "nws", "metalerts", "dwd", or "derived" for the kiosk's own reading.
        public var source: String
        /// Whether a weather service issued it (false: the kiosk's own reading).
        public var official: Bool
        /// What: "Tornado Watch", "gusts".
        public var event: String
        /// "minor", "moderate", "severe" or "extreme".
        public var severity: String
        /// The warning's short text; a derived one says it is the kiosk's reading.
        public var headline: String
        /// When the hazard begins.
        public var onset: Date
        /// When it ends (else when the message expires); nil when neither is given.
        public var expires: Date?

        /// The status form of `warning`.
        public init(_ warning: WeatherWarning) {
            place = warning.place
            source = warning.source.rawValue
            official = warning.official
            event = warning.event
            severity = warning.severity.rawValue
            headline = warning.headline
            onset = warning.onset
            expires = warning.end
        }
    }
}
