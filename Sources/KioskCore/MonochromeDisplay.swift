/// A 1-bit picture in the memory layout of SSD1306-class OLED controllers: the rows in
/// pages of eight, each byte one column of a page with bit 0 the page's top row, pages top
/// to bottom.
public struct MonochromeBitmap: Sendable, Hashable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels, a multiple of 8.
    public let height: Int
    /// `pageCount × width` bytes: page 0's columns left to right, then page 1's, …
    public private(set) var bytes: [UInt8]

    /// A dark bitmap.
    /// - Precondition: a positive width and a positive height that is a multiple of 8.
    public init(width: Int, height: Int) {
        precondition(width > 0 && height > 0 && height % 8 == 0)
        self.width = width
        self.height = height
        bytes = Array(repeating: 0, count: width * height / 8)
    }

    /// A bitmap from its page bytes.
    /// - Precondition: `width × height / 8` bytes and a height that is a multiple of 8.
    public init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(width > 0 && height > 0 && height % 8 == 0)
        precondition(bytes.count == width * height / 8)
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// The bitmap of a picture: a pixel is lit when its luminance is at least half.
    /// Pictures from the renderer's monochrome mode are pure black and white already.
    /// - Precondition: a height that is a multiple of 8.
    public init(_ image: PixelImage) {
        self.init(width: image.width, height: image.height)
        for y in 0..<height {
            for x in 0..<width where Self.isLit(image.pixels[y * width + x]) {
                self[x: x, y: y] = true
            }
        }
    }

    /// Whether an ARGB32 pixel counts as lit: Rec. 601 luma of at least 128.
    public static func isLit(_ pixel: UInt32) -> Bool {
        let red = (pixel >> 16) & 0xFF
        let green = (pixel >> 8) & 0xFF
        let blue = pixel & 0xFF
        return 299 * red + 587 * green + 114 * blue >= 128 * 1000
    }

    /// Pages of eight rows.
    public var pageCount: Int { height / 8 }

    /// The size in pixels.
    public var size: PixelSize { PixelSize(width: width, height: height) }

    /// Whether the pixel at column `x`, row `y` is lit.
    public subscript(x x: Int, y y: Int) -> Bool {
        get { bytes[(y / 8) * width + x] & (1 << UInt8(y % 8)) != 0 }
        set {
            let index = (y / 8) * width + x
            let bit = UInt8(1) << UInt8(y % 8)
            if newValue { bytes[index] |= bit } else { bytes[index] &= ~bit }
        }
    }

    /// The bytes of page `index`, one per column.
    public func page(_ index: Int) -> ArraySlice<UInt8> {
        bytes[index * width..<(index + 1) * width]
    }

    /// The picture moved right by `x` and down by `y` pixels; what moves out is lost and
    /// what moves in is dark.
    public func shifted(x dx: Int, y dy: Int) -> MonochromeBitmap {
        if dx == 0 && dy == 0 { return self }
        var result = MonochromeBitmap(width: width, height: height)
        for y in max(0, dy)..<min(height, height + dy) {
            for x in max(0, dx)..<min(width, width + dx) where self[x: x - dx, y: y - dy] {
                result[x: x, y: y] = true
            }
        }
        return result
    }

    /// The bitmap at `size` (height a multiple of 8): cropped at the right and bottom or
    /// padded there with dark pixels.
    public func fitted(to size: PixelSize) -> MonochromeBitmap {
        if size == self.size { return self }
        var result = MonochromeBitmap(width: size.width, height: size.height)
        for y in 0..<min(height, size.height) {
            for x in 0..<min(width, size.width) where self[x: x, y: y] {
                result[x: x, y: y] = true
            }
        }
        return result
    }

    /// The bitmap as a picture: lit pixels in `lit`, the others in `dark` (ARGB32).
    public func image(lit: UInt32 = 0xFFFF_FFFF, dark: UInt32 = 0xFF00_0000) -> PixelImage {
        var image = PixelImage(width: width, height: height, filledWith: dark)
        for y in 0..<height {
            for x in 0..<width where self[x: x, y: y] {
                image.pixels[y * width + x] = lit
            }
        }
        return image
    }
}

/// A 1-bit pixel display: an SSD1306 or SH1106 OLED.
///
/// The contract every implementation keeps:
/// - `show` and `setPower` suspend until the display has the bitmap or the new state; they
///   never block a thread of the cooperative pool. Calls on one display come from one owner
///   and do not overlap.
/// - A bitmap of another size than `size` is drawn from the top-left corner, cropped, and
///   the rest of the screen is dark.
/// - A bitmap shown while the power is `off` is kept and appears when it is turned on
///   again; `dim` lowers the contrast.
/// - A failure throws an error whose description is one sentence naming the device and what
///   to do; the display stays usable, and the next call sets the controller up again.
///
/// Unlike `Display` the calls are asynchronous: these displays sit on the `I2CDevice`
/// port, which suspends instead of blocking.
public protocol MonochromeDisplay: Sendable {
    /// The panel's size in pixels.
    var size: PixelSize { get }

    /// Puts a bitmap on the display.
    /// - Throws: an error naming the device when the bitmap could not be written.
    func show(_ bitmap: MonochromeBitmap) async throws

    /// Turns the display on, dims it (lower contrast) or blanks it.
    /// - Throws: an error naming the device when the state could not be changed.
    func setPower(_ power: DisplayPower) async throws
}
