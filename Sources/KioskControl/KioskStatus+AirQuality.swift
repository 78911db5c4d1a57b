public import FoundationEssentials
public import KioskCore

extension KioskStatus {
    /// `air_quality` of `status --json`: when the Air Quality API last answered, why it
    /// failed since, and each favourite's index now (absent where nothing fresh is known).
    public struct AirQuality: Sendable, Hashable, Codable {
        /// When the newest answer came; nil before the first.
        public var fetchedAt: Date?
        /// Why the last request failed, while none has succeeded since.
        public var error: String?
        /// Each favourite, in order.
        public var places: [Place]

        /// Creates the part.
        public init(fetchedAt: Date?, error: String?, places: [Place]) {
            self.fetchedAt = fetchedAt
            self.error = error
            self.places = places
        }

        enum CodingKeys: String, CodingKey {
            case error, places
            case fetchedAt = "fetched_at"
        }

        /// One favourite's index now, on its scale.
        public struct Place: Sendable, Hashable, Codable {
            /// The favourite's name as the kiosk shows it.
            public var name: String
            /// The index, rounded as reported; nil when nothing fresh is known.
            public var aqi: Int?
            /// `european` or `us`: `units.aqi`, or the favourite's country's.
            public var aqiScale: String
            /// The scale's word for the index ("Fair", "Moderate").
            public var category: String?

            /// The place `name` with `airQuality` (shown now) read on `scale`.
            public init(name: String, airQuality: AirQualityForecast?, scale: AQIScale) {
                self.name = name
                aqiScale = scale.rawValue
                let index = airQuality?.current?.index(on: scale)
                aqi = index.map { Int(max(0, $0.value).rounded()) }
                category = index?.band.name
            }

            enum CodingKeys: String, CodingKey {
                case name, aqi, category
                case aqiScale = "aqi_scale"
            }
        }
    }
}
