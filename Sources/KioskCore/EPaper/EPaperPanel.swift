/// The e-paper controllers the drivers speak.
public enum EPaperController: String, Sendable, Hashable, CaseIterable {
    /// UltraChip UC8159: Inky Impression 5.7" and 4", seven colours.
    case uc8159 = "UC8159"
    /// AC073TC1A: Inky Impression 7.3" (2023), seven colours.
    case ac073tc1a = "AC073TC1A"
    /// Solomon SSD1683: Inky wHAT (2022 on), black, white and red or yellow.
    case ssd1683 = "SSD1683"
    /// UltraChip UC8179 (EK79655): Waveshare 7.5" V2, black and white.
    case uc8179 = "UC8179"
}

/// One e-paper panel we drive: its controller, size, inks and refresh limits, so that
/// the catalog, the renderer and the reducer need no other knowledge of it.
public struct EPaperPanel: Sendable, Hashable, CustomStringConvertible {
    /// The `display.kind` value that names it: "inky-impression-5.7".
    public var kind: String
    /// What a person calls it: "Inky Impression 5.7\"".
    public var name: String
    /// The controller.
    public var controller: EPaperController
    /// Width × height in the controller's own scan order.
    public var size: PixelSize
    /// The inks in the controller's index order, 0xRRGGBB: index `i` of a frame is ink `i`.
    public var inks: [UInt32]
    /// Whether the controller can redraw without a full refresh (flashing) cycle.
    public var partialRefresh: Bool
    /// The longest a full refresh keeps BUSY asserted on a healthy panel, with margin: the
    /// driver's timeout.
    public var refreshTimeout: Duration
    /// The default `display.min_refresh_minutes`: more often wears the panel and ghosts.
    public var minimumRefreshMinutes: Int

    /// "Inky Impression 5.7\" (UC8159, 600x448, 7 colours)".
    public var description: String {
        "\(name) (\(controller.rawValue), \(size), \(inks.count) colours)"
    }

    /// What the display port reports for it.
    public var capabilities: DisplayCapabilities {
        DisplayCapabilities(
            surface: .pixels(size), colors: .palette(inks),
            minimumRefreshInterval: .seconds(minimumRefreshMinutes * 60),
            partialRefresh: partialRefresh)
    }

    /// The seven inks of the Impression panels: black, white, green, blue, red, yellow,
    /// orange, in the controllers' index order.
    public static let sevenColourInks: [UInt32] = [
        0x000000, 0xFFFFFF, 0x00A000, 0x0000FF, 0xFF0000, 0xFFFF00, 0xFF8C00,
    ]

    /// Inky Impression 5.7": UC8159, 600×448.
    public static let inkyImpression57 = EPaperPanel(
        kind: "inky-impression-5.7", name: "Inky Impression 5.7\"", controller: .uc8159,
        size: PixelSize(width: 600, height: 448), inks: sevenColourInks, partialRefresh: false,
        refreshTimeout: .seconds(32), minimumRefreshMinutes: 15)
    /// Inky Impression 4": UC8159, 640×400.
    public static let inkyImpression4 = EPaperPanel(
        kind: "inky-impression-4", name: "Inky Impression 4\"", controller: .uc8159,
        size: PixelSize(width: 640, height: 400), inks: sevenColourInks, partialRefresh: false,
        refreshTimeout: .seconds(32), minimumRefreshMinutes: 15)
    /// Inky Impression 7.3": AC073TC1A, 800×480; a refresh takes about 41 s.
    public static let inkyImpression73 = EPaperPanel(
        kind: "inky-impression-7.3", name: "Inky Impression 7.3\"", controller: .ac073tc1a,
        size: PixelSize(width: 800, height: 480), inks: sevenColourInks, partialRefresh: false,
        refreshTimeout: .seconds(45), minimumRefreshMinutes: 15)
    /// Inky wHAT, red: SSD1683, 400×300, white, black, red.
    public static let inkyWhatRed = EPaperPanel(
        kind: "inky-what-red", name: "Inky wHAT (red)", controller: .ssd1683,
        size: PixelSize(width: 400, height: 300), inks: [0xFFFFFF, 0x000000, 0xC00000],
        partialRefresh: false, refreshTimeout: .seconds(32), minimumRefreshMinutes: 10)
    /// Inky wHAT, yellow: SSD1683, 400×300, white, black, yellow.
    public static let inkyWhatYellow = EPaperPanel(
        kind: "inky-what-yellow", name: "Inky wHAT (yellow)", controller: .ssd1683,
        size: PixelSize(width: 400, height: 300), inks: [0xFFFFFF, 0x000000, 0xE0C000],
        partialRefresh: false, refreshTimeout: .seconds(32), minimumRefreshMinutes: 10)
    /// Inky wHAT, black: SSD1683, 400×300, white and black.
    public static let inkyWhatBlack = EPaperPanel(
        kind: "inky-what-black", name: "Inky wHAT (black)", controller: .ssd1683,
        size: PixelSize(width: 400, height: 300), inks: [0xFFFFFF, 0x000000],
        partialRefresh: false, refreshTimeout: .seconds(32), minimumRefreshMinutes: 10)
    /// Waveshare 7.5" V2: UC8179, 800×480, black and white, with partial refresh.
    public static let waveshare7in5V2 = EPaperPanel(
        kind: "waveshare-7in5-v2", name: "Waveshare 7.5\" V2", controller: .uc8179,
        size: PixelSize(width: 800, height: 480), inks: [0xFFFFFF, 0x000000],
        partialRefresh: true, refreshTimeout: .seconds(20), minimumRefreshMinutes: 5)

    /// Every panel, in the order docs/displays.md lists them.
    public static let all: [EPaperPanel] = [
        inkyImpression57, inkyImpression4, inkyImpression73, inkyWhatRed, inkyWhatYellow,
        inkyWhatBlack, waveshare7in5V2,
    ]

    /// The panel `display.kind` names; nil for another kind.
    public static func named(_ kind: String) -> EPaperPanel? {
        all.first { $0.kind == kind }
    }
}

/// A picture for an e-paper panel: one ink index per pixel (into `EPaperPanel.inks`),
/// row-major, top row first, in the controller's own orientation.
public struct EPaperFrame: Sendable, Hashable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width × height` ink indices.
    public var indices: [UInt8]

    /// Wraps indices; `indices.count` must be `width × height` (a programmer error
    /// otherwise).
    public init(width: Int, height: Int, indices: [UInt8]) {
        precondition(width > 0 && height > 0 && indices.count == width * height)
        self.width = width
        self.height = height
        self.indices = indices
    }

    /// A frame of one ink.
    public init(width: Int, height: Int, filledWith index: UInt8) {
        self.init(
            width: width, height: height,
            indices: Array(repeating: index, count: width * height))
    }

    /// The ink index at column `x`, row `y`.
    public subscript(x x: Int, y y: Int) -> UInt8 {
        get { indices[y * width + x] }
        set { indices[y * width + x] = newValue }
    }

    /// The image a viewer sees on a panel with `inks`.
    public func image(inks: [UInt32]) -> PixelImage {
        PixelImage(
            width: width, height: height,
            pixels: indices.map { 0xFF00_0000 | inks[min(Int($0), inks.count - 1)] })
    }
}
