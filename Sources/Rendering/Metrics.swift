import KioskCore

/// The sizes a page is laid out with, relative to the screen: a design for 800×480
/// (landscape) or 480×800 (portrait), scaled to fit, with floors so that nothing becomes
/// too small to read on a 320×240 screen.
struct Metrics {
    /// The kinds of text on a page.
    enum TextRole {
        /// The current temperature.
        case hero
        /// Values in tiles and the day's highs and lows.
        case large
        /// Page titles.
        case title
        /// Day names, secondary headings.
        case heading
        /// Ordinary values.
        case body
        /// Labels, the footer, notices.
        case small

        /// Size in pixels on the 800×480 design.
        var designSize: Double {
            switch self {
            case .hero: 132
            case .large: 44
            case .title: 30
            case .heading: 24
            case .body: 22
            case .small: 17
            }
        }

        /// The smallest size the role takes, however small the screen.
        var floor: Double {
            switch self {
            case .hero: 40
            case .large: 18
            case .title: 15
            case .heading: 13
            case .body: 12
            case .small: 10
            }
        }
    }

    /// Screen size.
    let size: PixelSize
    /// Screen size over the design size.
    let scale: Double

    init(size: PixelSize) {
        self.size = size
        let designWidth = size.isPortrait ? 480.0 : 800.0
        let designHeight = size.isPortrait ? 800.0 : 480.0
        scale = min(Double(size.width) / designWidth, Double(size.height) / designHeight)
    }

    /// Taller than wide.
    var isPortrait: Bool { size.isPortrait }

    /// Whether a screen is an OLED-sized one (128×64, 128×32), drawn with the tiny layouts.
    static func isTiny(_ size: PixelSize) -> Bool { size.height < 120 || size.width < 160 }

    /// Small screens (320×240, 480×320) drop decoration to keep the numbers large.
    var isCompact: Bool { scale < 0.7 }

    /// The text size of a role.
    func font(_ role: TextRole) -> Double { max(role.designSize * scale, role.floor) }

    /// A length of the 800×480 design, scaled.
    func length(_ design: Double) -> Double { design * scale }

    /// The margin around the page and between blocks.
    var margin: Double { max(6, 18 * scale) }

    /// The gap between neighbouring blocks.
    var gap: Double { max(4, 12 * scale) }

    /// The width of strokes such as curves and outlines.
    func stroke(_ design: Double) -> Double { max(1, design * scale) }
}
