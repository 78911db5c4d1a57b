import FoundationEssentials
import Glibc
import KioskCore
import Rendering
import Testing

/// The page of its own a severe or extreme warning gets, at 800×480 and 320×240 in both
/// themes: its colour, what, when, what to do and who says so, all inside the screen; set
/// `WARNING_PNG_DIR` to write the pictures to look at.
@Suite struct WarningPageRenderingTests {
    static let looks: [(Theme, PixelSize)] = WarningBandTests.looks

    /// New York's demo warning is the NWS's (extreme, red); Rome's the kiosk's own (severe,
    /// orange).
    @Test(arguments: ["New York", "Rome"], looks)
    func thePageSaysItAllInItsColour(_ city: String, _ look: (Theme, PixelSize)) throws {
        let (theme, size) = look
        let index = try #require(DemoData.cityNames.firstIndex(of: city))
        let model = DemoData.model(page: .warning, cityIndex: index, theme: theme)
        let content = try #require(model.warningPage)
        let rendered = try renderer.render(model, size: size)
        let texts = rendered.texts.map(\.text)
        let official = city == "New York"
        #expect(texts.contains { $0.contains(official ? "EXTREME WARNING" : "SEVERE WARNING") })
        #expect(texts.contains(content.event))
        #expect(texts.contains(content.period))
        #expect(
            texts.joined(separator: " ").contains(
                official ? "Official warning from NWS" : "Not an official warning"), "\(texts)")
        if official { #expect(texts.contains { $0.hasPrefix("Travel could be") }) }
        #expect(
            !texts.contains { $0.hasPrefix("⚠ ") && $0.contains("until") && $0.count > 40 },
            "no band repeats the page")
        for text in rendered.texts {
            #expect(
                text.bounds.x >= 0 && text.bounds.maxX <= Double(size.width) + 0.5, "\(text.text)")
            #expect(
                text.bounds.y >= 0 && text.bounds.maxY <= Double(size.height) + 0.5, "\(text.text)")
            #expect(!text.text.hasSuffix("…"), "nothing shortened: \(text.text)")
        }
        // The block around the event is the level's colour in both themes: red or orange.
        let event = try #require(rendered.texts.first { $0.text == content.event })
        let x = max(1, Int(event.bounds.x) - 4)
        let y = Int(event.bounds.y + event.bounds.height / 2)
        let pixel = rendered.image.pixels[y * size.width + x]
        let (red, green, blue) = (pixel >> 16 & 0xFF, pixel >> 8 & 0xFF, pixel & 0xFF)
        let colourRight =
            official
            ? red > 180 && green < 60 && blue < 60
            : red > 200 && (90...150).contains(green) && blue < 40
        #expect(colourRight, "\(city) \(size) \(theme): \(red),\(green),\(blue)")
        if let directory = getenv("WARNING_PNG_DIR").map({ String(cString: $0) }) {
            try writeFile(
                "\(directory)/warning-\(city)-\(theme)-\(size.width)x\(size.height).png",
                PNGCodec.encode(rendered.image))
        }
    }

    @Test func characterAndTinyDisplaysNameTheWarning() throws {
        let model = DemoData.model(page: .warning, cityIndex: 1)
        let lines = CharacterPageLayout(size: .size20x4).frames(for: model)
            .map(characterLines).flatMap { $0 }.joined(separator: "\n")
        #expect(lines.contains("!New York"), "\(lines)")
        #expect(lines.contains("Blizzard Warning"), "\(lines)")
        let oled = try renderer.render(
            model, size: PixelSize(width: 128, height: 64), mode: .monochrome)
        #expect(oled.texts.contains { $0.text == "Blizzard Warning" })
        #expect(oled.texts.contains { $0.text == "from NWS" })
    }
}
