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
    /// The picture size for PNG and terminal displays (a framebuffer reports its own).
    public var size = PixelSize(width: 800, height: 480)
    /// Night window; nil means never.
    public var night: NightWindow?

    /// The defaults.
    public init() {}
}
