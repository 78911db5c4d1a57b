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
    /// The Sun, the Moon and the UV index at one favourite today.
    case sky
    /// The air quality at one favourite: its index, pollutants, pollen and next hours.
    case air
    /// Everything about one favourite on one screen: the default on e-paper panels.
    case dashboard
}

/// The kinds of display the kiosk drives. The e-paper panels are `EPaperPanel.all`, named by
/// their `kind` ("inky-impression-5.7"): that list is the only one.
public enum DisplayKind: Sendable, Hashable, Codable, CaseIterable, RawRepresentable,
    CustomStringConvertible
{
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
    /// DRM/KMS when a connector has a screen, else the framebuffer (`display.device`).
    case auto
    /// A DRM/KMS screen (`/dev/dri/card*`): HDMI, DSI, DPI or composite, with page flips.
    case drm
    /// A Pimoroni Inky on SPI, the panel read from the board's EEPROM on I2C.
    case inky
    /// A named e-paper panel on SPI.
    case ePaper(EPaperPanel)

    /// Every kind: the screens, `inky`, then each e-paper panel.
    public static var allCases: [DisplayKind] {
        [.framebuffer, .hd44780, .ssd1306, .sh1106, .png, .terminal, .auto, .drm, .inky]
            + EPaperPanel.all.map { .ePaper($0) }
    }

    /// The kind `display.kind` names; nil for a name that is none.
    public init?(rawValue: String) {
        guard let kind = Self.allCases.first(where: { $0.rawValue == rawValue }) else {
            return nil
        }
        self = kind
    }

    /// The name in the config: "framebuffer", "inky", "inky-impression-5.7".
    public var rawValue: String {
        switch self {
        case .framebuffer: "framebuffer"
        case .hd44780: "hd44780"
        case .ssd1306: "ssd1306"
        case .sh1106: "sh1106"
        case .png: "png"
        case .terminal: "terminal"
        case .auto: "auto"
        case .drm: "drm"
        case .inky: "inky"
        case .ePaper(let panel): panel.kind
        }
    }

    /// The name in the config.
    public var description: String { rawValue }

    /// Whether it is an e-paper panel on SPI (`inky` or a named one).
    public var isEPaper: Bool {
        switch self {
        case .inky, .ePaper: true
        default: false
        }
    }
}

/// Colour theme.
public enum Theme: String, Sendable, Hashable, Codable, CaseIterable {
    /// Light text on a dark background: calm at night.
    case dark
    /// Dark text on a light background.
    case light
    /// Black on paper white in an e-paper panel's inks (its red or yellow for warnings and
    /// warm highs), no grey gradients: the default on e-paper panels.
    case paper
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
    /// The DRM connector to draw on ("HDMI-A-1", "card1-DSI-1"); nil for the first one
    /// with a screen.
    public var connector: String?
    /// The DRM mode to set; nil for the screen's preferred one.
    public var mode: ScreenModeRequest?
    /// The pages to cycle through, in order: `display.pages`, or without it the default
    /// for the display (`defaultPages(for:)`).
    public var pages: [Page] {
        get { configuredPages ?? Self.defaultPages(for: kind) }
        set { configuredPages = newValue }
    }
    /// `display.pages` as the config sets it; nil without the key.
    public var configuredPages: [Page]?

    /// The pages a display shows without `display.pages`: the dashboard alone on an e-paper
    /// panel, which shows one picture for many minutes and does not cycle; the city,
    /// hourly, indoor and map pages in turn on any other display.
    public static func defaultPages(for kind: DisplayKind) -> [Page] {
        kind.isEPaper ? [.dashboard] : [.city, .hourly, .indoor, .map]
    }
    /// Seconds each page stays up.
    public var cycleSeconds = 15
    /// Seconds after a button press or command before cycling resumes.
    public var resumeAfterSeconds = 60
    /// Colour theme.
    public var theme = Theme.dark
    /// The picture size for PNG and terminal displays (a framebuffer reports its own).
    public var size = PixelSize(width: 800, height: 480)
    /// How far pixel displays turn the picture clockwise, in software.
    public var rotate = DisplayRotation.upright
    /// A PNG file that gets every frame too, besides the display; nil for none.
    public var mirrorPNG: String?
    /// Night window; nil means never.
    public var night: NightWindow?
    /// The shortest time between two refreshes of an e-paper panel, minutes; nil for the
    /// panel's own (`EPaperPanel.minimumRefreshMinutes`).
    public var minRefreshMinutes: Int?
    /// I2C bus number of an LCD or OLED, `/dev/i2c-N`; nil means the sensor's bus.
    public var bus: Int?
    /// 7-bit I2C address of an LCD or OLED; nil means the kind's usual one
    /// (`defaultAddress(for:)`).
    public var address: Int?
    /// Characters per row of a character LCD.
    public var columns = 16
    /// Rows of a character LCD.
    public var rows = 2
    /// Width of an OLED, pixels.
    public var width = 128
    /// Height of an OLED, pixels.
    public var height = 64
    /// Which PCF8574 pin drives which LCD signal.
    public var pinMap = BackpackPinMap()

    /// The defaults.
    public init() {}

    /// These settings without the keys the kiosk reads on every frame or tick (pages,
    /// cycle, pause, theme, night window, e-paper interval): what a display is opened
    /// with, so that a change of any other key opens it again.
    public var hardware: DisplaySettings {
        var hardware = self
        let defaults = DisplaySettings()
        hardware.configuredPages = defaults.configuredPages
        hardware.cycleSeconds = defaults.cycleSeconds
        hardware.resumeAfterSeconds = defaults.resumeAfterSeconds
        hardware.theme = defaults.theme
        hardware.night = defaults.night
        hardware.minRefreshMinutes = defaults.minRefreshMinutes
        return hardware
    }

    /// The character LCD's size, `columns` × `rows`.
    public var characterGrid: CharacterGridSize {
        CharacterGridSize(columns: columns, rows: rows)
    }

    /// The OLED's size, `width` × `height`.
    public var panelSize: PixelSize { PixelSize(width: width, height: height) }

    /// The I2C address to use: `address`, or the kind's usual one.
    public var i2cAddress: Int { address ?? Self.defaultAddress(for: kind) }

    /// The usual I2C address of a kind: 0x27 for a PCF8574 backpack (0x3F on the PCF8574A
    /// variant), 0x3C for an OLED (0x3D with its address jumper moved); 0 for displays that
    /// are not on I2C.
    public static func defaultAddress(for kind: DisplayKind) -> Int {
        switch kind {
        case .hd44780: 0x27
        case .ssd1306, .sh1106: 0x3C
        case .auto, .drm, .framebuffer, .png, .terminal, .inky, .ePaper: 0
        }
    }

    /// The OLED sizes each controller kind supports.
    public static func panelSizes(for kind: DisplayKind) -> [PixelSize] {
        switch kind {
        case .ssd1306: [PixelSize(width: 128, height: 64), PixelSize(width: 128, height: 32)]
        case .sh1106: [PixelSize(width: 128, height: 64)]
        case .hd44780, .auto, .drm, .framebuffer, .png, .terminal, .inky, .ePaper: []
        }
    }

    /// The spidev device of an e-paper panel: `device`, or `/dev/spidev0.0` (CE0 of the
    /// header's SPI, where the Inky and Waveshare boards sit) while `device` is still the
    /// framebuffer's default.
    public var spiDevice: String {
        device == DisplaySettings().device ? "/dev/spidev0.0" : device
    }
}

extension KioskConfiguration {
    /// The I2C bus number of an LCD or OLED: `display.bus`, else the sensor's bus (they
    /// usually share the header's pins 3 and 5).
    public var displayI2CBus: Int { display.bus ?? sensor.bus }
}

extension DisplayKind {
    /// Whether the display sits on the I2C bus (an LCD or OLED).
    public var isI2C: Bool { self == .hd44780 || self == .ssd1306 || self == .sh1106 }
}

/// Which of a PCF8574 backpack's pins P0…P7 drives which HD44780 signal. The common
/// backpacks (marked "YwRobot", "FC-113") use P0 RS, P1 RW, P2 E, P3 backlight, P4–P7
/// D4–D7; others swap the halves.
public struct BackpackPinMap: Sendable, Hashable {
    /// Register select (command or character).
    public var registerSelect = 0
    /// Read/write; the kiosk only writes, so it stays low.
    public var readWrite = 1
    /// Enable: the controller takes a nibble when it falls.
    public var enable = 2
    /// The backlight transistor.
    public var backlight = 3
    /// Data lines D4…D7.
    public var data: [Int] = [4, 5, 6, 7]

    /// The usual mapping.
    public init() {}

    /// The signal names of the config table, in order: rs, rw, e, backlight, d4…d7.
    public static let signalNames = ["rs", "rw", "e", "backlight", "d4", "d5", "d6", "d7"]

    /// The pin (0…7) of the signal called `name` in the config table.
    public subscript(signal name: String) -> Int? {
        get {
            switch name {
            case "rs": registerSelect
            case "rw": readWrite
            case "e": enable
            case "backlight": backlight
            case "d4": data[0]
            case "d5": data[1]
            case "d6": data[2]
            case "d7": data[3]
            default: nil
            }
        }
        set {
            guard let newValue else { return }
            switch name {
            case "rs": registerSelect = newValue
            case "rw": readWrite = newValue
            case "e": enable = newValue
            case "backlight": backlight = newValue
            case "d4": data[0] = newValue
            case "d5": data[1] = newValue
            case "d6": data[2] = newValue
            case "d7": data[3] = newValue
            default: break
            }
        }
    }

    /// Two signals on one pin, if any: the first such pair in `signalNames` order.
    public var conflict: (first: String, second: String, pin: Int)? {
        let names = Self.signalNames
        for (index, name) in names.enumerated() {
            for other in names[(index + 1)...] where self[signal: name] == self[signal: other] {
                return (name, other, self[signal: name] ?? 0)
            }
        }
        return nil
    }
}
