import KioskCore
import Rendering
import Testing

/// The page a new owner sees first says what the kiosk lacks: a favourite, and a station.
@Suite struct EmptyPageTests {
    static let sizes = [PixelSize(width: 320, height: 240), PixelSize(width: 800, height: 480)]

    @Test(arguments: sizes)
    func withoutAStationThePageSaysHowPressureIsShown(_ size: PixelSize) throws {
        var model = DemoData.model(page: .empty)
        model.hasStation = false
        let texts = try renderer.render(model, size: size).texts.map(\.text).joined(separator: " ")
        #expect(texts.contains("No station set"))
        #expect(texts.contains("at station level (see doctor)."))
        #expect(texts.contains("city add"))
    }

    @Test(arguments: sizes)
    func withAStationThePageSaysNothingAboutIt(_ size: PixelSize) throws {
        let model = DemoData.model(page: .empty)
        let texts = try renderer.render(model, size: size).texts.map(\.text).joined(separator: " ")
        #expect(!texts.contains("No station"))
    }
}
