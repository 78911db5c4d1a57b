import FoundationEssentials
import KioskCore
import Rendering
import Testing

/// The credit the Copernicus Atmosphere Monitoring Service's licence asks for wherever its
/// air quality (Open-Meteo's Air Quality API) is shown: the air page and the dashboard with
/// its air-quality tile say "Air: Copernicus CAMS" in the footer, after MET Norway's credit
/// when that is owed too, whole and legible at every size and in every language; the pages
/// without air-quality values say nothing of CAMS. LCDs and OLEDs give it a line.
@Suite struct AirCreditTests {
    static let sizes = AirPageTests.sizes

    /// The footer's air-quality credit in `language`.
    static func camsCredit(_ language: Language) -> String {
        [
            Language.en: "Air: Copernicus CAMS", .de: "Luft: Copernicus CAMS",
            .fr: "Air : Copernicus CAMS", .it: "Aria: Copernicus CAMS",
            .es: "Aire: Copernicus CAMS",
        ][language] ?? "Air: Copernicus CAMS"
    }

    /// No text of `page` says "CAMS".
    static func namesNoCAMS(_ page: RenderedPage) -> Bool {
        !page.texts.contains { $0.text.contains("CAMS") }
    }

    /// The credit `expected` is on `page` whole, at 10 px or more, on the screen, and clear
    /// of every other text.
    static func expectCredit(
        _ expected: String, on page: RenderedPage, size: PixelSize, _ label: String
    ) {
        guard let credit = page.texts.first(where: { $0.text == expected }) else {
            Issue.record("\(label) at \(size): no \"\(expected)\" in \(page.texts.map(\.text))")
            return
        }
        let screen = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
        #expect(credit.size >= 10, "\(label) at \(size): the credit is \(credit.size) px")
        #expect(screen.contains(credit.bounds, tolerance: 0.5), "\(label) at \(size)")
        for other in page.texts where other.text != expected {
            #expect(
                !credit.bounds.inset(0.5).intersects(other.bounds.inset(0.5)),
                "\(label) at \(size): the credit overlaps \"\(other.text)\"")
        }
    }

    @Test(arguments: Language.allCases)
    func theAirPageCreditsCAMSAtEverySize(_ language: Language) throws {
        let credit = Self.camsCredit(language)
        for theme in Theme.allCases {
            var model = try LanguageFitTests.recordedAir(.air, nil, language)
            model.theme = theme
            for size in Self.sizes {
                let page = try renderer.render(model, size: size)
                Self.expectCredit(credit, on: page, size: size, "\(language) \(theme) air")
            }
        }
    }

    @Test(arguments: Language.allCases)
    func onMETNorwaysForecastBothCreditsShareTheFooter(_ language: Language) throws {
        let met = language.localizedMET
        let cams = Self.camsCredit(language)
        for page in [PageKind.air, .dashboard] {
            var model = try LanguageFitTests.recordedAir(page, nil, language)
            model.city?.provider = .metNorway
            for notices in [[], GoldenTests.notices] {
                model.notices = notices
                for size in Self.sizes {
                    let drawn = try renderer.render(model, size: size)
                    let label = "\(language) \(page) \(notices.count) notices"
                    guard page == .air || drawn.texts.contains(where: { $0.text == "44" }) else {
                        Self.expectCredit(met, on: drawn, size: size, label)
                        continue
                    }
                    // One row where both fit beside "updated", else a row each.
                    if drawn.texts.contains(where: { $0.text == met + " · " + cams }) {
                        Self.expectCredit(met + " · " + cams, on: drawn, size: size, label)
                    } else {
                        Self.expectCredit(met, on: drawn, size: size, label)
                        Self.expectCredit(cams, on: drawn, size: size, label)
                    }
                }
            }
        }
    }

    /// The dashboard credits CAMS exactly when its air-quality tile is on it: at every size
    /// where the tile fits with the credit's row, and never for a tile that did not fit.
    @Test(arguments: Language.allCases)
    func theDashboardCreditsCAMSWhenItShowsTheAirQualityTile(_ language: Language) throws {
        let model = try LanguageFitTests.recordedAir(.dashboard, nil, language)
        var shownAt: [PixelSize] = []
        for size in Self.sizes {
            let page = try renderer.render(model, size: size)
            let showsTile = page.texts.contains { $0.text == "44" }
            if showsTile {
                shownAt.append(size)
                Self.expectCredit(
                    Self.camsCredit(language), on: page, size: size, "\(language) dashboard")
            } else {
                #expect(Self.namesNoCAMS(page), "\(language) at \(size): a credit for no tile")
            }
        }
        // The screens with room for it show the tile.
        for size in [
            PixelSize(width: 800, height: 480), PixelSize(width: 480, height: 800),
            PixelSize(width: 1920, height: 1080),
        ] {
            #expect(shownAt.contains(size), "\(language): no air-quality tile at \(size)")
        }
    }

    @Test func pagesWithoutAirQualityValuesOweCAMSNothing() throws {
        var withoutAir = try LanguageFitTests.recordedAir(.dashboard, nil, .en)
        withoutAir.city?.airQuality = nil
        var waiting = DemoData.model(page: .air)
        waiting.city?.airQuality = nil
        var city = try LanguageFitTests.recordedAir(.city, nil, .en)
        city.city?.provider = .metNorway
        let models = [
            ("dashboard without air quality", withoutAir), ("air page waiting", waiting),
            ("city page", city), ("hourly page", DemoData.model(page: .hourly)),
        ]
        for (name, model) in models {
            for size in Self.sizes {
                let page = try renderer.render(model, size: size)
                #expect(Self.namesNoCAMS(page), "\(name) at \(size): \(page.texts.map(\.text))")
            }
        }
    }

    @Test func theLCDAirPageGivesTheCreditALine() throws {
        let wide = demoScreens(.air, .size20x4).joined()
        #expect(wide.contains { $0.hasPrefix("Air: Copernicus CAMS") }, "\(wide)")
        let narrow = demoScreens(.air, .size16x2).joined()
        #expect(narrow.contains { $0.hasPrefix("Copernicus CAMS") }, "\(narrow)")
        // German's "Luft: Copernicus CAMS" is 21 characters: the name alone on 20 columns.
        let german = CharacterPageLayout(size: .size20x4).frames(
            for: DemoData.model(page: .air, language: .de)
        ).flatMap(characterLines)
        #expect(german.contains { $0.hasPrefix("Copernicus CAMS") }, "\(german)")
        var waiting = DemoData.model(page: .air)
        waiting.city?.airQuality = nil
        let lines = CharacterPageLayout(size: .size20x4).frames(for: waiting).flatMap(
            characterLines)
        #expect(!lines.contains { $0.contains("CAMS") }, "\(lines)")
        let city = demoScreens(.city, .size20x4).joined()
        #expect(!city.contains { $0.contains("CAMS") }, "\(city)")
    }

    @Test func theOLEDAirPageEndsWithTheCredit() throws {
        let size = PixelSize(width: 128, height: 64)
        var model = DemoData.model(page: .air)
        let texts = try renderer.render(model, size: size, mode: .monochrome).texts
        #expect(texts.last?.text == "CAMS", "\(texts.map(\.text))")
        model.city?.provider = .metNorway
        let both = try renderer.render(model, size: size, mode: .monochrome).texts
        #expect(both.last?.text == "met.no · CAMS", "\(both.map(\.text))")
        for text in both {
            #expect(
                Rect(x: 0, y: 0, width: 128, height: 64).contains(text.bounds, tolerance: 0.5),
                "\"\(text.text)\" leaves the OLED")
        }
        model.city?.airQuality = nil
        let waiting = try renderer.render(model, size: size, mode: .monochrome).texts
        #expect(!waiting.contains { $0.text.contains("CAMS") }, "\(waiting.map(\.text))")
    }
}

extension Language {
    /// MET Norway's credit in this language, as the catalog has it.
    fileprivate var localizedMET: String {
        [
            Language.en: "Data from MET Norway", .de: "Daten von MET Norway",
            .fr: "Données de MET Norway", .it: "Dati di MET Norway", .es: "Datos de MET Norway",
        ][self] ?? "Data from MET Norway"
    }
}
