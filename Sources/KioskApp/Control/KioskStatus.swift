public import FoundationEssentials

/// The `status` reply: everything a person over SSH wants to know about the running kiosk.
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
    /// The favourites' names, in order.
    public var cities: [String]
    /// The favourites a person chose to look at, newest first.
    public var recentCities: [String]
    /// The forecast data.
    public var forecast: Forecast
    /// The indoor sensor.
    public var sensor: Sensor
    /// The config file.
    public var config: Config

    /// Creates a status.
    public init(
        version: String, uptimeSeconds: Int, board: String, display: Display, showing: Showing,
        cities: [String], recentCities: [String], forecast: Forecast, sensor: Sensor,
        config: Config
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

        /// Creates a display status.
        public init(
            kind: String, size: String, power: String, frame: Int, error: String?,
            warning: String? = nil
        ) {
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
        /// city, hourly, indoor, map or empty.
        public var page: String
        /// The favourite, for per-city pages.
        public var city: String?
        /// Its 1-based number.
        public var cityNumber: Int?
        /// Seconds until cycling resumes after an interaction; nil when cycling.
        public var pausedSeconds: Int?

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

        /// Creates a forecast status.
        public init(
            fetchedAt: Date?, stale: Bool, error: String?, nextRefreshSeconds: Int, failures: Int
        ) {
            self.fetchedAt = fetchedAt
            self.stale = stale
            self.error = error
            self.nextRefreshSeconds = nextRefreshSeconds
            self.failures = failures
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
        /// °C.
        public var temperature: Double?
        /// %RH; nil for a BMP280.
        public var humidity: Double?
        /// Station pressure, Pa.
        public var pressure: Double?
        /// Sea-level pressure, Pa.
        public var seaLevelPressure: Double?
        /// Dew point, °C.
        public var dewPoint: Double?
        /// rising, steady or falling.
        public var tendency: String?
        /// Why the last reading failed, while none has succeeded since.
        public var error: String?

        /// Creates a sensor status.
        public init(
            kind: String, chip: String? = nil, readAt: Date? = nil, temperature: Double? = nil,
            humidity: Double? = nil, pressure: Double? = nil, seaLevelPressure: Double? = nil,
            dewPoint: Double? = nil, tendency: String? = nil, error: String? = nil
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

    /// The config file.
    public struct Config: Sendable, Hashable, Codable {
        /// Its path.
        public var path: String
        /// The problems of the last refused version, each "FILE, line N: message";
        /// empty when the file in use is the one on disk.
        public var problems: [String]

        /// Creates a config status.
        public init(path: String, problems: [String]) {
            self.path = path
            self.problems = problems
        }
    }
}
