import KioskCore
import Pixels
import Rendering
import Testing

/// The e-paper page for each panel: only the panel's inks, text never dithered, and a
/// golden per panel (`RECORD_GOLDENS=1` rewrites them; look at each before committing).
@Suite struct PaperPageTests {
    static let panels: [EPaperPanel] = [
        .inkyImpression57, .inkyImpression4, .inkyImpression73, .inkyWhatRed,
        .waveshare7in5V2,
    ]

    @Test("Every pixel is one of the panel's inks", arguments: panels)
    func onlyInks(_ panel: EPaperPanel) throws {
        let picture = try renderer.renderPanel(DemoData.model(page: .city), panel: panel)
        #expect(picture.frame.width == panel.size.width)
        #expect(picture.frame.indices.allSatisfy { Int($0) < panel.inks.count })
        let inks = Set(panel.inks.map { 0xFF00_0000 | $0 })
        #expect(picture.image.pixels.allSatisfy { inks.contains($0) })
    }

    @Test("Text is mapped to the nearest ink, never dithered; icons are", arguments: panels)
    func textUndithered(_ panel: EPaperPanel) throws {
        var model = DemoData.model(page: .city)
        let picture = try renderer.renderPanel(model, panel: panel)
        model.theme = .paper
        let drawn = try renderer.render(model, size: panel.size, palette: .paper(inks: panel.inks))
        let mapper = InkMapper(inks: panel.inks)
        #expect(!picture.texts.isEmpty)
        var textPixels = 0
        for text in picture.texts {
            let box = text.bounds
            for y in Int(box.y.rounded(.up))..<Int(box.y + box.height) {
                for x in Int(box.x.rounded(.up))..<Int(box.x + box.width) {
                    textPixels += 1
                    #expect(!picture.ditherable[y * panel.size.width + x])
                    #expect(picture.frame[x: x, y: y] == mapper.solid(drawn.image[x: x, y: y]))
                }
            }
        }
        #expect(textPixels > 1000)
        #expect(picture.ditherable.contains(true), "the icon's shading is dithered")
    }

    @Test("The indoor reading is on the e-paper city page")
    func indoorShown() throws {
        let picture = try renderer.renderPanel(
            DemoData.model(page: .city), panel: .waveshare7in5V2)
        #expect(picture.texts.contains { $0.text == "Indoor" })
        #expect(!picture.texts.contains { $0.text == "Feels like" })
    }

    @Test("Golden of the e-paper city page", arguments: panels)
    func golden(_ panel: EPaperPanel) throws {
        let image = try renderer.renderPanel(DemoData.model(page: .city), panel: panel).image
        try expectMatchesGolden(
            image, name: "paper-city-\(panel.kind)", tolerance: GoldenTests.channelTolerance,
            allowedFraction: 0.01)
    }

    @Test(
        "Golden of the e-paper dashboard, the panels' default page, with air quality",
        arguments: [EPaperPanel.inkyImpression73, .waveshare7in5V2])
    func dashboardGolden(_ panel: EPaperPanel) throws {
        var model = DemoData.model(page: .dashboard)
        model.city?.airQuality = try DashboardPageTests.recordedAir()
        let image = try renderer.renderPanel(model, panel: panel).image
        try expectMatchesGolden(
            image, name: "paper-dashboard-\(panel.kind)",
            tolerance: GoldenTests.channelTolerance, allowedFraction: 0.01)
    }
}
