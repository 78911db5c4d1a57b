import FoundationEssentials
import KioskCore
import Rendering
import Testing

/// Every page in every language fits as the English one does: German and French are
/// longer, and a word cut to "…", a subtitle left out for want of room or a text leaving
/// the screen or overlapping another would be a page the owner cannot read. Checked on the
/// text extents Cairo reports.
@Suite struct LanguageFitTests {
    static let sizes = [
        PixelSize(width: 320, height: 240), PixelSize(width: 800, height: 480),
        PixelSize(width: 1920, height: 1080), PixelSize(width: 480, height: 800),
    ]

    /// The demo pages, a favourite without a forecast, its sky page and the indoor page
    /// with the [[sensors]], each with a stale-forecast notice and a 45-second retry; the
    /// dashboard and the air page with Open-Meteo's recorded air (the European index 44,
    /// pollen at zero), on the European and the US scale; the sky page in the midnight sun,
    /// the polar night, on a day as long as yesterday and on a day without a moonrise.
    static func models(_ language: Language) throws -> [(String, PageModel)] {
        var result: [(String, PageModel)] = PageKind.allCases.map { page in
            ("\(page.rawValue)", DemoData.model(page: page, language: language))
        }
        var stale = DemoData.model(page: .city, language: language)
        stale.notices = [
            .stale(
                dataTime: DemoData.now.addingTimeInterval(-26 * 3600),
                nextRetry: DemoData.now.addingTimeInterval(45))
        ]
        result.append(("city, stale", stale))
        var missing = DemoData.model(page: .city, language: language)
        missing.city?.forecast = nil
        missing.city?.fetchedAt = nil
        missing.nextForecastAttempt = DemoData.now.addingTimeInterval(120)
        result.append(("city without forecast", missing))
        missing.page = .hourly
        result.append(("hourly without forecast", missing))
        var sensors = DemoData.model(page: .indoor, language: language)
        sensors.sensors = demoSensors(outdoor: -12.5)
        result.append(("indoor with CO2 and outdoor", sensors))
        var none = DemoData.model(page: .indoor, language: language)
        none.indoor = .noSensor
        result.append(("indoor without sensor", none))
        var empty = DemoData.model(page: .empty, language: language)
        empty.hasStation = false
        result.append(("empty without station", empty))
        var waiting = DemoData.model(page: .air, language: language)
        waiting.city?.airQuality = nil
        result.append(("air waiting for air quality", waiting))
        for page in [PageKind.dashboard, .air] {
            for scale in AQIScale.allCases {
                result.append(
                    (
                        "\(page.rawValue) with recorded air, \(scale)",
                        try recordedAir(page, scale, language)
                    ))
            }
        }
        return result + skyModels(language)
    }

    /// The sky page's cases beyond the demo's (`SkyLanguageTests.cases`) in `language`.
    static func skyModels(_ language: Language) -> [(String, PageModel)] {
        SkyLanguageTests.cases.dropFirst().map {
            ("sky, \($0.0)", SkyLanguageTests.speaking($0.1, language))
        }
    }

    /// The demo's `page` with Open-Meteo's recorded air (`DashboardPageTests.recordedAir()`)
    /// on `scale`, in `language`.
    static func recordedAir(_ page: PageKind, _ scale: AQIScale?, _ language: Language) throws
        -> PageModel
    {
        var model = DemoData.model(page: page, units: Units(aqi: scale), language: language)
        model.city?.airQuality = try DashboardPageTests.recordedAir()
        return model
    }

    /// (AEMET's "Intervalos nubosos" beside the icon at 320×240 takes the condition's short
    /// form, "Int. nubosos", where the whole one does not fit.)
    @Test(arguments: Language.allCases.filter { $0 != .en })
    func everyPageFitsAsInEnglish(_ language: Language) throws {
        let english = try Self.models(.en)
        for ((name, model), (_, englishModel)) in zip(try Self.models(language), english) {
            for size in Self.sizes {
                let page = try renderer.render(model, size: size)
                let reference = try renderer.render(englishModel, size: size)
                let place = "\(language) \(name) at \(size)"
                let screen = Rect(
                    x: 0, y: 0, width: Double(size.width), height: Double(size.height))
                for text in page.texts {
                    #expect(
                        screen.contains(text.bounds, tolerance: 0.5),
                        "\(place): \"\(text.text)\" leaves the screen")
                    #expect(text.size >= 10, "\(place): \"\(text.text)\" is \(text.size) px")
                    #expect(
                        !text.text.hasSuffix("…")
                            || reference.texts.contains { $0.text.hasSuffix("…") },
                        "\(place): \"\(text.text)\" was shortened")
                }
                // The warning page's sentences are paragraphs: a shorter translation
                // wraps to fewer lines, which is not a text left out.
                #expect(
                    model.page == .warning || page.texts.count >= reference.texts.count,
                    "\(place): \(page.texts.count) texts drawn, English draws \(reference.texts.count): \(page.texts.map(\.text))"
                )
                for (index, text) in page.texts.enumerated() {
                    for other in page.texts[(index + 1)...] {
                        #expect(
                            !text.bounds.inset(0.5).intersects(other.bounds.inset(0.5)),
                            "\(place): \"\(text.text)\" overlaps \"\(other.text)\"")
                    }
                }
            }
        }
    }

    @Test func theCityPageSpeaksItalian() throws {
        let page = try renderer.render(
            DemoData.model(page: .city, language: .it), size: PixelSize(width: 800, height: 480))
        let texts = page.texts.map(\.text)
        for word in ["Umidità", "Vento", "Percepita", "aggiornato"] {
            #expect(texts.contains { $0.contains(word) }, "\(word) in \(texts)")
        }
        #expect(!texts.contains { $0.contains("Humidity") || $0.contains("updated") })
        #expect(texts.contains { $0.contains(",") && $0.contains("hPa") } == false)
    }

    /// The demo pages, and the air page with Open-Meteo's recorded air on both scales, for
    /// the OLEDs.
    static func oledModels(_ language: Language) throws -> [(String, PageModel)] {
        var result = PageKind.allCases.map {
            ($0.rawValue, DemoData.model(page: $0, language: language))
        }
        for scale in AQIScale.allCases {
            result.append(
                ("air with recorded air, \(scale)", try recordedAir(.air, scale, language)))
        }
        var sensors = DemoData.model(page: .indoor, language: language)
        sensors.sensors = demoSensors(outdoor: -12.5)
        result.append(("indoor with CO2 and outdoor", sensors))
        var none = DemoData.model(page: .indoor, language: language)
        none.indoor = .noSensor
        result.append(("indoor without sensor", none))
        return result + skyModels(language)
    }

    /// The OLED layouts (128×64 and 128×32), every step of every page: what the English
    /// page shows whole is whole in every language, inside the panel.
    @Test(arguments: Language.allCases.filter { $0 != .en })
    func everyOLEDPageFitsAsInEnglish(_ language: Language) throws {
        let pages = zip(try Self.oledModels(language), try Self.oledModels(.en))
        for size in [PixelSize(width: 128, height: 64), PixelSize(width: 128, height: 32)] {
            for ((name, model), (_, english)) in pages {
                for step in 0..<renderer.steps(for: model, size: size) {
                    let rendered = try renderer.render(
                        model, size: size, mode: .monochrome, step: step)
                    let reference = try renderer.render(
                        english, size: size, mode: .monochrome, step: step)
                    let place = "\(language) \(name) at \(size), step \(step)"
                    let screen = Rect(
                        x: 0, y: 0, width: Double(size.width), height: Double(size.height))
                    for text in rendered.texts {
                        #expect(
                            screen.contains(text.bounds, tolerance: 0.5),
                            "\(place): \"\(text.text)\" leaves the screen")
                        #expect(
                            !text.text.hasSuffix("…")
                                || reference.texts.contains { $0.text.hasSuffix("…") },
                            "\(place): \"\(text.text)\" was shortened")
                    }
                    #expect(
                        rendered.texts.count >= reference.texts.count,
                        "\(place): \(rendered.texts.map(\.text)) against \(reference.texts.map(\.text))"
                    )
                }
            }
        }
    }

    /// The character LCDs in every language at 20×4 and 16×2: the sky page in every case,
    /// the city page and the indoor page with the [[sensors]]; every line in the ROM's
    /// letters, the sunrise's and sunset's times whole after their labels, the day's length
    /// or the polar word whole.
    @Test(arguments: Language.allCases)
    func everyLCDSkyAndSensorPageFits(_ language: Language) throws {
        var models = SkyLanguageTests.cases.map {
            ($0.0, SkyLanguageTests.speaking($0.1, language))
        }
        var sensors = DemoData.model(page: .indoor, language: language)
        sensors.sensors = demoSensors(outdoor: -12.5)
        models += [("city", DemoData.model(page: .city, language: language)), ("indoor", sensors)]
        for size in [CharacterGridSize.size20x4, .size16x2] {
            for (name, model) in models {
                let frames = CharacterPageLayout(size: size).frames(for: model).map(characterLines)
                let place = "\(language) \(name) \(size)"
                for line in frames.joined() {
                    // An icon ("[sun]") is one character.
                    let width = line.replacing(#/\[[A-Za-z]+\]/#, with: "#").count
                    #expect(width == size.columns, "\(place): \"\(line)\"")
                    #expect(!line.contains("?"), "\(place): \"\(line)\"")
                }
                guard model.page == .sky else { continue }
                // Below the title (which has the clock): "Aufgang 07:42", "Aufgang -" in the
                // polar day and night.
                let body = frames.joined().filter { $0 != frames.first?.first }
                let times = body.filter { $0.contains(#/ (\d{1,2}:\d\d|-) *$/#) }
                #expect(times.count == 2, "\(place): \(frames)")
                let polar = [
                    language.localized("Sun up all day", context: "sky"),
                    language.localized("Sun down all day", context: "sky"),
                ].map(SkyLanguageTests.rom)
                let day = body.contains { line in
                    line.contains(#/\dh|\d h/#) || polar.contains { line.hasPrefix($0) }
                }
                #expect(day, "\(place): \(frames)")
            }
        }
    }

    /// The character LCDs speak the language in the ROM's letters: the condition, the
    /// weekdays and the titles, with what the ROM lacks spelled without accents.
    @Test func theLCDSpeaksItalianAndGermanInItsROM() {
        let italian = CharacterPageLayout(size: .size20x4).frames(
            for: DemoData.model(page: .city, language: .it)
        ).map(characterLines)
        let text = italian.flatMap(\.self).joined(separator: "\n")
        #expect(text.contains("Nubi sparse"), "\(text)")
        #expect(text.contains("Lu[") && text.contains("Ma["), "\(text)")
        let german = CharacterPageLayout(size: .size20x4).frames(
            for: DemoData.model(page: .map, language: .de)
        ).map(characterLines)
        #expect(german.first?.first?.hasPrefix("Lieblingsorte") == true, "\(german)")
        let french = CharacterPageLayout(size: .size16x2).frames(
            for: DemoData.model(page: .indoor, language: .fr)
        ).map(characterLines)
        // "Intérieur" without the é the ROM lacks, and the decimal comma.
        #expect(french.first?.first?.hasPrefix("Interieur") == true, "\(french)")
        #expect(french.first?.dropFirst().first?.contains("21,3") == true, "\(french)")
    }
}
