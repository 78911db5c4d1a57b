/// A width and a height in pixels.
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// Creates a size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Parses "800x480" (also with "×" or "X"); nil unless both are whole numbers from 16
    /// to 8192.
    public init?(parsing text: some StringProtocol) {
        let parts = text.split(omittingEmptySubsequences: false) { "xX×".contains($0) }
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
            Self.acceptedRange.contains(width), Self.acceptedRange.contains(height)
        else { return nil }
        self.init(width: width, height: height)
    }

    /// The sides `init(parsing:)` accepts.
    public static let acceptedRange = 16...8192

    /// Whether the picture is taller than wide.
    public var isPortrait: Bool { height > width }

    /// "800x480".
    public var description: String { "\(width)x\(height)" }
}

/// A picture for a pixel display, in Cairo's ARGB32 layout: one `UInt32` per pixel,
/// 0xAARRGGBB with the colour premultiplied by alpha, rows top to bottom without padding.
/// Pages are opaque (alpha 0xFF), so the value is the colour as it appears over black.
public struct PixelImage: Sendable, Hashable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width × height` pixels, row-major, top row first.
    public var pixels: [UInt32]

    /// Wraps pixels; `pixels.count` must be `width × height` (a programmer error otherwise).
    public init(width: Int, height: Int, pixels: [UInt32]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height)
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// An image of one colour, opaque black by default.
    public init(width: Int, height: Int, filledWith pixel: UInt32 = 0xFF00_0000) {
        self.init(
            width: width, height: height,
            pixels: Array(repeating: pixel, count: max(0, width) * max(0, height)))
    }

    /// The image's size.
    public var size: PixelSize { PixelSize(width: width, height: height) }

    /// The pixel at column `x`, row `y`.
    public subscript(x x: Int, y y: Int) -> UInt32 {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }
}

/// What a display's light output should be.
public enum DisplayPower: String, Sendable, Hashable, Codable, CaseIterable {
    /// Normal brightness.
    case on
    /// Dimmed, for night mode "dim".
    case dim
    /// Blanked, for night mode "off".
    case off
}

/// A pixel display the pages are shown on: a framebuffer, a PNG file, the terminal; later
/// an e-paper panel or a DRM/KMS screen, each one new adapter behind this port.
///
/// The contract every implementation keeps:
/// - `capabilities` says what the panel is (size in its own orientation, colours, the
///   shortest sensible time between full refreshes, partial refresh), so that nobody needs
///   to know which kind of display it is; it does not change while the display is open;
/// - `show` and `setPower` block until the display has the frame or the new state, so the
///   caller runs them on a thread of its own, never on the cooperative pool;
/// - frames come in the panel's own orientation (rotation is done before `show`); an image
///   of another size than `size` is drawn from the top-left corner, cropped, and the rest
///   of the screen is black;
/// - a frame shown while the power is `off` is kept and appears when it is turned on again;
///   while `dim`, frames appear dimmed;
/// - a failure throws an error whose description is one sentence naming the device or file
///   and what to do; the display stays usable, so the next call may succeed;
/// - `close()` gives the device back (the console to text mode, DRM master, a panel to
///   sleep); it may be called more than once, and a call after it may throw.
public protocol Display: Sendable {
    /// The panel's size in its own orientation: the size frames are shown at.
    var size: PixelSize { get }

    /// What the display is and can do.
    var capabilities: DisplayCapabilities { get }

    /// A problem that does not stop the frames but spoils them (the console could not be
    /// put in graphics mode, so its text may show over the picture); nil when there is none.
    var warning: String? { get }

    /// Puts a frame on the display.
    /// - Throws: an error naming the device or file when the frame could not be written.
    func show(_ image: PixelImage) throws

    /// Turns the display on, dims it or blanks it.
    /// - Throws: an error naming the device when the state could not be changed.
    func setPower(_ power: DisplayPower) throws

    /// Gives the device back; safe to call more than once.
    func close()
}

extension Display {
    /// No problem, for displays that have none to report.
    public var warning: String? { nil }
}
