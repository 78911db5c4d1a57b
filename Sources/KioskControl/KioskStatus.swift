public import FoundationEssentials
public import KioskCore

/// The `status` reply: everything a person over SSH wants to know about the running kiosk.
/// On the socket and in `status --json` alike its keys are snake_case with the unit in the
/// name where a value has one (`uptime_seconds`, `temperature_c`, `pressure_pa`), as every
/// `--json` of the CLI: the `CodingKeys` of each part say so (a part added later needs its
/// key there, or it is neither sent nor read).
public struct KioskStatus: Sendable, Hashable, Codable {
    /// The kiosk's version.
    public var version: String
    /// Seconds since the daemon started.
    public var uptimeSeconds: Int
    /// The board profile.
    public var board: String
    /// The display.
    public var display: Display
    /// What is on screen.
    public var showing: Showing
    /// The favourites' names as the kiosk shows them (`PlaceNames`), in order.
    public var cities: [String]
    /// The favourites a person chose to look at, newest first, named as `cities` names them.
    public var recentCities: [String]
    /// The forecast data.
    public var forecast: Forecast
    /// The indoor sensor.
    public var sensor: Sensor
    /// The `[[sensors]]`, each with its last values; nil without any (or from an older
    /// kiosk).
    public var sensors: [SensorEntryStatus]?
    /// The config file.
    public var config: Config
    /// The units of the config in use, for the text `status` prints; the numbers in this
    /// reply stay in °C and Pa whatever they say. Nil from a kiosk older than this field.
    public var units: Units?
    /// Home Assistant's broker; nil while `[mqtt]` is off (or from an older kiosk).
    public var mqtt: MQTT?
    /// Why the kiosk keeps nothing in its state directory (read-only, another user's, not
    /// writable), until a write there succeeds; nil while it keeps its files there.
    public var stateProblem: String?
    /// Every favourite's warnings shown now, worst first: the services' and the kiosk's
    /// own. Nil from a kiosk older than warnings.
    public var warnings: [Warning]?
    /// The warning services that failed, one sentence each ("warnings from NWS
    /// unavailable since 14:05: …"): their places' warnings may be missing.
    public var warningsUnavailable: [String]?
    /// The air quality: when it was fetched, why it failed, each favourite's index; nil
    /// without favourites (or from a kiosk older than it).
    public var airQuality: AirQuality?

    enum CodingKeys: String, CodingKey {
        case version, board, display, showing, cities, forecast, sensor, sensors, config, units
        case mqtt
        case uptimeSeconds = "uptime_seconds"
        case recentCities = "recent_cities"
        case stateProblem = "state_problem"
        case warnings
        case warningsUnavailable = "warnings_unavailable"
        case airQuality = "air_quality"
    }

    /// Creates a status.
    public init(
        version: String, uptimeSeconds: Int, board: String, display: Display, showing: Showing,
        cities: [String], recentCities: [String], forecast: Forecast, sensor: Sensor,
        config: Config, units: Units? = nil
    ) {
        self.version = version
        self.uptimeSeconds = uptimeSeconds
        self.board = board
        self.display = display
        self.showing = showing
        self.cities = cities
        self.recentCities = recentCities
        self.forecast = forecast
        self.sensor = sensor
        self.config = config
        self.units = units
    }

    /// The display.
    public struct Display: Sendable, Hashable, Codable {
        /// The display kind from the config.
        public var kind: String
        /// "800x480", or "20x4" characters.
        public var size: String
        /// on, dim or off.
        public var power: String
        /// Frames drawn since start.
        public var frame: Int
        /// Why the last frame could not be shown, if it could not.
        public var error: String?
        /// What spoils the frames without stopping them (the console not in graphics mode).
        public var warning: String?
        /// Degrees the picture is turned clockwise on the panel (`display.rotate`).
        public var rotate: Int = 0
        /// Which output the frames go to and why: the DRM connector and mode, or what
        /// `display.kind = "auto"` chose and why; nil when the kind says it all.
        public var output: String? = nil
        /// An e-paper panel's refreshes; nil on other displays.
        public var refreshes: Refreshes? = nil

        enum CodingKeys: String, CodingKey {
            case kind, size, power, frame, error, warning, output, refreshes
            case rotate = "rotate_degrees"
        }

        /// An e-paper panel's refreshes.
        public struct Refreshes: Sendable, Hashable, Codable {
            /// When the last refresh started; nil before the first.
            public var last: Date?
            /// The earliest the next one may start (`display.min_refresh_minutes` after the
            /// last); nil before the first, a past time means at once.
            public var nextPossible: Date?
            /// When a change that waits will be drawn; nil when nothing waits.
            public var pending: Date?
            /// Refreshes since local midnight.
            public var today: Int
            /// Whether one is under way (BUSY).
            public var busy: Bool
            /// The shortest time between two, minutes.
            public var minimumMinutes: Int

            enum CodingKeys: String, CodingKey {
                case today, busy
                case last = "last_at"
                case nextPossible = "next_possible_at"
                case pending = "pending_at"
                case minimumMinutes = "minimum_minutes"
            }

            /// The refreshes the reducer's plan reports.
            public init(_ status: PanelRefreshStatus) {
                last = status.lastRefresh
                nextPossible = status.nextPossibleRefresh
                pending = status.pendingRefresh
                today = status.refreshesToday
                busy = status.busy
                minimumMinutes = status.minimumMinutes
            }
        }

        /// Creates a display status.
        public init(
            kind: String, size: String, power: String, frame: Int, error: String?,
            warning: String? = nil, rotate: Int = 0, output: String? = nil,
            refreshes: Refreshes? = nil
        ) {
            self.refreshes = refreshes
            self.rotate = rotate
            self.output = output
            self.kind = kind
            self.size = size
            self.power = power
            self.frame = frame
            self.error = error
            self.warning = warning
        }
    }

    /// What is on screen.
    public struct Showing: Sendable, Hashable, Codable {
        /// city, hourly, indoor, map, sky, air, dashboard or empty.
        public var page: String
        /// The favourite, for per-city pages.
        public var city: String?
        /// Its 1-based number.
        public var cityNumber: Int?
        /// Seconds until cycling resumes after an interaction; nil when cycling.
        public var pausedSeconds: Int?

        enum CodingKeys: String, CodingKey {
            case page, city
            case cityNumber = "city_number"
            case pausedSeconds = "paused_seconds"
        }

        /// Creates a showing status.
        public init(page: String, city: String?, cityNumber: Int?, pausedSeconds: Int?) {
            self.page = page
            self.city = city
            self.cityNumber = cityNumber
            self.pausedSeconds = pausedSeconds
        }
    }

    /// The forecast data.
    public struct Forecast: Sendable, Hashable, Codable {
        /// When the newest forecast was fetched.
        public var fetchedAt: Date?
        /// Whether it is older than twice the refresh interval.
        public var stale: Bool
        /// Why the last refresh failed, while it has not succeeded since.
        public var error: String?
        /// Seconds until the next refresh attempt, rounded up: 0 only while a refresh is due
        /// or under way.
        public var nextRefreshSeconds: Int
        /// Refreshes failed in a row.
        public var failures: Int
        /// True while there are no favourites and no station: nothing is fetched, and
        /// `nextRefreshSeconds` means nothing. Nil from a kiosk older than this field.
        public var nothingToFetch: Bool?
        /// Each favourite, in order, with the service its forecast on screen came from. Nil
        /// from a kiosk older than this field.
        public var places: [Place]?

        enum CodingKeys: String, CodingKey {
            case stale, error, failures, places
            case fetchedAt = "fetched_at"
            case nextRefreshSeconds = "next_refresh_seconds"
            case nothingToFetch = "nothing_to_fetch"
        }

        /// Creates a forecast status.
        public init(
            fetchedAt: Date?, stale: Bool, error: String?, nextRefreshSeconds: Int, failures: Int,
            nothingToFetch: Bool? = nil
        ) {
            self.nothingToFetch = nothingToFetch
            self.fetchedAt = fetchedAt
            self.stale = stale
            self.error = error
            self.nextRefreshSeconds = nextRefreshSeconds
            self.failures = failures
        }

        /// A favourite's forecast: where the data on screen came from.
        public struct Place: Sendable, Hashable, Codable {
            /// The favourite's name as the kiosk shows it (as in `cities`).
            public var name: String
            /// The service the forecast shown came from (`open-meteo`, `met-norway`: MET
            /// Norway's while Open-Meteo fails); nil while the place has no forecast.
            public var provider: ForecastProviderID?
            /// When that forecast was fetched.
            public var fetchedAt: Date?

            enum CodingKeys: String, CodingKey {
                case name, provider
                case fetchedAt = "fetched_at"
            }

            /// Creates a place's forecast status.
            public init(name: String, provider: ForecastProviderID?, fetchedAt: Date? = nil) {
                self.name = name
                self.provider = provider
                self.fetchedAt = fetchedAt
            }

            /// What the pages show of `weather`: its provider while it has a forecast.
            public init(_ weather: CityWeather) {
                self.init(
                    name: weather.displayName,
                    provider: weather.forecast == nil ? nil : weather.provider,
                    fetchedAt: weather.forecast == nil ? nil : weather.fetchedAt)
            }
        }
    }

    /// The indoor sensor.
    public struct Sensor: Sendable, Hashable, Codable {
        /// The sensor kind from the config.
        public var kind: String
        /// bme280 or bmp280, once it answered.
        public var chip: String?
        /// When the last good reading was taken.
        public var readAt: Date?
        /// The temperature (in the JSON: °C).
        public var temperature: Temperature?
        /// %RH; nil for a BMP280.
        public var humidity: Double?
        /// Station pressure (in the JSON: Pa).
        public var pressure: Pressure?
        /// Sea-level pressure (in the JSON: Pa).
        public var seaLevelPressure: Pressure?
        /// Dew point (in the JSON: °C).
        public var dewPoint: Temperature?
        /// rising, steady or falling.
        public var tendency: String?
        /// Why the last reading failed, while none has succeeded since.
        public var error: String?

        enum CodingKeys: String, CodingKey {
            case kind, chip, tendency, error
            case readAt = "read_at"
            case temperature = "temperature_c"
            case humidity = "humidity_percent"
            case pressure = "pressure_pa"
            case seaLevelPressure = "sea_level_pressure_pa"
            case dewPoint = "dew_point_c"
        }

        /// Creates a sensor status.
        public init(
            kind: String, chip: String? = nil, readAt: Date? = nil,
            temperature: Temperature? = nil, humidity: Double? = nil, pressure: Pressure? = nil,
            seaLevelPressure: Pressure? = nil, dewPoint: Temperature? = nil,
            tendency: String? = nil, error: String? = nil
        ) {
            self.kind = kind
            self.chip = chip
            self.readAt = readAt
            self.temperature = temperature
            self.humidity = humidity
            self.pressure = pressure
            self.seaLevelPressure = seaLevelPressure
            self.dewPoint = dewPoint
            self.tendency = tendency
            self.error = error
        }
    }

    /// The link to the MQTT broker.
    public struct MQTT: Sendable, Hashable, Codable {
        /// "mqtts://host:8883".
        public var broker: String
        /// Whether the broker accepted the connection and it holds.
        public var connected: Bool
        /// Why not, while not connected.
        public var error: String?
        /// Messages sent since the kiosk started.
        public var messagesSent: Int
        /// What is unsafe about the settings (a password file every user may read).
        public var warning: String?

        enum CodingKeys: String, CodingKey {
            case broker, connected, error, warning
            case messagesSent = "messages_sent"
        }

        /// Creates an MQTT status.
        public init(broker: String, connected: Bool, error: String?, messagesSent: Int) {
            self.broker = broker
            self.connected = connected
            self.error = error
            self.messagesSent = messagesSent
        }
    }

    /// The config file.
    public struct Config: Sendable, Hashable, Codable {
        /// Its path.
        public var path: String
        /// What chose it: option (`--config`), environment (`WEATHER_KIOSK_CONFIG`), system
        /// or user (the per-user config); nil from an older kiosk.
        public var origin: String?
        /// The problems of the last refused version, each "FILE, line N: message";
        /// empty when the file in use is the one on disk.
        public var problems: [String]
        /// The last good copy the kiosk runs on while the file is refused, missing or
        /// empty; nil when it runs on the file (or, with no good copy yet, on defaults).
        public var lastGood: String?
        /// Changed keys the running kiosk takes only after a restart, as `key = value`;
        /// nil when there are none (or from an older kiosk).
        public var restartPending: [String]?

        enum CodingKeys: String, CodingKey {
            case path, origin, problems
            case lastGood = "last_good"
            case restartPending = "restart_pending"
        }

        /// Creates a config status.
        public init(
            path: String, origin: String? = nil, problems: [String], lastGood: String? = nil,
            restartPending: [String]? = nil
        ) {
            self.restartPending = restartPending
            self.path = path
            self.origin = origin
            self.problems = problems
            self.lastGood = lastGood
        }
    }
}

extension KioskStatus.Showing {
    /// What the kiosk a snapshot describes shows, `now`.
    public init(snapshot: KioskSnapshot, at now: KioskTime) {
        let cities = snapshot.configuration.cities
        self.init(page: "empty", city: nil, cityNumber: nil, pausedSeconds: nil)
        if case .page(let page) = snapshot.slide.kind { self.page = page.rawValue }
        if snapshot.slide.kind == .warning { page = "warning" }
        if let index = snapshot.slide.cityIndex, cities.indices.contains(index) {
            city = PlaceNames.displayNames(of: cities)[index]
            cityNumber = index + 1
        }
        if let paused = snapshot.pausedUntil, paused > now.monotonic {
            pausedSeconds = Int(paused.seconds(since: now.monotonic).rounded(.up))
        }
    }
}
