import FoundationEssentials
import Glibc
import KioskCore
import Rendering
import Testing

/// The sky page's values in the language on every kind of display: the Moon's phase by its
/// name in the language, the day's length and its change ("wie gestern"), the midnight sun
/// and the polar night, a day without a moonrise; and the small displays' other lines.
@Suite struct SkyLanguageTests {
    /// `model` in `language`.
    static func speaking(_ model: PageModel, _ language: Language) -> PageModel {
        var model = model
        model.language = language
        return model
    }

    /// A place and a day of 2026 as long as the day before to the second: the first found
    /// on the equator, in Rome or in Oslo (searched, as the rounding decides it).
    static let sameAsYesterday: PageModel = {
        let start = LocalDate(year: 2026, month: 1, day: 1)
        for latitude in [0.0, 41.9, 59.9] {
            let place = Coordinate(latitude: latitude, longitude: 12.5)
            if let day = (0..<365).first(where: { day in
                let sun = SunriseSunset(
                    date: start.adding(days: day), at: place, utcOffsetSeconds: 3600)
                return Int(sun.daylightChange.totalSeconds.rounded()) == 0
            }) {
                let date = start.adding(days: day)
                return SkyPageTests.place(
                    "Roma", latitude: latitude, longitude: 12.5, offsetHours: 1,
                    now: utcInstant(date.year, date.month, date.day, 10, 0))
            }
        }
        return DemoData.model(page: .sky)
    }()

    /// Rome on the first day of 2026 without a moonrise there (searched, so that the test
    /// holds whatever day it is).
    static let romeWithoutMoonrise: PageModel = {
        let rome = Coordinate(latitude: 41.9, longitude: 12.5)
        let day =
            (1...60).first { day in
                MoonriseMoonset(
                    date: LocalDate(year: 2026, month: 1, day: 1).adding(days: day), at: rome,
                    utcOffsetSeconds: 3600
                ).moonrise == nil
            } ?? 0
        let date = LocalDate(year: 2026, month: 1, day: 1).adding(days: day)
        return SkyPageTests.place(
            "Roma", latitude: 41.9, longitude: 12.5, offsetHours: 1,
            now: utcInstant(date.year, date.month, date.day, 11, 0))
    }()

    /// The sky page's cases: the demo's Rome, the midnight sun, the polar night, Quito's
    /// unchanged day and Rome's day without a moonrise.
    static let cases: [(String, PageModel)] = [
        ("Rome", DemoData.model(page: .sky)),
        ("midnight sun", SkyPageTests.tromsoMidsummer),
        ("polar night", SkyPageTests.tromsoMidwinter),
        ("same as yesterday", sameAsYesterday), ("no moonrise", romeWithoutMoonrise),
    ]

    /// What the German and Italian pages say in each case where English says something
    /// else: (German, Italian).
    static let words: [String: (de: String, it: String)] = [
        "midnight sun": ("Mitternachtssonne", "Sole di mezzanotte"),
        "polar night": ("Polarnacht", "Notte polare"),
        "same as yesterday": ("wie gestern", "come ieri"),
    ]

    @Test func theCasesAreWhatTheyClaim() throws {
        let english = try renderer.render(
            Self.romeWithoutMoonrise, size: PixelSize(width: 800, height: 480)
        ).texts.map(\.text)
        // "none" beside "Rise": "none today" beside "Moonrise" would be drawn smaller.
        #expect(english.contains("none") && english.contains("Rise"), "\(english)")
        let large = try renderer.render(
            Self.romeWithoutMoonrise, size: PixelSize(width: 1920, height: 1080)
        ).texts.map(\.text)
        #expect(large.contains("none today") && large.contains("Moonrise"), "\(large)")
        let solstice = try renderer.render(
            Self.sameAsYesterday, size: PixelSize(width: 800, height: 480))
        #expect(solstice.texts.map(\.text).contains("same as yesterday"), "\(solstice.texts)")
    }

    @Test(arguments: [Language.de, .it])
    func theSkyPageSpeaksTheLanguage(_ language: Language) throws {
        for size in [PixelSize(width: 800, height: 480), PixelSize(width: 320, height: 240)] {
            for (name, english) in Self.cases {
                let model = Self.speaking(english, language)
                let rendered = try renderer.render(model, size: size)
                try Self.keep(rendered, "sky-\(language)-\(name)-\(size.width)x\(size.height)")
                let texts = rendered.texts.map(\.text)
                let phase = MoonPhase(at: model.now).name
                #expect(texts.contains(phase.title(in: language)), "\(name) \(size): \(texts)")
                #expect(!texts.contains(phase.title), "\(name) \(size): \(texts)")
                if let words = Self.words[name] {
                    let word = language == .de ? words.de : words.it
                    #expect(texts.contains(word), "\(name) \(size): \(texts)")
                }
                if name == "no moonrise" {
                    // "heute keiner" beside "Mondaufgang", or "keiner" beside "Auf" where
                    // the long pair does not fit.
                    let words =
                        language == .de ? ["heute keiner", "keiner"] : ["nessuno oggi", "nessuno"]
                    #expect(texts.contains { words.contains($0) }, "\(size): \(texts)")
                }
            }
        }
    }

    @Test(arguments: [Language.de, .it])
    func theOLEDSkyPageSpeaksTheLanguage(_ language: Language) throws {
        for (name, english) in Self.cases {
            let model = Self.speaking(english, language)
            let phase = MoonPhase(at: model.now).name.title(in: language)
            let tallPage = try renderer.render(
                model, size: PixelSize(width: 128, height: 64), mode: .monochrome)
            try Self.keep(tallPage, "oled-sky-\(language)-\(name)-128x64")
            let tall = tallPage.texts.map(\.text)
            #expect(tall.contains { $0.hasPrefix(phase + " ") }, "\(name): \(tall)")
            let day = language == .de ? "Tag " : "Giorno "
            #expect(tall.contains { $0.hasPrefix(day) }, "\(name): \(tall)")
            let short = try renderer.render(
                model, size: PixelSize(width: 128, height: 32), mode: .monochrome, step: 1
            ).texts.map(\.text)
            #expect(short.contains { $0.hasPrefix(phase + " ") }, "\(name): \(short)")
        }
    }

    @Test(arguments: [Language.de, .it])
    func theLCDSkyPageSpeaksTheLanguage(_ language: Language) throws {
        for (name, english) in Self.cases {
            let model = Self.speaking(english, language)
            let phase = MoonPhase(at: model.now).name
            let wide = CharacterPageLayout(size: .size20x4).frames(for: model)
                .map(characterLines).joined().joined(separator: "\n")
            let sentence =
                (language == .de ? "Mond: " : "Luna: ") + phase.name(in: language)
            let title = phase.title(in: language)
            #expect(
                [sentence, title].contains { wide.contains(Self.rom($0)) }, "\(name): \(wide)")
            #expect(!wide.contains("Moon") && !wide.contains("Sun"), "\(name): \(wide)")
            if let words = Self.words[name] {
                let word = language == .de ? words.de : words.it
                #expect(wide.contains(Self.rom(word)), "\(name): \(wide)")
            } else {
                #expect(wide.contains(language == .de ? "Tag " : "Giorno "), "\(name): \(wide)")
            }
            let narrow = CharacterPageLayout(size: .size16x2).frames(for: model)
                .map(characterLines).joined().joined(separator: "\n")
            #expect(narrow.contains(language == .de ? "Aufgang" : "Alba"), "\(name): \(narrow)")
            #expect(!narrow.contains("Moon") && !narrow.contains("Sun"), "\(name): \(narrow)")
        }
    }

    /// Writes the page to `$SKY_PNG_DIR/name.png` when that is set, for a person to look at.
    static func keep(_ page: RenderedPage, _ name: String) throws {
        guard let directory = getenv("SKY_PNG_DIR").map({ String(cString: $0) }) else { return }
        try writeFile(
            "\(directory)/\(name.replacing(" ", with: "-")).png", PNGCodec.encode(page.image))
    }

    /// `text` as the ROM spells it.
    static func rom(_ text: String) -> String { CharacterROM.text(CharacterROM.codes(text)) }

    /// The LCD's city and indoor pages and the OLED's indoor page: the labels that were
    /// English ("Feels", "RH", "rising", "Dew point", "Outdoor", the CO2 band) in German.
    @Test func theSmallDisplaysOtherLinesSpeakGerman() throws {
        let city = CharacterPageLayout(size: .size20x4).frames(
            for: DemoData.model(page: .city, language: .de)
        ).map(characterLines).joined().joined(separator: "\n")
        #expect(city.contains("rF 62%"), "\(city)")
        let narrow = CharacterPageLayout(size: .size16x2).frames(
            for: DemoData.model(page: .city, language: .de)
        ).map(characterLines).joined().joined(separator: "\n")
        #expect(narrow.contains(Self.rom("Gefühlt ")), "\(narrow)")
        var indoor = DemoData.model(page: .indoor, language: .de)
        indoor.sensors = demoSensors(outdoor: -3.5)
        let lcd = CharacterPageLayout(size: .size20x4).frames(for: indoor)
            .map(characterLines).joined().joined(separator: "\n")
        #expect(lcd.contains("Taupunkt ") && lcd.contains(Self.rom("lüften")), "\(lcd)")
        #expect(lcd.contains(Self.rom("Außen -3,5")), "\(lcd)")
        #expect(!lcd.contains("Dew") && !lcd.contains("Outdoor"), "\(lcd)")
        var oled: [String] = []
        for step in 0..<renderer.steps(for: indoor, size: PixelSize(width: 128, height: 64)) {
            oled += try renderer.render(
                indoor, size: PixelSize(width: 128, height: 64), mode: .monochrome, step: step
            ).texts.map(\.text)
        }
        #expect(oled.contains { $0.hasPrefix("Taupunkt ") }, "\(oled)")
        #expect(oled.contains("lüften") && oled.contains { $0.hasPrefix("Außen ") }, "\(oled)")
        let city64 = try renderer.render(
            DemoData.model(page: .city, language: .de), size: PixelSize(width: 128, height: 64),
            mode: .monochrome
        ).texts.map(\.text)
        #expect(city64.contains { $0.hasPrefix("T ") } && city64.contains { $0.hasPrefix("H ") })
    }
}
