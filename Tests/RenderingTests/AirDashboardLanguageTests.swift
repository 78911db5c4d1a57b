import FoundationEssentials
import KioskCore
import Rendering
import Testing

/// The dashboard and the air page, on screens, LCDs and OLEDs, speak the kiosk's language:
/// the labels, the day names, the condition and the agencies' words for the air-quality and
/// UV bands, with Open-Meteo's recorded air (Enschede: the European index 44, "Moderate",
/// pollen counted at zero).
@Suite struct AirDashboardLanguageTests {
    static let screen = PixelSize(width: 800, height: 480)

    /// The third European band and the second US band, on a small display.
    static let moderate: [AQIScale: [Language: String]] = [
        .european: [.de: "Mäßig", .fr: "Dégradé", .it: "Moderata", .es: "Regular"],
        .us: [.de: "Mäßig", .fr: "Modéré", .it: "Moderata", .es: "Moderada"],
    ]

    /// The demo's `page` with the recorded air, in `language`.
    static func recorded(_ page: PageKind, _ language: Language, units: Units = Units()) throws
        -> PageModel
    {
        try LanguageFitTests.recordedAir(page, units.aqi, language)
    }

    @Test func theItalianDashboardSaysTodayFeelsTheConditionAndTheBandsInItalian() throws {
        let model = try Self.recorded(.dashboard, .it)
        let texts = try renderer.render(model, size: Self.screen).texts.map(\.text)
        let current = try #require(model.city?.forecast?.current)
        let condition = try #require(
            current.weatherCode?.condition(isDay: current.isDay ?? true, language: .it))
        let weekday = try #require(model.city?.forecast?.daily.dropFirst().first).date
        for word in [
            "Oggi", "Percepita", "Max", "Min", "Vento", "Umidità", "Alba", "Tramonto",
            "Moderata", "Indice UV", condition, weekday.text(.weekdayAndDay, language: .it),
        ] {
            #expect(texts.contains { $0.contains(word) }, "\(word) is not in \(texts)")
        }
        for english in ["Today", "Feels", "High", "Wind", "Humidity", "Sunrise", "Moderate"] {
            #expect(!texts.contains { $0.contains(english) }, "\(english) in \(texts)")
        }
    }

    @Test func theGermanAirPageSaysTheScaleTheBandThePollutantsAndThePollenInGerman() throws {
        // The pollutants' and the pollen's names where there is room for them: upright.
        let texts = try [Self.screen, PixelSize(width: 480, height: 800)].flatMap {
            try renderer.render(try Self.recorded(.air, .de), size: $0).texts.map(\.text)
        }
        for expected in [
            "Europäischer LQI", "44", "Mäßig", "Feinstaub PM2.5", "Ozon O₃",
            "Stickstoffdioxid NO₂", "Pollen, Körner/m³", "keine", "22 µg/m³",
        ] {
            #expect(texts.contains(expected), "\(expected) is not on the page: \(texts)")
        }
        let us = try renderer.render(
            try Self.recorded(.air, .es, units: Units(aqi: .us)), size: Self.screen
        ).texts.map(\.text)
        #expect(us.contains("ICA de EE. UU.") && us.contains("Moderada"), "\(us)")
    }

    @Test func theAirPageWaitsInTheLanguageAndSaysSmallNumbersWithItsComma() throws {
        var waiting = DemoData.model(page: .air, language: .fr)
        waiting.city?.airQuality = nil
        let texts = try renderer.render(waiting, size: Self.screen).texts.map(\.text)
        #expect(texts.contains("En attente de la qualité de l'air"), "\(texts)")
        #expect(texts.contains { $0.contains("IQA européen") }, "\(texts)")
        // Tenths below 10 µg/m³, with the language's decimal comma.
        var small = try Self.recorded(.air, .de)
        small.city?.airQuality?.current?.nitrogenDioxide = MassConcentration(
            microgramsPerCubicMetre: 2.46)
        let german = try renderer.render(small, size: Self.screen).texts.map(\.text)
        #expect(german.contains("2,5 µg/m³"), "\(german)")
    }

    @Test func theSkyPageSaysTheUVBandInTheLanguage() throws {
        let texts = try renderer.render(
            DemoData.model(page: .sky, language: .fr), size: Self.screen
        ).texts.map(\.text)
        #expect(texts.contains("Indice UV du jour"), "\(texts)")
        let english = DemoData.model(page: .sky)
        let today = try #require(english.city?.forecast?.today(at: english.now))
        let band = try #require(today.uvIndexMax).band
        #expect(texts.contains(band.name(in: .fr)), "\(texts)")
    }

    /// The LCDs in the ROM's letters: German "Mäßig" keeps its ä, which the ROM has, and
    /// spells the ß it lacks "ss".
    @Test func theLCDAirPageSpeaksTheLanguageInItsROM() throws {
        let german = CharacterPageLayout(size: .size20x4).frames(
            for: try Self.recorded(.air, .de)
        ).map(characterLines)
        #expect(german.first?.dropFirst().first == "EU-LQI 44 Mässig    ", "\(german)")
        #expect(german.joined().contains { $0.hasPrefix("Pollen keine") }, "\(german)")
        let italian = CharacterPageLayout(size: .size16x2).frames(
            for: try Self.recorded(.air, .it)
        ).map(characterLines)
        #expect(italian.first?.dropFirst().first == "IQA 44 Moderata ", "\(italian)")
        let spanish = CharacterPageLayout(size: .size16x2).frames(
            for: DemoData.model(page: .air, cityIndex: 1, language: .es)
        ).map(characterLines)
        // New York, on the US AQI: "ICA", the EPA's Spanish abbreviation.
        #expect(spanish.first?.dropFirst().first?.hasPrefix("ICA 45 Buena") == true, "\(spanish)")
    }

    /// Every LCD size and language: the air page with the recorded air, every line as wide
    /// as the display, the index's line starting with the language's abbreviation.
    @Test(arguments: Language.allCases)
    func everyLCDAirPageFits(_ language: Language) throws {
        let model = try Self.recorded(.air, language)
        for size in [
            CharacterGridSize.size16x2, .size20x2, .size16x4, .size20x4, .size40x2,
        ] {
            let screens = CharacterPageLayout(size: size).frames(for: model).map(characterLines)
            #expect(!screens.isEmpty)
            for line in screens.joined() {
                #expect(line.count == size.columns, "\(language) \(size): \"\(line)\"")
                #expect(!line.contains("?"), "\(language) \(size): \"\(line)\"")
            }
            let names = [
                AQIScale.european.abbreviation(in: language),
                AQIScale.european.smallTitle(in: language),
            ].map { CharacterROM.text(CharacterROM.codes($0)) + " 44" }
            #expect(
                screens.joined().contains { line in names.contains { line.contains($0) } },
                "\(language) \(size): \(screens)")
        }
    }

    /// The OLEDs say the scale and the band in the language (that every step fits is
    /// `LanguageFitTests.everyOLEDPageFitsAsInEnglish`).
    @Test(arguments: Language.allCases.filter { $0 != .en })
    func theOLEDAirPageSaysTheBandInTheLanguage(_ language: Language) throws {
        for scale in AQIScale.allCases {
            let model = try Self.recorded(.air, language, units: Units(aqi: scale))
            let texts = try renderer.render(
                model, size: PixelSize(width: 128, height: 64), mode: .monochrome
            ).texts.map(\.text)
            // The recorded air is 44 on the European index and 65 on the US AQI.
            let word = try #require(Self.moderate[scale]?[language])
            #expect(
                texts.contains {
                    $0.hasPrefix(scale.smallTitle(in: language)) && $0.hasSuffix(word)
                },
                "\(language) \(scale): \(texts)")
        }
    }
}
