import FoundationEssentials
import KioskCore
import Rendering
import Testing

/// The sky page: the Sun's and the Moon's times at the place, its polar days, a favourite
/// without a forecast, MET Norway's data without a UV index, and the Moon drawn the way up
/// it is seen from the place's hemisphere; every text whole at every size and theme.
@Suite struct SkyPageTests {
    /// The demo's Rome (`cityIndex` 0) or Sydney (3) moved to `coordinate` and `now`, its
    /// forecast in a zone `offsetHours` east of UTC.
    static func place(
        _ name: String, latitude: Double, longitude: Double, offsetHours: Int, now: Date,
        cityIndex: Int = 0
    ) -> PageModel {
        var model = DemoData.model(page: .sky, cityIndex: cityIndex)
        model.now = now
        model.city?.city.name = name
        model.city?.city.country = nil
        model.city?.city.coordinate = Coordinate(latitude: latitude, longitude: longitude)
        model.city?.forecast?.utcOffsetSeconds = offsetHours * 3600
        return model
    }

    static let tromsoMidsummer = place(
        "Tromsø", latitude: 69.65, longitude: 18.96, offsetHours: 2,
        now: utcInstant(2026, 6, 21, 10, 0))
    static let tromsoMidwinter = place(
        "Tromsø", latitude: 69.65, longitude: 18.96, offsetHours: 1,
        now: utcInstant(2026, 12, 21, 10, 0))

    static let models: [(String, PageModel)] = {
        var result: [(String, PageModel)] = [
            ("Rome", DemoData.model(page: .sky)),
            ("Sydney", DemoData.model(page: .sky, cityIndex: 3)),
            ("midnight sun", tromsoMidsummer), ("polar night", tromsoMidwinter),
        ]
        var twelve = DemoData.model(
            page: .sky, cityIndex: 4, units: Units(clock: .twelveHour))
        if let city = twelve.city {
            twelve.city = renamed(
                city, to: "Santa Cruz de la Sierra", country: "Plurinational State of Bolivia")
        }
        result.append(("long name, 12-hour clock", twelve))
        var missing = DemoData.model(page: .sky)
        missing.city?.forecast = nil
        missing.city?.fetchedAt = nil
        result.append(("no forecast", missing))
        var metNorway = DemoData.model(page: .sky, cityIndex: 1)
        metNorway.city?.provider = .metNorway
        for index in metNorway.city?.forecast?.daily.indices ?? 0..<0 {
            metNorway.city?.forecast?.daily[index].uvIndexMax = nil
        }
        result.append(("MET Norway", metNorway))
        return result
    }()

    static let sizes = [
        PixelSize(width: 320, height: 240), PixelSize(width: 480, height: 320),
        PixelSize(width: 800, height: 480), PixelSize(width: 480, height: 800),
        PixelSize(width: 1920, height: 1080),
    ]

    @Test(arguments: models.map(\.0), Theme.allCases)
    func everyTextIsWholeAtEverySize(_ name: String, _ theme: Theme) throws {
        var model = try #require(Self.models.first { $0.0 == name }?.1)
        model.theme = theme
        for size in Self.sizes {
            let page = try renderer.render(model, size: size)
            expectWholeTexts(page, name: "\(name) at \(size)")
            let texts = page.texts.map(\.text)
            let moon = MoonPhase(at: model.now)
            #expect(texts.contains(moon.name.title), "\(name) at \(size) does not name the Moon")
            #expect(texts.contains("\(Int((moon.illuminatedFraction * 100).rounded())) %"))
        }
    }

    @Test func romeShowsItsSunAndMoonTimesAndUV() throws {
        let model = DemoData.model(page: .sky)
        let rome = try #require(model.city?.city.coordinate)
        let texts = try renderer.render(model, size: PixelSize(width: 800, height: 480)).texts
            .map(\.text)
        // 22 November 2026 in Rome (UTC+1): the Sun from Meeus's equations, and the Moon.
        let date = LocalDate(year: 2026, month: 11, day: 22)
        let sun = SunriseSunset(date: date, at: rome, utcOffsetSeconds: 3600)
        let moon = MoonriseMoonset(date: date, at: rome, utcOffsetSeconds: 3600)
        func clock(_ instant: Date?) throws -> String {
            LocalDateTime(try #require(instant), utcOffsetSeconds: 3600).clockText(
                .twentyFourHour)
        }
        #expect(try clock(sun.sunrise) == "07:07")
        for expected in try [
            "07:07", clock(sun.sunset), clock(moon.moonrise), clock(moon.moonset), "Low", "1",
            "Waxing gibbous", "94 %", "9 h 36 min",
        ] {
            #expect(texts.contains(expected), "\(expected) is not on the page: \(texts)")
        }
        #expect(texts.contains { $0.hasPrefix("\u{2212}1 min") })
    }

    @Test func polarDaysSaySoInsteadOfTimes() throws {
        let size = PixelSize(width: 800, height: 480)
        let summer = try renderer.render(Self.tromsoMidsummer, size: size).texts.map(\.text)
        #expect(summer.contains("Sun up all day"))
        #expect(summer.contains("24 h"))
        let winter = try renderer.render(Self.tromsoMidwinter, size: size).texts.map(\.text)
        #expect(winter.contains("Sun down all day"))
        #expect(winter.contains("0 h"))
    }

    @Test func withoutAForecastTheTimesAreDashesNotUTC() throws {
        let model = try #require(Self.models.first { $0.0 == "no forecast" }?.1)
        let texts = try renderer.render(model, size: PixelSize(width: 800, height: 480)).texts
            .map(\.text)
        #expect(!texts.contains { $0.contains(":") && $0.first?.isNumber == true })
        #expect(texts.filter { $0 == "–" }.count >= 6)
        #expect(texts.contains("Times once the forecast is in"))
        #expect(texts.contains("Waxing gibbous"))
    }

    @Test func metNorwaysDataIsCreditedAndItsMissingUVIsADash() throws {
        let model = try #require(Self.models.first { $0.0 == "MET Norway" }?.1)
        let texts = try renderer.render(model, size: PixelSize(width: 800, height: 480)).texts
            .map(\.text)
        #expect(texts.contains("Data from MET Norway"))
        #expect(texts.contains("–"))
        #expect(!texts.contains("Low"))
    }

    /// Sydney's UV index of 11 on the WHO's violet on a screen; on e-paper, whose few inks
    /// would dither the violet under the number, in a box of ink.
    @Test func theUVColourIsAScreensNotAPanels() throws {
        let violet: UInt32 = 0x6B49C8
        var model = DemoData.model(page: .sky, cityIndex: 3)
        #expect(model.city?.forecast?.today(at: model.now)?.uvIndexMax?.band.color == violet)
        let size = PixelSize(width: 800, height: 480)
        let screen = try renderer.render(model, size: size)
        #expect(screen.image.pixels.contains { $0 & 0xFF_FFFF == violet })
        model.theme = .paper
        let panel = EPaperPanel.waveshare7in5V2
        let paper = try renderer.render(model, size: size, palette: .paper(inks: panel.inks))
        #expect(!paper.image.pixels.contains { $0 & 0xFF_FFFF == violet })
        #expect(paper.texts.map(\.text).contains("11"))
        #expect(paper.texts.map(\.text).contains("Extreme"))
    }

    /// The mean x of the Moon's lit pixels (the dark theme's moon colour).
    private func litCentre(_ model: PageModel) throws -> Double {
        let image = try renderer.render(model, size: PixelSize(width: 800, height: 480)).image
        let moon: UInt32 = 0xEDE6C8
        var sum = 0.0
        var count = 0.0
        for (index, pixel) in image.pixels.enumerated() where pixel & 0xFF_FFFF == moon {
            sum += Double(index % image.width)
            count += 1
        }
        try #require(count > 100)
        return sum / count
    }

    @Test func theWaxingMoonIsLitOnTheRightInTheNorthAndOnTheLeftInTheSouth() throws {
        // 13 November 2026: a waxing crescent (new moon on the 9th).
        let waxing = utcInstant(2026, 11, 13, 12, 0)
        #expect(MoonPhase(at: waxing).name == .waxingCrescent)
        let north = try litCentre(
            Self.place("North", latitude: 50, longitude: 10, offsetHours: 1, now: waxing))
        let south = try litCentre(
            Self.place("South", latitude: -35, longitude: 10, offsetHours: 1, now: waxing))
        #expect(north > south + 10)
        // 4 December 2026: a waning crescent, lit on the other side.
        let waning = utcInstant(2026, 12, 4, 12, 0)
        #expect(!MoonPhase(at: waning).isWaxing)
        let northWaning = try litCentre(
            Self.place("North", latitude: 50, longitude: 10, offsetHours: 1, now: waning))
        #expect(northWaning < north - 10)
    }
}
