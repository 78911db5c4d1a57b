import FoundationEssentials
import KioskCore
import Rendering
import Testing

/// The OLED sizes.
let oledSizes = [PixelSize(width: 128, height: 64), PixelSize(width: 128, height: 32)]

/// The pages drawn for 128×64 and 128×32 OLEDs in the monochrome mode.
@Suite struct TinyPageTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var page: PageKind
        var size: PixelSize
        var step: Int
        var name: String { "oled-\(page.rawValue)-\(size)-\(step)" }
        var testDescription: String { name }
    }

    static let cases: [Case] = oledSizes.flatMap { size in
        // The dashboard is the city page there (`theDashboardIsTheCityPage`).
        PageKind.allCases.filter { $0 != .dashboard }.flatMap { page in
            let steps = renderer.steps(for: DemoData.model(page: page), size: size)
            return (0..<steps).map { Case(page: page, size: size, step: $0) }
        }
    }

    @Test(arguments: oledSizes)
    func theDashboardIsTheCityPage(_ size: PixelSize) throws {
        let steps = renderer.steps(for: DemoData.model(page: .dashboard), size: size)
        #expect(steps == renderer.steps(for: DemoData.model(page: .city), size: size))
        for step in 0..<steps {
            let dashboard = try renderer.renderBitmap(
                DemoData.model(page: .dashboard), size: size, step: step)
            let city = try renderer.renderBitmap(
                DemoData.model(page: .city), size: size, step: step)
            #expect(dashboard == city)
        }
    }

    @Test func stepsPerPage() {
        let small = PixelSize(width: 128, height: 32)
        let large = PixelSize(width: 128, height: 64)
        #expect(renderer.steps(for: DemoData.model(page: .city), size: small) == 2)
        #expect(renderer.steps(for: DemoData.model(page: .city), size: large) == 1)
        #expect(renderer.steps(for: DemoData.model(page: .map), size: large) == 2)  // 5 cities
        #expect(renderer.steps(for: DemoData.model(page: .map), size: small) == 3)
        #expect(
            renderer.steps(
                for: DemoData.model(page: .city), size: PixelSize(width: 800, height: 480))
                == 1)
    }

    @Test(arguments: cases)
    func everyTextFitsAndNothingOverlaps(_ test: Case) throws {
        let rendered = try renderer.render(
            DemoData.model(page: test.page), size: test.size, mode: .monochrome, step: test.step)
        let image = rendered.image
        #expect(Set(image.pixels).isSubset(of: [0xFF00_0000, 0xFFFF_FFFF]))
        #expect(image.pixels.contains(0xFFFF_FFFF), "the page is blank")
        // The last column and row stay dark for the burn-in shift.
        for y in 0..<image.height { #expect(image[x: image.width - 1, y: y] == 0xFF00_0000) }
        for x in 0..<image.width { #expect(image[x: x, y: image.height - 1] == 0xFF00_0000) }
        let screen = Rect(
            x: 0, y: 0, width: Double(test.size.width - 1), height: Double(test.size.height - 1))
        #expect(!rendered.texts.isEmpty)
        for text in rendered.texts {
            #expect(screen.contains(text.bounds, tolerance: 0.5), "\(text.text) leaves the screen")
            #expect(!text.text.hasSuffix("…"), "\(text.text) was shortened")
        }
        for (index, text) in rendered.texts.enumerated() {
            for other in rendered.texts[(index + 1)...] {
                let overlap = text.bounds.insetBy(dx: 0.5, dy: 0.5)
                #expect(
                    !overlap.intersects(other.bounds.insetBy(dx: 0.5, dy: 0.5)),
                    "\(text.text) overlaps \(other.text)")
            }
        }
    }

    /// Monochrome glyphs may move by a pixel between FreeType versions: a larger share of
    /// pixels may differ than for the colour goldens.
    static let allowedFraction = 0.01

    @Test(arguments: cases)
    func bitmapMatchesItsGolden(_ test: Case) throws {
        let bitmap = try renderer.renderBitmap(
            DemoData.model(page: test.page), size: test.size, step: test.step)
        try expectMatchesGolden(
            bitmap.image(), name: test.name, tolerance: 0, allowedFraction: Self.allowedFraction)
    }

    @Test func aChangedNumberChangesOnlyItsPages() throws {
        let size = PixelSize(width: 128, height: 64)
        var model = DemoData.model(page: .city)
        let before = try renderer.renderBitmap(model, size: size)
        model.city?.forecast?.current?.relativeHumidity = 71
        let after = try renderer.renderBitmap(model, size: size)
        let changed = (0..<8).filter { before.page($0) != after.page($0) }
        // The humidity sits in the condition row, rows 40…50: pages 5 and 6 at most.
        #expect(!changed.isEmpty)
        #expect(changed.allSatisfy { (5...6).contains($0) })
    }

    @Test func anOLEDIsAlwaysDrawnLightOnDark() throws {
        let size = PixelSize(width: 128, height: 64)
        let light = try renderer.renderBitmap(
            DemoData.model(page: .city, theme: .light), size: size)
        let dark = try renderer.renderBitmap(DemoData.model(page: .city, theme: .dark), size: size)
        #expect(light == dark)
        let lit = light.bytes.reduce(0) { $0 + $1.nonzeroBitCount }
        #expect(lit < 128 * 64 / 3)
    }

    @Test func aHeightThatIsNotWholePagesIsRefused() {
        #expect(throws: RenderingError.self) {
            try renderer.renderBitmap(
                DemoData.model(page: .city), size: PixelSize(width: 128, height: 60))
        }
    }
}

/// The air page on OLEDs: the index with its word in bold, then the pollutants and the
/// pollen (only where counted); on a 128×32 the index and the pollutants take a step each.
@Suite struct TinyAirPageTests {
    func texts(_ model: PageModel, _ size: PixelSize, step: Int = 0) throws -> [String] {
        try renderer.render(model, size: size, mode: .monochrome, step: step).texts.map(\.text)
    }

    @Test func theIndexThePollutantsAndThePollen() throws {
        let large = PixelSize(width: 128, height: 64)
        let rome = try texts(DemoData.model(page: .air), large)
        for expected in ["EU AQI 40 Fair", "PM2.5 20  PM10 32", "O₃ 50  NO₂ 24"] {
            #expect(rome.contains(expected), "\(rome)")
        }
        #expect(rome.contains { $0.hasPrefix("Pollen Alder 3") })
        let newYork = try texts(DemoData.model(page: .air, cityIndex: 1), large)
        #expect(newYork.contains("US AQI 45 Good"))
        #expect(!newYork.contains { $0.hasPrefix("Pollen") })
        let small = PixelSize(width: 128, height: 32)
        #expect(renderer.steps(for: DemoData.model(page: .air), size: small) == 2)
        #expect(try texts(DemoData.model(page: .air), small).contains("EU AQI 40 Fair"))
        #expect(
            try texts(DemoData.model(page: .air), small, step: 1).contains("PM2.5 20  PM10 32"))
    }

    @Test func withoutAirQualityItSaysItIsWaiting() throws {
        var model = DemoData.model(page: .air)
        model.city?.airQuality = nil
        let texts = try texts(model, PixelSize(width: 128, height: 64))
        #expect(texts.contains("Waiting for air data"))
        #expect(!texts.contains { $0.hasPrefix("PM") })
    }
}
