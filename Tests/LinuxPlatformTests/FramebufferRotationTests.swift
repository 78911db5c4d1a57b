import KioskCore
import KioskTesting
import Pixels
import Testing

@testable import LinuxPlatform

/// A portrait page turned onto a landscape framebuffer, in every pixel format the kiosk
/// draws: each page pixel ends up, converted, where the rotation puts it.
@Suite struct FramebufferRotationTests {
    /// A 2×3 portrait page of six different colours.
    static let page = PixelImage(
        width: 2, height: 3,
        pixels: [0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF, 0xFFFF_FFFF, 0xFF10_2030, 0xFF80_4020])

    static let formats: [PixelFormat] = [.rgb565, .bgr565, .xrgb8888, .xbgr8888, .rgb888]

    @Test(arguments: formats, DisplayRotation.allCases)
    func eachPixelLandsConvertedWhereTheRotationPutsIt(
        format: PixelFormat, rotation: DisplayRotation
    ) throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let panel = rotation.pageSize(onPanel: Self.page.size)
        let bytesPerPixel = format.bytesPerPixel
        let lineLength = panel.width * bytesPerPixel + 4  // Padding at each row's end.
        let geometry = FramebufferGeometry(
            width: panel.width, height: panel.height, lineLength: lineLength, format: format)
        let path = FramebufferDisplayTests.makeFile(directory, count: lineLength * panel.height)
        let display = try FramebufferDisplay.open(file: path, geometry: geometry)
        try display.show(Self.page.rotated(rotation))
        display.close()
        let bytes = FramebufferDisplayTests.contents(path)
        let converter = PixelConverter(format: format)
        for y in 0..<Self.page.height {
            for x in 0..<Self.page.width {
                let point = rotation.panelPoint(ofPageX: x, y: y, panel: panel)
                let offset = point.y * lineLength + point.x * bytesPerPixel
                let expected = converter.convert(
                    PixelImage(width: 1, height: 1, pixels: [Self.page[x: x, y: y]]))
                #expect(Array(bytes[offset..<(offset + bytesPerPixel)]) == expected)
            }
        }
    }

    @Test func rgb565TurnedClockwiseGetsExactlyTheseBytes() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let geometry = FramebufferGeometry(width: 3, height: 2, lineLength: 6, format: .rgb565)
        let path = FramebufferDisplayTests.makeFile(directory, count: 12)
        let display = try FramebufferDisplay.open(file: path, geometry: geometry)
        try display.show(Self.page.rotated(.clockwise))
        display.close()
        // Top row: the page's left column from the bottom up (0x102030, blue, red);
        // bottom row: its right column (0x804020, white, green).
        #expect(
            FramebufferDisplayTests.contents(path) == [
                0x06, 0x11, 0x1F, 0x00, 0x00, 0xF8,
                0x04, 0x82, 0xFF, 0xFF, 0xE0, 0x07,
            ])
    }
}
