/// Where one colour lies in a framebuffer pixel: its lowest bit and how many bits it has.
public struct ColorChannel: Sendable, Hashable {
    /// The lowest bit, counted from the least significant bit of the pixel value.
    public var offset: Int
    /// The number of bits.
    public var length: Int

    /// Creates a channel.
    public init(offset: Int, length: Int) {
        self.offset = offset
        self.length = length
    }
}

/// A framebuffer's pixel layout, as FBIOGET_VSCREENINFO describes it: bits per pixel and
/// where red, green and blue lie in the pixel value (stored in the machine's byte order).
public struct PixelFormat: Sendable, Hashable, CustomStringConvertible {
    /// Bits per pixel: 16, 24 or 32.
    public let bitsPerPixel: Int
    /// Red.
    public let red: ColorChannel
    /// Green.
    public let green: ColorChannel
    /// Blue.
    public let blue: ColorChannel

    /// The depths this kiosk can draw.
    public static let supportedDepths: Set<Int> = [16, 24, 32]

    /// A format; nil unless the depth is supported and every channel is 1 to 8 bits inside
    /// the pixel without overlapping another.
    public init?(bitsPerPixel: Int, red: ColorChannel, green: ColorChannel, blue: ColorChannel) {
        guard Self.supportedDepths.contains(bitsPerPixel) else { return nil }
        let channels = [red, green, blue]
        for channel in channels {
            guard (1...8).contains(channel.length), channel.offset >= 0,
                channel.offset + channel.length <= bitsPerPixel
            else { return nil }
        }
        for (index, channel) in channels.enumerated() {
            for other in channels[(index + 1)...]
            where channel.offset < other.offset + other.length
                && other.offset < channel.offset + channel.length
            {
                return nil
            }
        }
        self.bitsPerPixel = bitsPerPixel
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Bytes per pixel.
    public var bytesPerPixel: Int { bitsPerPixel / 8 }

    /// The bits of a pixel that no colour uses.
    public var unusedBits: UInt32 {
        let all: UInt32 = bitsPerPixel == 32 ? 0xFFFF_FFFF : (1 << UInt32(bitsPerPixel)) - 1
        var used: UInt32 = 0
        for channel in [red, green, blue] {
            used |= ((1 << UInt32(channel.length)) - 1) << UInt32(channel.offset)
        }
        return all & ~used
    }

    /// 16-bit 5-6-5, red in the high bits: the Raspberry Pi's KMS default and most SPI TFTs.
    public static let rgb565 = PixelFormat(
        bitsPerPixel: 16, red: ColorChannel(offset: 11, length: 5),
        green: ColorChannel(offset: 5, length: 6), blue: ColorChannel(offset: 0, length: 5))!
    /// 16-bit 5-6-5, blue in the high bits.
    public static let bgr565 = PixelFormat(
        bitsPerPixel: 16, red: ColorChannel(offset: 0, length: 5),
        green: ColorChannel(offset: 5, length: 6), blue: ColorChannel(offset: 11, length: 5))!
    /// 32-bit with red in bits 16–23: the layout of Cairo's own pixels.
    public static let xrgb8888 = PixelFormat(
        bitsPerPixel: 32, red: ColorChannel(offset: 16, length: 8),
        green: ColorChannel(offset: 8, length: 8), blue: ColorChannel(offset: 0, length: 8))!
    /// 32-bit with red in bits 0–7.
    public static let xbgr8888 = PixelFormat(
        bitsPerPixel: 32, red: ColorChannel(offset: 0, length: 8),
        green: ColorChannel(offset: 8, length: 8), blue: ColorChannel(offset: 16, length: 8))!
    /// 24-bit packed with red in bits 16–23.
    public static let rgb888 = PixelFormat(
        bitsPerPixel: 24, red: ColorChannel(offset: 16, length: 8),
        green: ColorChannel(offset: 8, length: 8), blue: ColorChannel(offset: 0, length: 8))!

    /// "RGB565", "XBGR8888", or the channel layout for anything else.
    public var description: String {
        switch self {
        case .rgb565: "RGB565"
        case .bgr565: "BGR565"
        case .xrgb8888: "XRGB8888"
        case .xbgr8888: "XBGR8888"
        case .rgb888: "RGB888"
        default:
            "\(bitsPerPixel) bpp (red \(red.length)@\(red.offset), green \(green.length)@\(green.offset), blue \(blue.length)@\(blue.offset))"
        }
    }
}
