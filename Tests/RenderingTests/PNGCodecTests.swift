import KioskCore
import Rendering
import Testing

/// PNG encoding through Cairo, and reading the files back.
@Suite struct PNGCodecTests {
    @Test func anOpaquePageSurvivesTheRoundTrip() throws {
        let image = try renderer.render(
            DemoData.model(page: .map), size: PixelSize(width: 320, height: 240)
        ).image
        let bytes = try PNGCodec.encode(image)
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // IHDR: width, height, bit depth 8, colour type 2 (RGB: opaque pages need no alpha).
        #expect(Array(bytes[16..<26]) == [0, 0, 1, 64, 0, 0, 0, 240, 8, 2])
        #expect(try PNGCodec.decode(bytes) == image)
    }

    @Test func transparencyIsKept() throws {
        let image = PixelImage(width: 2, height: 1, pixels: [0x8040_2010, 0x0000_0000])
        let bytes = try PNGCodec.encode(image)
        #expect(bytes[25] == 6)  // RGBA
        #expect(try PNGCodec.decode(bytes) == image)
    }

    @Test func notAPNGIsRefusedWithASentence() {
        #expect(throws: RenderingError.self) {
            try PNGCodec.decode(Array("GIF89a, not a PNG".utf8))
        }
        do {
            _ = try PNGCodec.decode([0x89, 0x50, 0x4E, 0x47])
            Issue.record("a truncated PNG was accepted")
        } catch {
            #expect(error.message.hasPrefix("Cannot read the picture"))
        }
    }
}
