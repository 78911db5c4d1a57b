import KioskCore
import Rendering
import Testing

/// The renderer's own defence against absurd names: shortening a text with "…" takes a
/// handful of measurements, not one per character (a 40,000-character name took 26 s a
/// frame). Counted, never timed.
@Suite struct LongTextTests {
    @Test(arguments: [PageKind.city, .hourly, .map])
    func aFortyThousandCharacterNameFitsInFewMeasurements(_ page: PageKind) throws {
        let renderer = try PageRenderer()
        let size = PixelSize(width: 800, height: 480)
        let ordinary = try renderer.render(DemoData.model(page: page), size: size)
        var model = DemoData.model(page: page)
        let long = String(repeating: "Llanfairpwllgwyngyll ", count: 2000)
        #expect(long.count > 40_000)
        model.city?.city.name = long
        model.favourites[0].city.name = long
        let rendered = try renderer.render(model, size: size)
        let extra = rendered.textMeasurements - ordinary.textMeasurements
        #expect(extra < 200, "\(rendered.textMeasurements) against \(ordinary.textMeasurements)")
        let shown = try #require(rendered.texts.first { $0.text.hasPrefix("Llanfair") })
        #expect(shown.text.hasSuffix("…"))
        #expect(shown.bounds.maxX <= Double(size.width))
    }
}
