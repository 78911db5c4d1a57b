import FoundationEssentials
import KioskCore
import Rendering
import Testing

/// The frame's rows as text, user-defined characters shown by the icon they hold:
/// "[sun]", "[rain]", …
func characterLines(_ frame: CharacterFrame) -> [String] {
    (0..<frame.size.rows).map { row in
        frame.row(row).map { code -> String in
            guard code < 8 else { return CharacterROM.text([code]) }
            let glyph = frame.glyphs[Int(code)]
            let icon = CharacterIcon.allCases.first { $0.glyph == glyph }
            return "[\(icon?.rawValue ?? "?")]"
        }.joined()
    }
}

/// Every frame of a demo page as text.
func demoScreens(_ page: PageKind, _ size: CharacterGridSize, cityIndex: Int = 0) -> [[String]] {
    CharacterPageLayout(size: size).frames(
        for: DemoData.model(page: page, cityIndex: cityIndex)
    ).map(characterLines)
}

/// The LCD pages: the demo data at 16×2 and 20×4 (and 16×4, 40×2), screen by screen.
@Suite struct CharacterPageTests {
    @Test func theCityPageAt16x2TakesThreeSteps() {
        #expect(
            demoScreens(.city, .size16x2) == [
                ["Rome       15:05", "[partlyCloudy]19° Part cloudy"],
                ["Feels 18° RH 62%", "Wind 11 km/h SW "],
                ["Mo[rain]20/11 Tu[cloud]15/7", "We[sun]17/7         "],
            ])
    }

    @Test func theCityPageAt20x4IsOneScreen() {
        #expect(
            demoScreens(.city, .size20x4) == [
                [
                    "Rome           15:05", "[partlyCloudy]19° Partly cloudy  ",
                    "RH 62% 11 km/h SW   ", "Mo[rain]20° Tu[cloud]15° We[sun]17°",
                ]
            ])
    }

    @Test func theIndoorPage() {
        #expect(
            demoScreens(.indoor, .size16x2) == [
                ["Indoor     15:05", "[thermometer]21.3° [drop]46%     "],
                ["1014 hPa [falling]      ", "Dew point 9°    "],
            ])
        #expect(
            demoScreens(.indoor, .size20x4) == [
                [
                    "Indoor         15:05", "[thermometer]21.3° [drop]46%         ",
                    "1014 hPa [falling]falling   ", "Dew point 9°        ",
                ]
            ])
    }

    @Test func theIndoorPageWithCO2AndOutdoorSensors() {
        var model = DemoData.model(page: .indoor)
        model.sensors = demoSensors(outdoor: -3.5)
        let screens = CharacterPageLayout(size: .size20x4).frames(for: model).map(characterLines)
        // 20 columns: "CO2 1450 ppm ventilate" does not fit, the shorter form does; the
        // sensors take a second screen after the BME280's.
        #expect(screens.count == 2)
        #expect(
            screens.last == [
                "Indoor         15:05", "CO2 1450 ventilate  ", "Outdoor -3.5°       ",
                "                    ",
            ])
    }

    @Test func theFavouritesAreAListWithTransliteratedNames() {
        let screens = demoScreens(.map, .size20x4)
        #expect(screens.count == 2)
        #expect(screens[0][0] == "Favourites     15:05")
        #expect(screens[0][1] == "Rome            [partlyCloudy]19°")
        #expect(screens[1][0] == "Favourites     15:05")  // the header comes back on a 20×4
        #expect(screens[1][2] == "Sao Paulo       [thunder]29°")
        let small = demoScreens(.map, .size16x2)
        #expect(small.count == 3)
        #expect(small[1] == ["New York     [rain]5°", "Tokyo       [moon]11°"])
    }

    @Test func theSkyPageHasSunriseSunsetAndTheMoonOnALineEach() {
        #expect(
            demoScreens(.sky, .size20x4) == [
                [
                    "Rome           15:05", "Sunrise 07:07       ", "Sunset 16:43        ",
                    "Moon: waxing gibbous",
                ],
                [
                    "Rome           15:05", "Day 9h36m -1m50s    ",
                    String(repeating: " ", count: 20),
                    String(repeating: " ", count: 20),
                ],
            ])
        #expect(
            demoScreens(.sky, .size16x2) == [
                ["Rome       15:05", "Sunrise 07:07   "],
                ["Sunset 16:43    ", "Waxing gibbous  "],
                ["Day 9h36m -1m50s", String(repeating: " ", count: 16)],
            ])
        // São Paulo's name, transliterated for the ROM.
        #expect(demoScreens(.sky, .size16x2, cityIndex: 4)[0][0] == "Sao Paulo  11:05")
    }

    @Test func theHourlyPageListsEveryThirdHour() {
        let screens = demoScreens(.hourly, .size20x4)
        #expect(screens.count == 1)
        #expect(screens[0][0] == "Rome hourly    15:05")
        #expect(screens[0][1] == "16[partlyCloudy]18° 19[cloud]17° 22[cloud]15°")
    }

    @Test func theEmptyPageSaysHowToAddACity() {
        let model = DemoData.model(page: .empty)
        let screens = CharacterPageLayout(size: .size16x2).frames(for: model).map(characterLines)
        #expect(
            screens == [
                ["No cities  15:05", "Add over SSH:   "],
                ["ssh 192.168.1.42", "weather-kiosk   "],
                ["city add NAME   ", "                "],
            ])
    }

    @Test(arguments: [("Zürich", "Zürich"), ("Kraków", "Krakow"), ("Москва", "Moskva")])
    func cityNamesUseTheROMsLettersOrAreTransliterated(name: String, shown: String) {
        var model = DemoData.model(page: .city)
        model.city?.city.name = name
        let frame = CharacterPageLayout(size: .size16x2).frame(for: model, step: 0)
        #expect(characterLines(frame)[0].hasPrefix(shown + " "))
    }

    @Test func theDegreeSignIsTheROMsOwn() {
        let frame = CharacterPageLayout(size: .size16x2).frame(
            for: DemoData.model(page: .city), step: 0)
        // "[icon]19°": the code after the digits is 0xDF, not an "o" standing in for it.
        #expect(Array(frame.row(1).prefix(4)) == [0, 0x31, 0x39, 0xDF])
    }

    @Test func aNoticeShowsAsAMarkByTheClock() {
        let model = DemoData.model(page: .city, notices: [.error("sensor missing")])
        let frame = CharacterPageLayout(size: .size16x2).frame(for: model)
        #expect(characterLines(frame)[0] == "Rome      !15:05")
    }

    @Test func stepsWrapAround() {
        let layout = CharacterPageLayout(size: .size16x2)
        let model = DemoData.model(page: .city)
        #expect(layout.steps(for: model) == 3)
        #expect(layout.frame(for: model, step: 3) == layout.frame(for: model, step: 0))
        #expect(layout.frame(for: model, step: -1) == layout.frame(for: model, step: 2))
    }

    @Test(
        arguments: PageKind.allCases.flatMap { page in
            CharacterGridSize.supported.map { (page, $0) }
        })
    func everyScreenFitsAndUsesAtMostEightGlyphs(page: PageKind, size: CharacterGridSize) {
        for index in DemoData.favourites.indices {
            let frames = CharacterPageLayout(size: size).frames(
                for: DemoData.model(page: page, cityIndex: index))
            #expect(!frames.isEmpty)
            for frame in frames {
                #expect(frame.size == size)
                #expect(frame.glyphs.count <= 8)
                #expect(frame.codes.allSatisfy { $0 < frame.glyphs.count || $0 >= 0x20 })
                // Something is on every screen.
                #expect(frame.codes.contains { $0 != 0x20 })
            }
        }
    }

    @Test func aPageWithoutDataSaysSo() {
        var model = DemoData.model(page: .city)
        model.city?.forecast = nil
        let lines = characterLines(CharacterPageLayout(size: .size20x4).frame(for: model))
        #expect(lines[1].hasPrefix("?- No data yet"))  // "–" becomes "-"
        #expect(lines[3].hasPrefix("No daily forecast"))
    }
}

/// The air page on an LCD: the index with its scale and word, the pollutants, the pollen
/// only where Open-Meteo counts it (Rome, in Europe; not New York or São Paulo), and CAMS's
/// credit on a line of its own.
@Suite struct CharacterAirPageTests {
    @Test func theIndexThePollutantsAndThePollenALineEach() {
        let blank20 = String(repeating: " ", count: 20)
        #expect(
            demoScreens(.air, .size20x4) == [
                [
                    "Rome           15:05", "EU AQI 40 Fair      ", "PM2.5 20 PM10 32    ",
                    "O3 50 NO2 24        ",
                ],
                ["Rome           15:05", "Pollen Alder 3      ", "Air: Copernicus CAMS", blank20],
            ])
        #expect(
            demoScreens(.air, .size20x4, cityIndex: 1) == [
                [
                    "New York       09:05", "US AQI 45 Good      ", "PM2.5 15 PM10 24    ",
                    "O3 60 NO2 18        ",
                ],
                ["New York       09:05", "Air: Copernicus CAMS", blank20, blank20],
            ])
        // 16 columns: the scale goes before the word does.
        #expect(
            demoScreens(.air, .size16x2, cityIndex: 4) == [
                ["Sao Paulo  11:05", "AQI 49 Moderate "],
                ["PM2.5 25 PM10 39", "O3 41 NO2 29    "],
                ["Copernicus CAMS ", "                "],
            ])
    }

    @Test func aLongWordIsTheAgencysShortOneAndWaitingIsSaid() {
        var model = DemoData.model(page: .air, cityIndex: 1)
        model.city?.airQuality?.current?.usAQI = 142
        let layout = CharacterPageLayout(size: .size16x2)
        #expect(characterLines(layout.frames(for: model)[0])[1] == "AQI 142 USG     ")
        model.city?.airQuality = nil
        #expect(characterLines(layout.frames(for: model)[0])[1] == "Waiting for air ")
        #expect(layout.frames(for: model).count == 1)
    }
}
