import FoundationEssentials
import KioskCore
import KioskTesting
import METNorway
import Rendering
import Testing

/// A forecast MET Norway sent, decoded as the kiosk decodes it: one of the recorded
/// Locationforecast answers in `Tests/METNorwayTests/Fixtures` (their sources are in its
/// `SOURCES.md`).
struct RecordedMETForecast: Sendable {
    var name: String
    var country: String
    var file: String
    var latitude: Double
    var longitude: Double
    var offsetHours: Int
    /// An instant inside the answer: the page's "now".
    var now: Date

    /// A `compact` answer for New York (no chance of precipitation anywhere).
    static let newYork = RecordedMETForecast(
        name: "New York", country: "United States", file: "compact-new-york-2020-07-20.json",
        latitude: 40.7, longitude: -74, offsetHours: -4, now: utcInstant(2020, 7, 20, 12, 5))
    /// A `complete` answer for London: no chance of precipitation either (MET Norway has none
    /// there), no gusts.
    static let london = RecordedMETForecast(
        name: "London", country: "United Kingdom", file: "complete-london-2020-07-20.json",
        latitude: 51.5, longitude: -0.1, offsetHours: 1, now: utcInstant(2020, 7, 20, 12, 5))
    /// A `compact` answer for Brisbane.
    static let brisbane = RecordedMETForecast(
        name: "Brisbane", country: "Australia", file: "compact-brisbane-2026-03-30.json",
        latitude: -27.5, longitude: 153, offsetHours: 10, now: utcInstant(2026, 3, 30, 13, 25))
    /// A `complete` answer south of Oslo, with the chance of precipitation in every period.
    static let oslo = RecordedMETForecast(
        name: "Oslo", country: "Norway", file: "complete-south-of-oslo-2022-05-18.json",
        latitude: 59, longitude: 10, offsetHours: 2, now: utcInstant(2022, 5, 18, 21, 10))

    static let all = [newYork, london, brisbane, oslo]

    /// The place, with the decoded forecast, fetched five minutes before `now`.
    func weather(filePath: String = #filePath) throws -> CityWeather {
        let directory = filePath.split(separator: "/", omittingEmptySubsequences: false)
            .dropLast(2).joined(separator: "/")
        let body = try FixtureFile.bytes(file, besides: directory + "/METNorwayTests/Support.swift")
        let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        let decoder = LocationforecastDecoder(
            place: ForecastPlace(coordinate: coordinate, utcOffsetSeconds: offsetHours * 3600),
            units: ForecastUnits())
        let forecast = try decoder.decode(body, at: now)
        return CityWeather(
            city: City(name: name, country: country, coordinate: coordinate), forecast: forecast,
            fetchedAt: now.addingTimeInterval(-300), provider: .metNorway)
    }

    /// A page of this place on MET Norway's forecast, in the kiosk's zone of the place.
    func model(
        _ page: PageKind, theme: Theme = .dark, notices: [PageNotice] = []
    ) throws -> PageModel {
        let weather = try weather()
        var model = DemoData.model(page: page, theme: theme, notices: notices)
        model.now = now
        model.kioskUTCOffsetSeconds = offsetHours * 3600
        model.city = weather
        model.favourites[0] = weather
        return model
    }
}

/// "YYYY-MM-DD HH:MM" UTC.
func utcInstant(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int) -> Date {
    LocalDateTime(
        date: LocalDate(year: year, month: month, day: day), hour: hour, minute: minute
    ).instant(utcOffsetSeconds: 0)
}

/// What a person sees of MET Norway's forecast on the pixel pages: the credit its licence
/// asks for on every page that shows its data, legible and clear of the other texts at
/// every size and theme, and "–" where MET Norway has no value.
@Suite struct METNorwayPageTests {
    static let credit = "Data from MET Norway"
    static let sizes: [PixelSize] = [
        PixelSize(width: 320, height: 240), PixelSize(width: 480, height: 320),
        PixelSize(width: 800, height: 480), PixelSize(width: 480, height: 800),
        PixelSize(width: 1920, height: 1080),
    ]
    static let notices: [PageNotice] = [
        .warning("Open-Meteo error 503 · showing MET Norway's forecast"),
        .error("sensor missing: no answer at 0x76 on /dev/i2c-1"),
        .stale(
            dataTime: RecordedMETForecast.newYork.now.addingTimeInterval(-3 * 3600),
            nextRetry: nil, reason: "offline"),
    ]

    /// The credit is on the page, at least 10 px, inside the screen, below everything but
    /// the footer, and overlapping no other text.
    private func expectCredit(_ page: RenderedPage, size: PixelSize, _ label: String) {
        let screen = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
        guard let credit = page.texts.first(where: { $0.text == Self.credit }) else {
            Issue.record(
                "\(label) at \(size): no \"\(Self.credit)\" among \(page.texts.map(\.text))")
            return
        }
        #expect(credit.size >= 10, "\(label) at \(size): the credit is \(credit.size) px")
        // Every text of the page, the credit among them: on the screen, legible, apart.
        for (index, text) in page.texts.enumerated() {
            #expect(
                screen.contains(text.bounds, tolerance: 0.5),
                "\(label) at \(size): \"\(text.text)\" leaves the screen")
            #expect(text.size >= 10, "\(label) at \(size): \"\(text.text)\" is \(text.size) px")
            for other in page.texts[(index + 1)...] {
                #expect(
                    !text.bounds.inset(0.5).intersects(other.bounds.inset(0.5)),
                    "\(label) at \(size): \"\(text.text)\" overlaps \"\(other.text)\"")
            }
        }
    }

    @Test(arguments: [PageKind.city, .hourly, .map], [Theme.dark, .light, .paper])
    func everyPageWithItsDataCreditsMETNorway(_ page: PageKind, _ theme: Theme) throws {
        for place in RecordedMETForecast.all {
            for notices in [[], Self.notices] {
                let model = try place.model(page, theme: theme, notices: notices)
                for size in Self.sizes {
                    let drawn = try renderer.render(model, size: size)
                    expectCredit(
                        drawn, size: size, "\(place.name) \(page) \(theme) \(notices.count)")
                    // The numbers are still there.
                    if page == .city {
                        let now = WeatherFormat.temperature(
                            model.city?.forecast?.current?.temperature, in: .celsius)
                        #expect(drawn.texts.contains { $0.text == now }, "\(place.name) at \(size)")
                    }
                }
            }
        }
    }

    @Test(arguments: [EPaperPanel.waveshare7in5V2, .inkyImpression4, .inkyWhatRed])
    func theEPaperPageCreditsMETNorway(_ panel: EPaperPanel) throws {
        let model = try RecordedMETForecast.oslo.model(.city, theme: .paper)
        let picture = try renderer.renderPanel(model, panel: panel)
        #expect(picture.texts.contains { $0.text == Self.credit })
    }

    @Test func openMeteoDataOwesNoCredit() throws {
        for page in [PageKind.city, .hourly, .map, .indoor] {
            let texts = try renderer.render(
                DemoData.model(page: page), size: PixelSize(width: 800, height: 480)
            ).texts
            #expect(!texts.contains { $0.text.contains("MET Norway") }, "\(page)")
        }
        // A place without a forecast shows none of MET Norway's data.
        var model = try RecordedMETForecast.london.model(.city)
        model.city?.forecast = nil
        let texts = try renderer.render(model, size: PixelSize(width: 800, height: 480)).texts
        #expect(!texts.contains { $0.text.contains("MET Norway") })
    }

    @Test func theMapCreditsMETNorwayWhenOnePlaceIsItsAndOnceOnly() throws {
        var model = DemoData.model(page: .map)
        let size = PixelSize(width: 800, height: 480)
        #expect(!(try renderer.render(model, size: size)).texts.contains { $0.text == Self.credit })
        model.favourites[1].provider = .metNorway
        model.favourites[2].provider = .metNorway
        let texts = try renderer.render(model, size: size).texts
        #expect(texts.filter { $0.text == Self.credit }.count == 1)
    }

    /// Feels-like, the chance of precipitation (none in `compact`, none in London's
    /// `complete`) and the zone's abbreviation: MET Norway has none, the pages say "–".
    @Test(arguments: [RecordedMETForecast.newYork, .london, .brisbane])
    func whatMETNorwayDoesNotSayIsADash(_ place: RecordedMETForecast) throws {
        let weather = try place.weather()
        let forecast = try #require(weather.forecast)
        #expect(forecast.current?.apparentTemperature == nil)
        #expect(forecast.timezoneAbbreviation == nil)
        #expect(forecast.daily.allSatisfy { $0.precipitationProbabilityMax == nil })
        #expect(forecast.hourly.allSatisfy { $0.precipitationProbability == nil })
        let humidity = WeatherFormat.percent(forecast.current?.relativeHumidity)
        for size in Self.sizes {
            let city = try renderer.render(try place.model(.city), size: size).texts.map(\.text)
            let feels = try #require(city.firstIndex(of: "Feels like"), "\(size)")
            #expect(
                city[feels + 1] == "–", "\(place.name) at \(size): feels like \(city[feels + 1])")
            // The only percentage is the humidity: no day's chance became "0 %".
            #expect(
                city.filter { $0.hasSuffix("%") } == [humidity],
                "\(place.name) at \(size): \(city.filter { $0.hasSuffix("%") })")
            #expect(city.filter { $0 == "–" }.count >= 4, "\(place.name) at \(size): \(city)")
            let hourly = try renderer.render(try place.model(.hourly), size: size).texts
                .map(\.text)
            #expect(!hourly.contains { $0.hasSuffix("%") }, "\(place.name) at \(size): \(hourly)")
            if size.isPortrait {
                #expect(hourly.filter { $0 == "–" }.count >= 5, "\(place.name) at \(size)")
            }
        }
    }

    /// Where MET Norway gives the chance (south of Oslo), the pages show it.
    @Test func theChanceIsShownWhereMETNorwayGivesIt() throws {
        let model = try RecordedMETForecast.oslo.model(.city)
        let days = model.city?.forecast?.upcomingDays(after: model.now, count: 3) ?? []
        #expect(days.count == 3 && days.allSatisfy { $0.precipitationProbabilityMax != nil })
        let texts = try renderer.render(model, size: PixelSize(width: 800, height: 480)).texts
        for day in days {
            #expect(
                texts.contains { $0.text == WeatherFormat.percent(day.precipitationProbabilityMax) }
            )
        }
    }

    static let goldens: [(String, PixelSize, Theme)] = [
        ("city-800x480-dark-metno", PixelSize(width: 800, height: 480), .dark),
        ("city-320x240-light-metno", PixelSize(width: 320, height: 240), .light),
    ]

    @Test(arguments: goldens.map(\.0))
    func theCityPageOnMETNorwayMatchesItsGolden(_ name: String) throws {
        let (_, size, theme) = try #require(Self.goldens.first { $0.0 == name })
        let model = try RecordedMETForecast.london.model(
            .city, theme: theme, notices: [Self.notices[0]])
        try expectMatchesGolden(
            try renderer.render(model, size: size).image, name: name,
            tolerance: GoldenTests.channelTolerance, allowedFraction: GoldenTests.allowedFraction)
    }
}

/// The credit on the small displays: "met.no" on an OLED's city page, "Data from MET
/// Norway" (or shorter) on a line of its own on an LCD; the temperature keeps its place.
@Suite struct METNorwaySmallDisplayTests {
    @Test(arguments: [PixelSize(width: 128, height: 64), PixelSize(width: 128, height: 32)])
    func theOLEDCityPageSaysMetNo(_ size: PixelSize) throws {
        for place in RecordedMETForecast.all {
            let model = try place.model(.city)
            let texts = try renderer.render(model, size: size, mode: .monochrome).texts
            let now = WeatherFormat.temperature(
                model.city?.forecast?.current?.temperature, in: .celsius)
            let credit = try #require(texts.first { $0.text == "met.no" }, "\(place.name) \(size)")
            let temperature = try #require(texts.first { $0.text == now }, "\(place.name) \(size)")
            // The credit costs the temperature nothing: as large as without it.
            var unowed = model
            unowed.city?.provider = .openMeteo
            let plain = try renderer.render(unowed, size: size, mode: .monochrome).texts
            #expect(plain.first { $0.text == now }?.size == temperature.size)
            #expect(plain.first { $0.text == now }?.bounds == temperature.bounds)
            #expect(credit.size >= 8)
            let screen = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
            for text in texts {
                #expect(screen.contains(text.bounds, tolerance: 0.5), "\(text.text) off screen")
                if text != credit {
                    #expect(
                        !credit.bounds.inset(0.5).intersects(text.bounds.inset(0.5)), "\(text.text)"
                    )
                }
            }
        }
        // Open-Meteo's data: no credit.
        let texts = try renderer.render(DemoData.model(page: .city), size: size).texts
        #expect(!texts.contains { $0.text == "met.no" })
    }

    @Test(arguments: CharacterGridSize.supported)
    func theLCDPagesCreditMETNorway(_ size: CharacterGridSize) throws {
        for page in [PageKind.city, .hourly, .map] {
            let model = try RecordedMETForecast.london.model(page)
            let screens = CharacterPageLayout(size: size).frames(for: model).map(characterLines)
            // "Data from MET Norway" on 20 columns, "Data: MET Norway" on 16 (and a 40×2's
            // halves of 19 and 20).
            #expect(
                screens.joined().contains {
                    $0.contains("Data from MET Norway") || $0.contains("Data: MET Norway")
                }, "\(page) at \(size): \(screens)")
            if page == .city {
                // The temperature is on the first screen, as before.
                let now = WeatherFormat.temperature(
                    model.city?.forecast?.current?.temperature, in: .celsius)
                #expect(screens[0].joined().contains(now), "\(size): \(screens[0])")
            }
            let demo = CharacterPageLayout(size: size).frames(for: DemoData.model(page: page))
            #expect(!demo.map(characterLines).joined().contains { $0.contains("MET Norway") })
        }
    }
}
