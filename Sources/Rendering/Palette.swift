public import KioskCore

/// A colour with straight (not premultiplied) components from 0 to 1.
public struct Color: Sendable, Hashable {
    /// Red.
    public var red: Double
    /// Green.
    public var green: Double
    /// Blue.
    public var blue: Double
    /// Opacity.
    public var alpha: Double

    /// Creates a colour from components.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Creates an opaque colour from 0xRRGGBB.
    public init(hex: UInt32) {
        self.init(
            red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
            blue: Double(hex & 0xFF) / 255)
    }

    /// The same colour with another opacity.
    public func withAlpha(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Relative luminance (Rec. 709 weights on the components as stored).
    public var luminance: Double { 0.2126 * red + 0.7152 * green + 0.0722 * blue }

    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = Color(red: 1, green: 1, blue: 1)
}

/// How colours are produced: full colour, or only black and white for 1-bit displays.
public enum RenderMode: String, Sendable, Hashable, CaseIterable {
    /// Full colour with anti-aliasing.
    case color
    /// Pure black and white without anti-aliasing, for 1-bit displays; every colour of the
    /// palette becomes the foreground or the background by its lightness.
    case monochrome
}

/// The colours of a theme, each named for what it means on the page.
public struct Palette: Sendable, Hashable {
    /// The page background; also the sea on the map.
    public var background: Color
    /// Bands and cards that sit on the background.
    public var surface: Color
    /// Main text and numbers.
    public var primary: Color
    /// Labels, units, secondary text.
    public var secondary: Color
    /// Grid lines and separators.
    public var faint: Color
    /// Highlights: the "now" marker, the selected city.
    public var accent: Color
    /// Warm values: high temperatures, the temperature curve.
    public var warm: Color
    /// Cool values: low temperatures.
    public var cool: Color
    /// Precipitation: probability bars and the drop mark.
    public var precipitation: Color
    /// Humidity.
    public var humidity: Color
    /// Pressure.
    public var pressure: Color
    /// The sun of the icons.
    public var sun: Color
    /// The moon of the night icons.
    public var moon: Color
    /// A light cloud.
    public var cloud: Color
    /// A heavy, dark cloud.
    public var darkCloud: Color
    /// Rain drops.
    public var rain: Color
    /// Snow flakes, hail and ice.
    public var snow: Color
    /// Lightning.
    public var lightning: Color
    /// Land on the map.
    public var land: Color
    /// Stale-data notices.
    public var warning: Color
    /// Error notices.
    public var error: Color

    /// The palette of a theme.
    public static func forTheme(_ theme: Theme) -> Palette {
        switch theme {
        case .dark: dark
        case .light: light
        case .paper: paper(inks: [0xFFFFFF, 0x000000, 0xC00000])
        }
    }

    /// Calm light-on-dark colours for a room at night.
    public static let dark = Palette(
        background: Color(hex: 0x0D1117), surface: Color(hex: 0x161C24),
        primary: Color(hex: 0xF0F3F6), secondary: Color(hex: 0x9BA7B4),
        faint: Color(hex: 0x2B3440), accent: Color(hex: 0x58A6FF), warm: Color(hex: 0xFFA45C),
        cool: Color(hex: 0x6CB6FF), precipitation: Color(hex: 0x3D8BFD),
        humidity: Color(hex: 0x4FC3F7), pressure: Color(hex: 0xC297FF), sun: Color(hex: 0xFFC53D),
        moon: Color(hex: 0xEDE6C8), cloud: Color(hex: 0xD3DAE2), darkCloud: Color(hex: 0x8C97A4),
        rain: Color(hex: 0x4FA3FF), snow: Color(hex: 0xE8F1FF), lightning: Color(hex: 0xFFD43B),
        land: Color(hex: 0x2A3646), warning: Color(hex: 0xF5B93D),
        error: Color(hex: 0xFF6B6B))

    /// Dark-on-light colours for a bright room.
    public static let light = Palette(
        background: Color(hex: 0xF4F6F8), surface: Color(hex: 0xFFFFFF),
        primary: Color(hex: 0x1B1F24), secondary: Color(hex: 0x57606A),
        faint: Color(hex: 0xD0D7DE), accent: Color(hex: 0x0969DA), warm: Color(hex: 0xD4580B),
        cool: Color(hex: 0x0969DA), precipitation: Color(hex: 0x2F81F7),
        humidity: Color(hex: 0x0A8BBF), pressure: Color(hex: 0x8250DF), sun: Color(hex: 0xF5A000),
        moon: Color(hex: 0x9A8F5E), cloud: Color(hex: 0xA3ADB8), darkCloud: Color(hex: 0x6E7781),
        rain: Color(hex: 0x1F78E0), snow: Color(hex: 0x6FA8DC), lightning: Color(hex: 0xE0A100),
        land: Color(hex: 0xD5DCE3), warning: Color(hex: 0x9A6700),
        error: Color(hex: 0xCF222E))
}
