import FoundationEssentials
import KioskCore
import Rendering
import Testing

/// Every text of every page stays inside the screen, overlaps no other text and is at least
/// 10 pixels tall, at every size: checked on the text extents Cairo reports, not on pixels.
@Suite struct LayoutTests {
    /// The demo pages and the hard cases: long names, four notices, Fahrenheit and a 12-hour
    /// clock, missing data, a BMP280, no sensor, a failure sentence.
    static let models: [(String, PageModel)] = {
        var result: [(String, PageModel)] = []
        for page in PageKind.allCases {
            result.append(("demo \(page.rawValue)", DemoData.model(page: page)))
            var hard = DemoData.model(
                page: page, cityIndex: 4, theme: .light,
                units: Units(
                    temperature: .fahrenheit, wind: .mph, pressure: .inchesOfMercury,
                    clock: .twelveHour),
                notices: [
                    .stale(
                        dataTime: DemoData.now.addingTimeInterval(-26 * 3600),
                        nextRetry: DemoData.now.addingTimeInterval(3700)),
                    .error(
                        "config rejected: line 12: display.cycle_seconds must be a whole number from 2 to 3600 seconds, not 0"
                    ),
                    .error("sensor missing"),
                    .error("network down"),
                ])
            if let city = hard.city {
                hard.city = renamed(
                    city, to: "Santa Cruz de la Sierra", country: "Plurinational State of Bolivia")
            }
            result.append(("hard \(page.rawValue)", hard))
        }
        var missing = DemoData.model(page: .city)
        missing.city?.forecast = nil
        missing.city?.fetchedAt = nil
        result.append(("city without forecast", missing))
        missing.page = .hourly
        result.append(("hourly without forecast", missing))
        var failing = DemoData.model(page: .city)
        failing.city?.forecast = nil
        failing.city?.fetchedAt = nil
        failing.notices = [
            .noForecast(
                reason:
                    "The response from api.open-meteo.com is not the JSON Open-Meteo sends (invalid or incomplete JSON); it was probably cut off or replaced by an error page.",
                nextRetry: DemoData.now.addingTimeInterval(45)),
            .error("Sensor: no answer at 0x76 on /dev/i2c-1"),
        ]
        result.append(("city without forecast, failing", failing))
        failing.page = .hourly
        result.append(("hourly without forecast, failing", failing))
        failing.page = .indoor
        result.append(("indoor with a failing forecast", failing))
        var emptyForecast = DemoData.model(page: .city)
        emptyForecast.city?.forecast?.current = nil
        emptyForecast.city?.forecast?.daily = []
        result.append(("city with nulls", emptyForecast))
        var bmp = DemoData.model(page: .indoor)
        if case .reading(var conditions) = bmp.indoor {
            conditions.reading.chip = .bmp280
            conditions.reading.humidity = nil
            conditions.dewPoint = nil
            conditions.seaLevelPressure = nil
            conditions.tendency = nil
            bmp.indoor = .reading(conditions)
        }
        result.append(("indoor bmp280", bmp))
        var sensors = DemoData.model(page: .indoor)
        sensors.sensors = demoSensors(outdoor: -12.5, outdoorError: "Sensor \"Balcony\" fails.")
        result.append(("indoor with CO2 and outdoor", sensors))
        sensors.indoor = .noSensor
        result.append(("indoor with CO2 and outdoor, no BME280", sensors))
        var station = DemoData.model(page: .city)
        station.sensors = demoSensors(outdoor: -12.5)
        station.cityIsStation = true
        result.append(("city of the station, measured", station))
        var none = DemoData.model(page: .indoor)
        none.indoor = .noSensor
        result.append(("indoor no sensor", none))
        none.indoor = .failed(
            "Cannot read /dev/i2c-1 at 0x76: remote I/O error; check the wiring (SDA pin 3, SCL pin 5, 3V3, GND) or try address 0x77."
        )
        result.append(("indoor failed", none))
        result.append(("crowded map", crowdedMapModel()))
        var pacific = DemoData.model(page: .map)
        pacific.favourites = [
            ("Auckland", -36.85, 174.76), ("Suva", -18.14, 178.44), ("Apia", -13.83, -171.76),
        ].map { name, latitude, longitude in
            var city = pacific.favourites[0]
            city.city = City(
                name: name, coordinate: Coordinate(latitude: latitude, longitude: longitude))
            return city
        }
        pacific.city = pacific.favourites[1]
        result.append(("map across the date line", pacific))
        var single = DemoData.model(page: .map)
        single.favourites = [single.favourites[0]]
        result.append(("map of one city", single))
        var noAddress = DemoData.model(page: .empty)
        noAddress.host = HostInfo(name: "", addresses: [])
        result.append(("empty without address", noAddress))
        var longCommand = DemoData.model(page: .empty)
        longCommand.host.addCityCommand = EmptyPageTests.longCommand
        longCommand.hasStation = false
        result.append(("empty with a long command", longCommand))
        var noStation = DemoData.model(page: .empty)
        noStation.hasStation = false
        result.append(("empty without station", noStation))
        return result
    }()

    @Test(arguments: models.map(\.0), everySize)
    func textsStayInsideTheScreenApartAndLegible(_ name: String, _ size: PixelSize) throws {
        let model = try #require(Self.models.first { $0.0 == name }?.1)
        let page = try renderer.render(model, size: size)
        let screen = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
        #expect(!page.texts.isEmpty)
        for text in page.texts {
            #expect(
                screen.contains(text.bounds, tolerance: 0.5),
                "\(name) at \(size): \"\(text.text)\" \(text.bounds) leaves the screen")
            #expect(text.size >= 10, "\(name) at \(size): \"\(text.text)\" is \(text.size) px")
        }
        for (index, text) in page.texts.enumerated() {
            for other in page.texts[(index + 1)...] {
                let a = text.bounds.inset(0.5)
                let b = other.bounds.inset(0.5)
                #expect(
                    !a.intersects(b),
                    "\(name) at \(size): \"\(text.text)\" \(text.bounds) overlaps \"\(other.text)\" \(other.bounds)"
                )
            }
        }
    }

    @Test(arguments: everySize)
    func theNumbersThatMatterAreShown(_ size: PixelSize) throws {
        let model = DemoData.model(page: .city)
        let now = WeatherFormat.temperature(
            model.city?.forecast?.current?.temperature, in: model.units.temperature)
        let city = try renderer.render(model, size: size).texts.map(\.text)
        #expect(city.contains(now))
        #expect(city.contains("Partly cloudy"))
        #expect(city.contains { $0.hasPrefix("updated ") })
        for day in ["Mon 23", "Tue 24", "Wed 25"] { #expect(city.contains(day)) }
        let map = try renderer.render(DemoData.model(page: .map), size: size).texts.map(\.text)
        for name in DemoData.cityNames {
            #expect(map.contains { $0.hasPrefix(name) }, "\(name) has no label at \(size)")
        }
    }

    @Test func noticesTakeABandOfTheirOwn() throws {
        let size = PixelSize(width: 800, height: 480)
        let plain = try renderer.render(DemoData.model(page: .city), size: size)
        let withNotices = try renderer.render(
            DemoData.model(page: .city, notices: GoldenTests.notices), size: size)
        let notice = try #require(withNotices.texts.first { $0.text.hasPrefix("offline") })
        #expect(notice.text == "offline · data from 12:05 · retrying in 2 min")
        let now = WeatherFormat.temperature(
            DemoData.model(page: .city).city?.forecast?.current?.temperature, in: .celsius)
        let hero = try #require(withNotices.texts.first { $0.text == now })
        #expect(notice.bounds.minY > hero.bounds.maxY)
        #expect(withNotices.texts.contains { $0.text.hasPrefix("sensor missing") })
        // The content moved up to make room, rather than being covered.
        let plainHero = try #require(plain.texts.first { $0.text == now })
        #expect(hero.bounds.maxY <= plainHero.bounds.maxY)
    }
}

@Suite struct TinyScreenTests {
    /// `display.size` accepts 16×16 and up: every page must draw, however badly, at the
    /// smallest sizes and with notices taking what room there is, and never crash.
    @Test(arguments: [
        PixelSize(width: 16, height: 16), PixelSize(width: 96, height: 64),
        PixelSize(width: 128, height: 32), PixelSize(width: 2000, height: 40),
    ])
    func everyPageDrawsOnTinyScreens(size: PixelSize) throws {
        let renderer = try PageRenderer()
        for page in PageKind.allCases {
            var model = DemoData.model(page: page, cityIndex: 0, theme: .dark, units: Units())
            model.notices = [
                .error("A long notice that wants more room than the screen has at all."),
                .stale(dataTime: model.now, nextRetry: nil),
            ]
            let image = try renderer.render(model, size: size).image
            #expect(image.width == size.width && image.height == size.height)
        }
    }
}
