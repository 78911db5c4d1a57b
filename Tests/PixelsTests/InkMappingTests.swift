import KioskCore
import Pixels
import Testing

@Suite("Mapping pictures to e-paper inks")
struct InkMappingTests {
    let blackWhite = InkMapper(inks: [0xFFFFFF, 0x000000])

    @Test("Solid inks map to themselves; greys go to the nearer ink without dithering")
    func nearest() {
        #expect(blackWhite.nearest(0xFF00_0000) == 1)
        #expect(blackWhite.nearest(0xFFFF_FFFF) == 0)
        #expect(blackWhite.nearest(0xFF30_3030) == 1)
        #expect(blackWhite.nearest(0xFFD0_D0D0) == 0)
        let seven = InkMapper(inks: EPaperPanel.sevenColourInks)
        #expect(seven.nearest(0xFFF0_1010) == 4)  // red
        #expect(seven.nearest(0xFFFF_9000) == 6)  // orange
    }

    @Test("Grey text edges become black or white, never the panel's red")
    func greysStayBlackOrWhite() {
        let red = InkMapper(inks: [0xFFFFFF, 0x000000, 0xC00000])
        #expect(red.nearest(0xFF80_8080) == 2, "plain nearest picks red for mid grey")
        #expect(red.solid(0xFF80_8080) == 0)
        #expect(red.solid(0xFF60_6060) == 1)
        #expect(red.solid(0xFFE0_4040) == 2)
    }

    @Test("A 50% grey area is dithered to about half black where allowed, solid elsewhere")
    func ditherOnlyWhereAllowed() {
        let image = PixelImage(width: 40, height: 20, filledWith: 0xFF80_8080)
        // Left half ditherable (an icon), right half not (text).
        let mask = (0..<(40 * 20)).map { $0 % 40 < 20 }
        let frame = blackWhite.frame(for: image, ditherable: mask)
        var blackLeft = 0
        for y in 0..<20 {
            for x in 0..<20 where frame[x: x, y: y] == 1 { blackLeft += 1 }
            for x in 20..<40 { #expect(frame[x: x, y: y] == blackWhite.solid(0xFF80_8080)) }
        }
        #expect((150...250).contains(blackLeft), "about half of 400: \(blackLeft)")
    }
}
