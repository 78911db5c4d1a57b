/// The kiosk's whole configuration, with every field defaulted: what `config.toml` says,
/// over the board profile, over built-in defaults.
public struct KioskConfiguration: Sendable, Hashable {
    /// Board profile name: `boards/<name>.toml`, or "simulator" on a PC.
    public var board = "simulator"
    /// Where state and the forecast cache live.
    public var stateDirectory = "/var/lib/weather-kiosk"
    /// Where the kiosk hangs.
    public var station = Station()
    /// Display units.
    public var units = Units()
    /// Forecast fetching.
    public var forecast = ForecastSettings()
    /// The display and what it shows.
    public var display = DisplaySettings()
    /// The indoor sensor.
    public var sensor = SensorSettings()
    /// The buttons.
    public var buttons = ButtonSettings()
    /// The control socket.
    public var control = ControlSettings()
    /// The favourites, in display order.
    public var cities: [City] = []

    /// The built-in defaults.
    public init() {}
}

/// The kiosk's own location: the `[station]` table.
public struct Station: Sendable, Hashable {
    /// Name shown for the station, for example "Home".
    public var name = "Home"
    /// Where the station is.
    public var coordinate = Coordinate(latitude: 52.52, longitude: 13.41)
    /// Elevation in metres; nil means Open-Meteo's elevation for the point.
    public var elevation: Double?

    /// The defaults: Berlin, "Home".
    public init() {}
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
    /// Language of place names from geocoding, an ISO 639-1 code.
    public var language = "en"

    /// The defaults: the free API every 15 minutes.
    public init() {}
}

/// The pages the display cycles through.
public enum Page: String, Sendable, Hashable, Codable, CaseIterable {
    /// Current weather and the next days for one city.
    case city
    /// The next 24 hours as a curve.
    case hourly
    /// The indoor sensor.
    case indoor
    /// A map of the favourites.
    case map
}

/// The kinds of display the kiosk drives.
public enum DisplayKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// A Linux framebuffer device (HDMI, DSI, SPI TFT).
    case framebuffer
    /// A character LCD behind a PCF8574 I2C backpack.
    case hd44780
    /// A 128×64 or 128×32 SSD1306 OLED over I2C.
    case ssd1306
    /// A 128×64 SH1106 OLED over I2C.
    case sh1106
    /// A PNG file rewritten on every frame.
    case png
    /// The terminal, in 24-bit colour.
    case terminal
}

/// Colour theme.
public enum Theme: String, Sendable, Hashable, Codable, CaseIterable {
    /// Light text on a dark background: calm at night.
    case dark
    /// Dark text on a light background.
    case light
}

/// What the display does at night.
public enum NightMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// The display is blanked.
    case off
    /// The display is dimmed.
    case dim
}

/// The night window: from `from` to `to` local time, possibly across midnight.
public struct NightWindow: Sendable, Hashable {
    /// Start of the night.
    public var from: TimeOfDay
    /// End of the night.
    public var to: TimeOfDay
    /// Blank or dim.
    public var mode: NightMode

    /// Creates a night window.
    public init(from: TimeOfDay, to: TimeOfDay, mode: NightMode) {
        self.from = from
        self.to = to
        self.mode = mode
    }

    /// Whether the local time `minuteOfDay` (0…1439) falls inside the window.
    public func contains(minuteOfDay minute: Int) -> Bool {
        let start = from.minuteOfDay
        let end = to.minuteOfDay
        if start == end { return false }
        return start < end ? (minute >= start && minute < end) : (minute >= start || minute < end)
    }
}

/// The `[display]` table.
public struct DisplaySettings: Sendable, Hashable {
    /// What kind of display.
    public var kind = DisplayKind.framebuffer
    /// Device path, or the PNG path for `png`.
    public var device = "/dev/fb0"
    /// The pages to cycle through, in order.
    public var pages: [Page] = [.city, .hourly, .indoor, .map]
    /// Seconds each page stays up.
    public var cycleSeconds = 15
    /// Seconds after a button press or command before cycling resumes.
    public var resumeAfterSeconds = 60
    /// Colour theme.
    public var theme = Theme.dark
    /// Night window; nil means never.
    public var night: NightWindow?

    /// The defaults.
    public init() {}
}

/// The kinds of indoor sensor.
public enum SensorKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// A Bosch BME280 (or BMP280) on I2C.
    case bme280
    /// The simulator's chip.
    case simulated
    /// No sensor.
    case none
}

/// The `[sensor]` table.
public struct SensorSettings: Sendable, Hashable {
    /// What kind of sensor.
    public var kind = SensorKind.bme280
    /// I2C bus number, `/dev/i2c-N`.
    public var bus = 1
    /// 7-bit I2C address, 0x76 or 0x77.
    public var address = 0x76
    /// Seconds between readings.
    public var intervalSeconds = 60
    /// Fixed temperature correction, °C, added to every reading.
    public var temperatureOffset = 0.0
    /// CPU-heat compensation factor; 0 turns it off.
    public var cpuHeatFactor = 0.0

    /// The defaults.
    public init() {}
}

/// Where button events come from.
public enum ButtonBackend: String, Sendable, Hashable, Codable, CaseIterable {
    /// GPIO lines through libgpiod.
    case gpiod
    /// A Linux input device (gpio-keys overlay, USB keypad).
    case evdev
    /// The terminal's keyboard (the simulator).
    case keyboard
    /// No buttons.
    case none
}

/// The `[buttons]` table.
public struct ButtonSettings: Sendable, Hashable {
    /// Where events come from.
    public var backend = ButtonBackend.gpiod
    /// Line of the "next" button: a line name such as "GPIO17" or a BCM offset.
    public var next = "GPIO17"
    /// Line of the "previous" button.
    public var previous = "GPIO27"
    /// Line of the "select" button.
    public var select = "GPIO22"
    /// Milliseconds a press must last to count as long.
    public var longPressMilliseconds = 800

    /// The defaults.
    public init() {}
}

/// The `[control]` table.
public struct ControlSettings: Sendable, Hashable {
    /// Path of the control socket.
    public var socket = "/run/weather-kiosk/control.sock"

    /// The default path.
    public init() {}
}
