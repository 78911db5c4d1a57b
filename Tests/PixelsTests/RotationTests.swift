import KioskCore
import Pixels
import Testing

/// Turning a page onto a panel (`display.rotate`), pixel by pixel.
@Suite struct RotationTests {
    /// A 2×3 portrait page: A B / C D / E F.
    static let page = PixelImage(width: 2, height: 3, pixels: [0xA, 0xB, 0xC, 0xD, 0xE, 0xF])

    @Test func aQuarterTurnClockwiseMakesTheLeftColumnTheTopRow() {
        let panel = Self.page.rotated(.clockwise)
        #expect(panel.size == PixelSize(width: 3, height: 2))
        #expect(panel.pixels == [0xE, 0xC, 0xA, 0xF, 0xD, 0xB])
    }

    @Test func aQuarterTurnAnticlockwiseMakesTheRightColumnTheTopRow() {
        let panel = Self.page.rotated(.anticlockwise)
        #expect(panel.size == PixelSize(width: 3, height: 2))
        #expect(panel.pixels == [0xB, 0xD, 0xF, 0xA, 0xC, 0xE])
    }

    @Test func halfATurnReversesThePixels() {
        let panel = Self.page.rotated(.upsideDown)
        #expect(panel.size == Self.page.size)
        #expect(panel.pixels == [0xF, 0xE, 0xD, 0xC, 0xB, 0xA])
    }

    @Test func uprightIsTheSamePicture() {
        #expect(Self.page.rotated(.upright) == Self.page)
    }

    @Test(arguments: DisplayRotation.allCases)
    func unrotatingGivesThePageBack(rotation: DisplayRotation) {
        var page = PixelImage(width: 7, height: 4)
        for index in page.pixels.indices { page.pixels[index] = UInt32(index) }
        #expect(page.rotated(rotation).unrotated(rotation) == page)
        #expect(rotation.pageSize(onPanel: page.rotated(rotation).size) == page.size)
    }

    @Test(arguments: DisplayRotation.allCases)
    func everyPixelLandsWherePanelPointSays(rotation: DisplayRotation) {
        var page = PixelImage(width: 5, height: 3)
        for index in page.pixels.indices { page.pixels[index] = UInt32(index) }
        let panel = page.rotated(rotation)
        for y in 0..<page.height {
            for x in 0..<page.width {
                let point = rotation.panelPoint(ofPageX: x, y: y, panel: panel.size)
                #expect(panel[x: point.x, y: point.y] == page[x: x, y: y])
            }
        }
    }

    @Test func portraitPagesForQuarterTurnsOnly() {
        let panel = PixelSize(width: 800, height: 480)
        #expect(DisplayRotation.upright.pageSize(onPanel: panel) == panel)
        #expect(DisplayRotation.upsideDown.pageSize(onPanel: panel) == panel)
        #expect(
            DisplayRotation.clockwise.pageSize(onPanel: panel)
                == PixelSize(width: 480, height: 800))
        #expect(
            DisplayRotation.anticlockwise.pageSize(onPanel: panel)
                == PixelSize(width: 480, height: 800))
    }
}
