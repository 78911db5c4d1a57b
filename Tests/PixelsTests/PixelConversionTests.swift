import KioskCore
import Pixels
import Testing

/// Known colours to the exact bytes of each framebuffer format (little-endian machines, as
/// the Pi and PCs are).
@Suite struct PixelConversionTests {
    struct Known: Sendable, CustomTestStringConvertible {
        var format: PixelFormat
        var pixel: UInt32
        var bytes: [UInt8]
        var testDescription: String { "\(format) 0x\(String(pixel, radix: 16))" }
    }

    static let known: [Known] = [
        // RGB565: rrrrrggg gggbbbbb, stored low byte first.
        Known(format: .rgb565, pixel: 0xFFFF_0000, bytes: [0x00, 0xF8]),
        Known(format: .rgb565, pixel: 0xFF00_FF00, bytes: [0xE0, 0x07]),
        Known(format: .rgb565, pixel: 0xFF00_00FF, bytes: [0x1F, 0x00]),
        Known(format: .rgb565, pixel: 0xFFFF_FFFF, bytes: [0xFF, 0xFF]),
        Known(format: .rgb565, pixel: 0xFF00_0000, bytes: [0x00, 0x00]),
        // 0x80 red → 10000 (0x10), 0x40 green → 010000 (0x10), 0x20 blue → 00100 (0x04).
        Known(format: .rgb565, pixel: 0xFF80_4020, bytes: [0x04, 0x82]),
        Known(format: .bgr565, pixel: 0xFFFF_0000, bytes: [0x1F, 0x00]),
        Known(format: .bgr565, pixel: 0xFF00_00FF, bytes: [0x00, 0xF8]),
        Known(format: .bgr565, pixel: 0xFF80_4020, bytes: [0x10, 0x22]),
        Known(format: .xrgb8888, pixel: 0xFF12_3456, bytes: [0x56, 0x34, 0x12, 0xFF]),
        Known(format: .xbgr8888, pixel: 0xFF12_3456, bytes: [0x12, 0x34, 0x56, 0xFF]),
        Known(format: .rgb888, pixel: 0xFF12_3456, bytes: [0x56, 0x34, 0x12]),
        // A layout with no fast path: 15-bit 5-5-5 in 16 bits, the top bit unused and set.
        Known(
            format: PixelFormat(
                bitsPerPixel: 16, red: ColorChannel(offset: 10, length: 5),
                green: ColorChannel(offset: 5, length: 5), blue: ColorChannel(offset: 0, length: 5))!,
            pixel: 0xFFFF_0000, bytes: [0x00, 0xFC]),
    ]

    @Test(arguments: known)
    func knownColourGivesExactBytes(_ case: Known) {
        let image = PixelImage(width: 1, height: 1, pixels: [`case`.pixel])
        #expect(PixelConverter(format: `case`.format).convert(image) == `case`.bytes)
    }

    @Test(arguments: [PixelFormat.rgb565, .bgr565, .xrgb8888, .xbgr8888])
    func fastPathsAgreeWithTheGeneralConversion(_ format: PixelFormat) {
        // Each fast path against the field-by-field definition, for every kind of colour.
        var pixels: [UInt32] = []
        var value: UInt32 = 0x1234_5678
        for _ in 0..<4096 {
            value = value &* 1_664_525 &+ 1_013_904_223
            pixels.append(0xFF00_0000 | value & 0x00FF_FFFF)
        }
        let image = PixelImage(width: 64, height: 64, pixels: pixels)
        let fast = PixelConverter(format: format).convert(image)
        var slow: [UInt8] = []
        for pixel in pixels {
            slow += PixelConverter(format: format).convertWithGeneralPath(pixel)
        }
        #expect(fast == slow)
    }

    @Test func impossibleLayoutsAreRefused() {
        let eight = ColorChannel(offset: 0, length: 8)
        #expect(PixelFormat(bitsPerPixel: 8, red: eight, green: eight, blue: eight) == nil)
        #expect(
            PixelFormat(
                bitsPerPixel: 16, red: ColorChannel(offset: 8, length: 8),
                green: ColorChannel(offset: 4, length: 8), blue: ColorChannel(offset: 0, length: 4))
                == nil)
        #expect(
            PixelFormat(
                bitsPerPixel: 16, red: ColorChannel(offset: 12, length: 8),
                green: ColorChannel(offset: 5, length: 6), blue: ColorChannel(offset: 0, length: 5))
                == nil)
    }

    @Test func dimmingScalesEveryChannel() {
        let image = PixelImage(width: 2, height: 1, pixels: [0xFFFF_FFFF, 0xFF80_4020])
        let dimmed = image.dimmed(to: 0.5)
        #expect(dimmed.pixels == [0xFF7F_7F7F, 0xFF40_2010])
    }

    @Test func fittingCropsAndPadsWithBlack() {
        let image = PixelImage(width: 3, height: 2, pixels: [1, 2, 3, 4, 5, 6])
        #expect(image.fitted(to: PixelSize(width: 2, height: 1)).pixels == [1, 2])
        #expect(
            image.fitted(to: PixelSize(width: 4, height: 3)).pixels == [
                1, 2, 3, 0xFF00_0000, 4, 5, 6, 0xFF00_0000, 0xFF00_0000, 0xFF00_0000, 0xFF00_0000,
                0xFF00_0000,
            ])
    }
}

extension PixelConverter {
    /// One pixel through the general (field by field) conversion.
    func convertWithGeneralPath(_ pixel: UInt32) -> [UInt8] {
        var value: UInt32 = format.unusedBits
        for (channel, shift) in [(format.red, 16), (format.green, 8), (format.blue, 0)] {
            let component = (pixel >> UInt32(shift)) & 0xFF
            value |= (component >> UInt32(8 - channel.length)) << UInt32(channel.offset)
        }
        return (0..<format.bytesPerPixel).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}
