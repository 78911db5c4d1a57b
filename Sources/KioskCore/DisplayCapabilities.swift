/// How far the picture is turned clockwise on the panel (`display.rotate`), as the kernel's
/// `fbcon=rotate:1` means 90°: a landscape panel mounted on its side shows a portrait page
/// at 90° (panel turned a quarter anticlockwise) or 270° (turned clockwise).
public enum DisplayRotation: Int, Sendable, Hashable, Codable, CaseIterable,
    CustomStringConvertible
{
    /// As the panel scans out.
    case upright = 0
    /// A quarter turn clockwise.
    case clockwise = 90
    /// Upside down.
    case upsideDown = 180
    /// A quarter turn anticlockwise.
    case anticlockwise = 270

    /// Whether width and height trade places.
    public var swapsSides: Bool { self == .clockwise || self == .anticlockwise }

    /// The size of the page a viewer sees on a panel of `panel` pixels.
    public func pageSize(onPanel panel: PixelSize) -> PixelSize {
        swapsSides ? PixelSize(width: panel.height, height: panel.width) : panel
    }

    /// Where the page's pixel at column `x`, row `y` lands on a panel of `panel` pixels.
    public func panelPoint(ofPageX x: Int, y: Int, panel: PixelSize) -> (x: Int, y: Int) {
        switch self {
        case .upright: (x, y)
        case .clockwise: (panel.width - 1 - y, x)
        case .upsideDown: (panel.width - 1 - x, panel.height - 1 - y)
        case .anticlockwise: (y, panel.height - 1 - x)
        }
    }

    /// "0°", "90°", …
    public var description: String { "\(rawValue)°" }
}

/// What a display is made of: pixels, or character cells.
public enum DisplaySurface: Sendable, Hashable {
    /// A pixel panel of this size, in its own orientation.
    case pixels(PixelSize)
    /// A character LCD of this many cells.
    case cells(CharacterGridSize)
}

/// Which colours a display can show.
public enum DisplayColors: Sendable, Hashable {
    /// Any colour, narrowed to `bitsPerPixel` in the layout `format` names ("RGB565").
    case direct(bitsPerPixel: Int, format: String)
    /// Only these colours, 0xRRGGBB each: an e-paper panel's inks.
    case palette([UInt32])
    /// Lit or not: an OLED or a character LCD.
    case monochrome
}

/// What a display can do, so that whoever plans frames for it (the reducer, the worker)
/// needs no knowledge of its kind: a TFT redraws every few seconds in full colour, an
/// e-paper panel minutes apart in a few inks, perhaps only where something changed.
public struct DisplayCapabilities: Sendable, Hashable, CustomStringConvertible {
    /// Pixels or character cells, in the panel's own orientation.
    public var surface: DisplaySurface
    /// The colours it shows.
    public var colors: DisplayColors
    /// The shortest sensible time between two full refreshes: zero for a screen that
    /// redraws at once, tens of seconds for e-paper (more often wears it and ghosts).
    public var minimumRefreshInterval: Duration
    /// Whether it can redraw part of the picture without a full refresh.
    public var partialRefresh: Bool
    /// How the picture is turned for the viewer (pixel displays; cells are never turned).
    public var rotation: DisplayRotation

    /// Creates a description.
    public init(
        surface: DisplaySurface, colors: DisplayColors,
        minimumRefreshInterval: Duration = .zero, partialRefresh: Bool = false,
        rotation: DisplayRotation = .upright
    ) {
        self.surface = surface
        self.colors = colors
        self.minimumRefreshInterval = minimumRefreshInterval
        self.partialRefresh = partialRefresh
        self.rotation = rotation
    }

    /// A screen that shows any colour at once, as framebuffers and PNG files do.
    public static func screen(
        _ size: PixelSize, bitsPerPixel: Int = 32, format: String = "XRGB8888"
    ) -> DisplayCapabilities {
        DisplayCapabilities(
            surface: .pixels(size), colors: .direct(bitsPerPixel: bitsPerPixel, format: format),
            partialRefresh: true)
    }

    /// The size pages are laid out at, as the viewer sees them (the panel's size turned by
    /// `rotation`); nil for a character display.
    public var pageSize: PixelSize? {
        guard case .pixels(let panel) = surface else { return nil }
        return rotation.pageSize(onPanel: panel)
    }

    /// The same display turned by `rotation`.
    public func rotated(_ rotation: DisplayRotation) -> DisplayCapabilities {
        var turned = self
        turned.rotation = rotation
        return turned
    }

    /// "800x480 RGB565, rotated 90° (480x800 page)" or "20x4 characters".
    public var description: String {
        switch surface {
        case .cells(let grid):
            return "\(grid) characters"
        case .pixels(let panel):
            var text = panel.description
            switch colors {
            case .direct(_, let format): text += " \(format)"
            case .palette(let inks): text += " \(inks.count) colours"
            case .monochrome: text += " monochrome"
            }
            if rotation != .upright {
                text += ", rotated \(rotation) (\(rotation.pageSize(onPanel: panel)) page)"
            }
            return text
        }
    }
}
