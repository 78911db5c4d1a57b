import FoundationEssentials
import Glibc
import KioskCore
import Rendering
import Testing

/// The band a page of a place with a warning shows under its header: the level's colour,
/// the event and until when in the place's time, on every page of the place, every size,
/// both themes; set `WARNING_PNG_DIR` to write the pictures to look at.
@Suite struct WarningBandTests {
    static func model(
        _ page: PageKind, theme: Theme, official: Bool = true, language: Language = .en
    ) -> PageModel {
        var model = DemoData.model(page: page)
        model.theme = theme
        let onset = DemoData.now.addingTimeInterval(-3600)
        let warning = WeatherWarning(
            id: "w", place: model.city?.city.name ?? "", source: official ? .nws : .derived,
            event: official ? "Winter Storm Warning" : "gusts", severity: .severe,
            headline: "Winter Storm Warning", onset: onset,
            ends: DemoData.now.addingTimeInterval(5 * 3600))
        model.warning = PageWarning(
            [warning], at: DemoData.now, utcOffsetSeconds: 0, clock: .twentyFourHour,
            language: language)
        return model
    }

    static let looks: [(Theme, PixelSize)] = [
        (.dark, PixelSize(width: 800, height: 480)), (.light, PixelSize(width: 800, height: 480)),
        (.dark, PixelSize(width: 320, height: 240)), (.light, PixelSize(width: 320, height: 240)),
    ]

    @Test(arguments: [PageKind.city, .hourly], looks)
    func theBandSaysWhatAndUntilWhenInItsColour(_ page: PageKind, _ look: (Theme, PixelSize))
        throws
    {
        let (theme, size) = look
        let model = Self.model(page, theme: theme)
        let rendered = try renderer.render(model, size: size)
        let band = try #require(
            rendered.texts.first { $0.text.hasPrefix("⚠ Winter Storm Warning") },
            "\(rendered.texts.map(\.text))")
        #expect(band.text.hasPrefix("⚠ Winter Storm Warning until "), "\(band.text)")
        // Orange (severe) around the text, the same in both themes.
        let x = max(1, Int(band.bounds.x) - 3)
        let y = Int(band.bounds.y + band.bounds.height / 2)
        let pixel = rendered.image.pixels[y * size.width + x]
        let (red, green, blue) = (pixel >> 16 & 0xFF, pixel >> 8 & 0xFF, pixel & 0xFF)
        #expect(
            red > 200 && (90...150).contains(green) && blue < 40,
            "\(size) \(theme): \(red),\(green),\(blue)")
        // Nothing else is covered: every other text lies below the band or in the header.
        for text in rendered.texts where text != band && text.bounds.y > band.bounds.y {
            #expect(text.bounds.y >= band.bounds.y + band.bounds.height - 1, "\(text.text)")
        }
        if let directory = getenv("WARNING_PNG_DIR").map({ String(cString: $0) }) {
            try writeFile(
                "\(directory)/band-\(page)-\(theme)-\(size.width)x\(size.height).png",
                PNGCodec.encode(rendered.image))
        }
    }

    @Test func theKiosksOwnReadingSaysSo() throws {
        let rendered = try renderer.render(
            Self.model(.city, theme: .dark, official: false),
            size: PixelSize(width: 800, height: 480))
        #expect(
            rendered.texts.contains {
                $0.text.contains("Gusts until") && $0.text.contains("(the kiosk's reading)")
            })
    }

    /// The kiosk's own reading names its hazard in the page's language (a service's
    /// warning keeps the service's words).
    @Test(arguments: [(Language.it, "Raffiche fino alle"), (.de, "Böen bis"), (.es, "Rachas")])
    func theKiosksOwnReadingNamesItsHazardInTheLanguage(_ language: Language, _ start: String)
        throws
    {
        var model = Self.model(.city, theme: .dark, official: false, language: language)
        model.language = language
        let rendered = try renderer.render(model, size: PixelSize(width: 800, height: 480))
        #expect(
            rendered.texts.contains { $0.text.hasPrefix("⚠ " + start) },
            "\(rendered.texts.map(\.text))")
    }
}

/// The page of its own a severe warning gets names the kiosk's own reading's hazard in the
/// page's language.
@Suite struct DerivedWarningPageLanguageTests {
    @Test func theWarningPageNamesTheHazardInItalian() throws {
        let warning = WeatherWarning(
            id: "derived:frost", place: "Roma", source: .derived, event: "frost",
            severity: .severe, headline: "Frost: down to -12 °C (the kiosk's reading)",
            onset: DemoData.now, ends: DemoData.now.addingTimeInterval(3600))
        let content = try #require(
            WarningPageContent(
                [warning], place: "Roma", at: DemoData.now, utcOffsetSeconds: 0,
                clock: .twentyFourHour, language: .it))
        #expect(content.event == "Gelo")
        #expect(warning.eventName(in: .en) == "frost")
        #expect(warning.event == "frost", "the key stays English for --json")
    }
}

/// Character LCDs and OLEDs mark a place with a warning with "!" before its name.
@Suite struct WarningMarkerTests {
    @Test func theLCDsCityPageMarksThePlace() {
        let model = WarningBandTests.model(.city, theme: .dark)
        let name = model.city?.city.name ?? ""
        let marked = characterLines(CharacterPageLayout(size: .size20x4).frame(for: model))
        #expect(marked[0].hasPrefix("!" + name), "\(marked)")
        var calm = model
        calm.warning = nil
        let plain = characterLines(CharacterPageLayout(size: .size20x4).frame(for: calm))
        #expect(plain[0].hasPrefix(name), "\(plain)")
    }

    @Test func theOLEDsCityPageMarksThePlace() throws {
        let model = WarningBandTests.model(.city, theme: .dark)
        let name = model.city?.city.name ?? ""
        let rendered = try renderer.render(
            model, size: PixelSize(width: 128, height: 64), mode: .monochrome, step: 0)
        #expect(rendered.texts.contains { $0.text == "!" + name }, "\(rendered.texts.map(\.text))")
    }
}
