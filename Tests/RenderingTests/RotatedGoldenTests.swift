import KioskCore
import Pixels
import Rendering
import Testing

/// What an 800×480 panel mounted on its side holds (`display.rotate` 90 and 270): a
/// 480×800 portrait page turned into the panel's landscape buffer, as the display worker
/// draws it. Compared with committed PNGs like every other golden.
@Suite struct RotatedGoldenTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var page: PageKind
        var rotation: DisplayRotation
        var name: String { "\(page.rawValue)-800x480-rotate\(rotation.rawValue)-dark" }
        var testDescription: String { name }
    }

    static let panel = PixelSize(width: 800, height: 480)

    static let cases: [Case] = [PageKind.city, .hourly].flatMap { page in
        [DisplayRotation.clockwise, .anticlockwise].map { Case(page: page, rotation: $0) }
    }

    @Test(arguments: cases)
    func theTurnedPanelMatchesItsGolden(_ test: Case) throws {
        let pageSize = test.rotation.pageSize(onPanel: Self.panel)
        #expect(pageSize == PixelSize(width: 480, height: 800))
        let page = try renderer.render(DemoData.model(page: test.page), size: pageSize).image
        let image = page.rotated(test.rotation)
        #expect(image.size == Self.panel)
        let path = goldenDirectory() + "/\(test.name).png"
        if recordingGoldens {
            try writeFile(path, try PNGCodec.encode(image))
            return
        }
        let bytes = try #require(
            readFile(path), "no golden \(path): record it with RECORD_GOLDENS=1")
        let golden = try PNGCodec.decode(bytes)
        try #require(golden.size == image.size)
        let result = difference(image, golden, tolerance: GoldenTests.channelTolerance)
        if result.differingFraction > GoldenTests.allowedFraction {
            let actual = "/tmp/weather-kiosk-golden-\(test.name)-actual.png"
            try? writeFile(actual, try PNGCodec.encode(image))
            Issue.record(
                "\(test.name): \(result.differingPixels) of \(result.pixelCount) pixels differ (largest channel difference \(result.largestDifference)); the picture drawn now is \(actual)"
            )
        }
        // The same page upright is not what the panel holds: the turn is really there.
        let upright = try renderer.render(DemoData.model(page: test.page), size: Self.panel)
            .image
        #expect(
            difference(upright, golden, tolerance: GoldenTests.channelTolerance)
                .differingFraction > GoldenTests.allowedFraction)
    }
}
