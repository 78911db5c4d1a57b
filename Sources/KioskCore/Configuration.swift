/// The kiosk's whole configuration, with every field defaulted: what `config.toml` says,
/// over the board profile, over built-in defaults.
public struct KioskConfiguration: Sendable, Hashable {
    /// Board profile name: `boards/<name>.toml`, or "simulator" on a PC.
    public var board = "simulator"
    /// Add-on profile name (`boards/addons/<name>.toml`): a PiTFT, an LCD, an OLED; nil for
    /// none.
    public var addon: String?
    /// Where state and the forecast cache live.
    public var stateDirectory = "/var/lib/weather-kiosk"
    /// The owner's contact (an e-mail address or a URL), sent in the User-Agent to the
    /// services whose terms ask for one (NWS, MET Norway); nil until set.
    public var contact: String?
    /// The language the pages and the verbs speak (`language`); nil when the config does
    /// not say, and then ``systemLanguage`` is spoken.
    public var language: Language?
    /// The language the process's locale names (`LC_ALL`, `LC_MESSAGES`, `LANG`,
    /// `LANGUAGE`), spoken while `language` is unset. Not from the file: whoever loads the
    /// config from a process's environment sets it (the config store); English until then.
    public var systemLanguage = LanguageChoice(.en, source: .fallback)
    /// Where the kiosk hangs.
    public var station = Station()
    /// Display units.
    public var units = Units()
    /// Forecast fetching.
    public var forecast = ForecastSettings()
    /// Weather warnings.
    public var warnings = WarningSettings()
    /// The display and what it shows.
    public var display = DisplaySettings()
    /// The indoor sensor.
    public var sensor = SensorSettings()
    /// The `[[sensors]]` entries, in order; empty: the `[sensor]` table's one chip.
    public var sensors: [SensorEntry] = []
    /// The buttons.
    public var buttons = ButtonSettings()
    /// The control socket.
    public var control = ControlSettings()
    /// Home Assistant over MQTT; off by default.
    public var mqtt = MQTTSettings()
    /// The favourites, in display order.
    public var cities: [City] = []

    /// The built-in defaults.
    public init() {}

    /// The language spoken and why: the config's `language`, else the system's.
    public var languageChoice: LanguageChoice {
        language.map { LanguageChoice($0, source: .configured) } ?? systemLanguage
    }

    /// The language Open-Meteo's geocoding names places in: `forecast.language` when set,
    /// else the language spoken.
    public var placeNameLanguage: String {
        languageChoice.placeNameLanguage(configured: forecast.language)
    }
}

/// The kiosk's own location: the `[station]` table. There is no default place: until
/// `station.latitude` and `station.longitude` are both set nothing is fetched for it, and
/// the indoor pressure is shown at station level unless `station.elevation` is set.
public struct Station: Sendable, Hashable {
    /// Name shown for the station, for example "Home".
    public var name = "Home"
    /// Latitude, decimal degrees; nil until set.
    public var latitude: Double?
    /// Longitude, decimal degrees; nil until set.
    public var longitude: Double?
    /// Elevation in metres; nil means Open-Meteo's elevation for the point (once there is
    /// one).
    public var elevation: Double?

    /// The defaults: "Home", nowhere yet.
    public init() {}

    /// Where the station is: nil until both latitude and longitude are set.
    public var coordinate: Coordinate? {
        get {
            guard let latitude, let longitude else { return nil }
            return Coordinate(latitude: latitude, longitude: longitude)
        }
        set {
            latitude = newValue?.latitude
            longitude = newValue?.longitude
        }
    }
}

/// The `[forecast]` table.
public struct ForecastSettings: Sendable, Hashable {
    /// Minutes between refreshes.
    public var refreshMinutes = 15
    /// Forecast API base, without the `/v1/forecast` path.
    public var baseURL = "https://api.open-meteo.com"
    /// Geocoding API base, without the `/v1/search` path.
    public var geocodingURL = "https://geocoding-api.open-meteo.com"
    /// Commercial API key, sent as `apikey=`; empty for the free API.
    public var apiKey = ""
    /// Language of place names from geocoding, an ISO 639-1 code; nil: the kiosk's own
    /// language (``KioskConfiguration/placeNameLanguage``).
    public var language: String?
    /// The second provider, asked for a place while Open-Meteo fails and nothing fresh is
    /// cached for it.
    public var fallback = ForecastFallback.metNorway
    /// MET Norway's Locationforecast 2.0, without `/compact` or `/complete`.
    public var fallbackURL = "https://api.met.no/weatherapi/locationforecast/2.0"
    /// Open-Meteo's Air Quality API, without the `/v1/air-quality` path: asked hourly at
    /// most for every favourite in one request.
    public var airQualityURL = "https://air-quality-api.open-meteo.com"

    /// The defaults: the free API every 15 minutes, MET Norway while it fails.
    public init() {}
}

/// The `[warnings]` table: official warnings and the kiosk's own.
public struct WarningSettings: Sendable, Hashable {
    /// Whether warnings are fetched and shown.
    public var enabled = true
    /// Minutes between two asks of a warning service (fewer when its answer says so).
    public var refreshMinutes = 5
    /// The National Weather Service's API (the United States).
    public var nwsURL = "https://api.weather.gov"
    /// MET Norway's MetAlerts (Norway).
    public var metAlertsURL = "https://api.met.no/weatherapi/metalerts/2.0"
    /// Bright Sky, which serves the Deutscher Wetterdienst's warnings (Germany).
    public var dwdURL = "https://api.brightsky.dev"
    /// Which official warnings light a display the night window blanked.
    public var wakeScreen = WarningWakeScreen.extreme

    /// The defaults: on, every 5 minutes, the public services, an extreme warning wakes.
    public init() {}
}

/// Which official warnings light a display the night window blanked (`warnings.wake_screen`).
public enum WarningWakeScreen: String, Sendable, Hashable, CaseIterable {
    /// None: the night stays dark.
    case none
    /// A severe or an extreme warning.
    case severe
    /// Only an extreme warning.
    case extreme

    /// Whether a warning of `severity` lights the display.
    public func wakes(for severity: WarningSeverity) -> Bool {
        switch self {
        case .none: false
        case .severe: severity >= .severe
        case .extreme: severity >= .extreme
        }
    }
}

/// The `[control]` table.
public struct ControlSettings: Sendable, Hashable {
    /// Path of the control socket.
    public var socket = "/run/weather-kiosk/control.sock"

    /// The default path.
    public init() {}
}

/// The `[mqtt]` table: Home Assistant over MQTT. Off while `url` is empty (no table).
public struct MQTTSettings: Sendable, Hashable {
    /// `mqtt://host[:port]` or `mqtts://host[:port]`; empty = off.
    public var url = ""
    /// User name at the broker; nil = anonymous.
    public var username: String?
    /// The password, written in the config (`config show` masks it).
    public var password: String?
    /// A file holding the password (its first line), instead of `password`.
    public var passwordFile: String?
    /// CA certificates to verify an mqtts:// broker with; nil = the system's store.
    public var caFile: String?
    /// The client id; nil = `weather-kiosk-<host name>`.
    public var clientID: String?
    /// Where Home Assistant listens for discovery.
    public var discoveryPrefix = "homeassistant"
    /// The kiosk's own topic; nil = `weather-kiosk/<host name>`.
    public var topic: String?
    /// The longest time between two state messages while the kiosk runs, seconds.
    public var publishIntervalSeconds = 60

    /// Off.
    public init() {}

    /// Whether the kiosk talks to a broker.
    public var isEnabled: Bool { !url.isEmpty }
}

extension KioskConfiguration {
    /// The keys a running kiosk takes only when it is started again: `state_dir` (set
    /// directly, or by a `board` profile), where it holds its lock and keeps its cache and
    /// state. Every other key applies to the running kiosk.
    public static let restartOnlyKeys = ["state_dir"]

    /// What this configuration changes of the one a kiosk `started` with that only a
    /// restart applies, as `key = value` (`state_dir = "/srv/kiosk"`); empty when none.
    public func changesNeedingRestart(from started: KioskConfiguration) -> [String] {
        guard stateDirectory != started.stateDirectory else { return [] }
        return ["state_dir = \(TOMLText.quoted(stateDirectory))"]
    }
}
