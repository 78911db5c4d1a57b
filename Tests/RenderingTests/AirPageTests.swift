import FoundationEssentials
import KioskCore
import KioskTesting
import OpenMeteo
import Rendering
import Testing

/// The air page against Open-Meteo's recorded answers: Enschede's air (the European index 44,
/// "Moderate", pollen counted at zero out of season) and New York's hours (pollen null, no
/// `current` block); the scale by country or `units.aqi`; a favourite whose air has not
/// arrived; every text whole at every size and theme.
@Suite struct AirPageTests {
    /// `Tests/OpenMeteoTests/Fixtures/<name>`, decoded as the client decodes it.
    static func recorded(_ name: String, at coordinate: Coordinate) throws
        -> AirQualityForecast
    {
        let here = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(2)
            .joined(separator: "/")
        let body = try FixtureFile.bytes(name, besides: here + "/OpenMeteoTests/x.swift")
        let request = AirQualityRequest(coordinates: [coordinate])
        return try #require(try request.decodeResponse(body, host: "fixture").first)
    }

    /// The demo's first favourite moved to `city`, at `now`, with `air`.
    static func place(
        _ city: City, air: AirQualityForecast?, now: Date, offsetHours: Int,
        units: Units = Units()
    ) -> PageModel {
        var model = DemoData.model(page: .air, units: units)
        model.now = now
        model.city?.city = city
        model.city?.displayName = city.name
        model.city?.forecast?.utcOffsetSeconds = offsetHours * 3600
        model.city?.airQuality = air
        return model
    }

    static let enschedeCity = City(
        name: "Enschede", country: "Netherlands",
        coordinate: Coordinate(latitude: 52.21833, longitude: 6.89583),
        timezone: "Europe/Amsterdam")
    static let newYorkCity = City(
        name: "New York", country: "United States",
        coordinate: Coordinate(latitude: 40.71427, longitude: -74.00597),
        timezone: "America/New_York")

    /// Enschede at 12:00 local on 3 October 2026, the recorded `current` block's hour.
    static func enschede(units: Units = Units()) throws -> PageModel {
        let air = try recorded(
            "air-quality-single-current-hourly-frenck.json", at: enschedeCity.coordinate)
        return place(
            enschedeCity, air: air, now: utcInstant(2026, 10, 3, 10, 20), offsetHours: 2,
            units: units)
    }

    /// New York at 12:30 local on 1 October 2026, inside the recorded 72 hours.
    static func newYork(units: Units = Units()) throws -> PageModel {
        let air = try recorded(
            "air-quality-single-hourly-pollen-null-reflbo.json", at: newYorkCity.coordinate)
        return place(
            newYorkCity, air: air, now: utcInstant(2026, 10, 1, 16, 30), offsetHours: -4,
            units: units)
    }

    static func models() throws -> [(String, PageModel)] {
        var waiting = DemoData.model(page: .air)
        waiting.city?.airQuality = nil
        var sensitive = DemoData.model(page: .air, cityIndex: 1)
        sensitive.city?.airQuality?.current?.usAQI = 142
        if let city = sensitive.city {
            sensitive.city = renamed(
                city, to: "Santa Cruz de la Sierra", country: "Plurinational State of Bolivia")
        }
        sensitive.units = Units(clock: .twelveHour, aqi: .us)
        return [
            ("Rome", DemoData.model(page: .air)),
            ("New York demo", DemoData.model(page: .air, cityIndex: 1)),
            ("São Paulo", DemoData.model(page: .air, cityIndex: 4)),
            ("Enschede", try enschede()), ("Enschede US", try enschede(units: Units(aqi: .us))),
            ("New York European", try newYork(units: Units(aqi: .european))),
            ("New York US", try newYork()), ("waiting", waiting),
            ("unhealthy for sensitive groups, long name", sensitive),
        ]
    }

    static let sizes = [
        PixelSize(width: 320, height: 240), PixelSize(width: 480, height: 320),
        PixelSize(width: 800, height: 480), PixelSize(width: 480, height: 800),
        PixelSize(width: 1920, height: 1080),
    ]

    @Test(arguments: Theme.allCases)
    func everyTextIsWholeAtEverySize(_ theme: Theme) throws {
        for (name, base) in try Self.models() {
            var model = base
            model.theme = theme
            for size in Self.sizes {
                let page = try renderer.render(model, size: size)
                let screen = Rect(
                    x: 0, y: 0, width: Double(size.width), height: Double(size.height))
                for text in page.texts {
                    #expect(
                        !text.text.hasSuffix("…"), "\(name) at \(size): \"\(text.text)\" is cut")
                    #expect(screen.contains(text.bounds, tolerance: 0.5), "\(name) at \(size)")
                    #expect(
                        text.size >= 10, "\(name) at \(size): \"\(text.text)\" is \(text.size) px")
                }
                for (index, text) in page.texts.enumerated() {
                    for other in page.texts[(index + 1)...] {
                        #expect(
                            !text.bounds.inset(0.5).intersects(other.bounds.inset(0.5)),
                            "\(name) at \(size): \"\(text.text)\" overlaps \"\(other.text)\"")
                    }
                }
                #expect(page.texts.count >= 3, "\(name) at \(size) is nearly blank")
            }
        }
    }

    @Test func enschedeShowsTheIndexItsWordThePollutantsAndPollenAtZeroAsNone() throws {
        let texts = try renderer.render(
            try Self.enschede(), size: PixelSize(width: 800, height: 480)
        )
        .texts.map(\.text)
        for expected in [
            "European AQI", "44", "Moderate", "22 µg/m³", "28 µg/m³", "42 µg/m³", "11 µg/m³",
            "none now",
        ] {
            #expect(texts.contains(expected), "\(expected) is not on the page: \(texts)")
        }
        // The recorded hours end before the recorded `current`: no trend rather than old bars.
        #expect(!texts.contains("Next hours"))
        let us = try renderer.render(
            try Self.enschede(units: Units(aqi: .us)), size: PixelSize(width: 800, height: 480)
        ).texts.map(\.text)
        #expect(us.contains("US AQI") && us.contains("65") && !us.contains("44"))
    }

    @Test func outsideEuropeThereIsNoPollenLineAndTheHoursAreBars() throws {
        let page = try renderer.render(
            try Self.newYork(units: Units(aqi: .european)), size: PixelSize(width: 800, height: 480)
        )
        let texts = page.texts.map(\.text)
        #expect(!texts.contains { $0.hasPrefix("Pollen") }, "\(texts)")
        #expect(!texts.contains("none now"))
        #expect(texts.contains("Next hours"))
        // 12:00 local is the recorded hour 12 (index 12: 48); the next eleven follow.
        #expect(texts.contains("48") && texts.contains("12:00") && texts.contains("23:00"))
        #expect(texts.contains("Moderate"))
        // No `current` block: the pollutants are dashes, not zeros.
        #expect(texts.filter { $0 == "–" }.count == 4)
    }

    @Test func theScaleFollowsTheCountryUnlessUnitsSayOtherwise() throws {
        let size = PixelSize(width: 800, height: 480)
        let rome = try renderer.render(DemoData.model(page: .air), size: size).texts.map(\.text)
        #expect(rome.contains("European AQI"))
        let newYork = try renderer.render(DemoData.model(page: .air, cityIndex: 1), size: size)
            .texts.map(\.text)
        #expect(newYork.contains("US AQI"))
        // New York's recording has no US index: nothing for now and no bars, said so.
        let recorded = try renderer.render(try Self.newYork(), size: size).texts.map(\.text)
        #expect(recorded.contains("Waiting for air quality"), "\(recorded)")
    }

    @Test func aFavouriteWithoutAirQualitySaysItIsWaiting() throws {
        var model = DemoData.model(page: .air)
        model.city?.airQuality = nil
        for size in [PixelSize(width: 320, height: 240), PixelSize(width: 800, height: 480)] {
            let texts = try renderer.render(model, size: size).texts.map(\.text)
            #expect(texts.contains("Waiting for air quality"))
            #expect(texts.contains { $0.contains("once an hour") || $0.contains("hour;") })
            #expect(!texts.contains("0"))
        }
    }

    /// The EEA's "Moderate" yellow behind Enschede's 44 on a screen; on e-paper, whose few
    /// inks would dither it under the number, a box of ink.
    @Test func theBandsColourIsAScreensNotAPanels() throws {
        let yellow: UInt32 = 0xF0E641
        var model = try Self.enschede()
        let size = PixelSize(width: 800, height: 480)
        let screen = try renderer.render(model, size: size)
        #expect(screen.image.pixels.filter { $0 & 0xFF_FFFF == yellow }.count > 2000)
        model.theme = .paper
        let panel = EPaperPanel.waveshare7in5V2
        let paper = try renderer.render(model, size: size, palette: .paper(inks: panel.inks))
        #expect(!paper.image.pixels.contains { $0 & 0xFF_FFFF == yellow })
        #expect(paper.texts.map(\.text).contains("44"))
    }
}
