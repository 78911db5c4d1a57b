import FoundationEssentials
import KioskCore
import KioskTesting
import OpenMeteo
import Testing

@testable import Rendering

/// The dashboard carries everything at once: the numbers of the city, hourly and sky pages,
/// air quality when it has come, indoor with a sensor, and 7 days; small screens leave out
/// the least important tiles, never a number half drawn.
@Suite struct DashboardPageTests {
    /// Open-Meteo's recorded air-quality answer for Enschede (European AQI 44, US AQI 65,
    /// both "Moderate"), decoded by the kiosk's own decoder.
    static func recordedAir() throws -> AirQualityForecast {
        let openMeteoTests =
            goldenDirectory().split(separator: "/", omittingEmptySubsequences: false)
            .dropLast(2).joined(separator: "/") + "/OpenMeteoTests/Support.swift"
        let body = try FixtureFile.bytes(
            "air-quality-single-current-hourly-frenck.json", besides: openMeteoTests)
        let coordinate = Coordinate(latitude: 52.22, longitude: 6.89)
        return try #require(
            try AirQualityRequest(coordinates: [coordinate]).decodeResponse(body, host: "fixture")
                .first)
    }

    /// The demo's Rome with the recorded air.
    static func withAir(theme: Theme = .dark, units: Units = Units()) throws -> PageModel {
        var model = DemoData.model(page: .dashboard, theme: theme, units: units)
        model.city?.airQuality = try recordedAir()
        return model
    }

    private func texts(_ model: PageModel, _ size: PixelSize) throws -> [String] {
        try renderer.render(model, size: size).texts.map(\.text)
    }

    @Test(arguments: [PixelSize(width: 800, height: 480), PixelSize(width: 480, height: 800)])
    func everythingIsOnOneScreen(_ size: PixelSize) throws {
        let model = try Self.withAir()
        let shown = try texts(model, size)
        let values = ValueText(units: model.units, language: model.language)
        let weather = try #require(model.city)
        let forecast = try #require(weather.forecast)
        let current = try #require(forecast.current)
        let today = try #require(forecast.today(at: model.now))
        for expected in [
            values.temperature(current.temperature),
            values.temperature(current.apparentTemperature),
            values.temperature(today.temperatureMax), values.temperature(today.temperatureMin),
            values.wind(current.windSpeed, direction: current.windDirection),
            values.percent(current.relativeHumidity),
            values.pressure(current.seaLevelPressure),
            "44", "Moderate", "UV index", "Indoor", "Sunrise", "Sunset", "Today",
            "now",
        ] {
            #expect(shown.contains(expected), "\(expected) missing from \(shown)")
        }
        // Today and the 6 days after it.
        let days = forecast.daily.filter { $0.date > today.date }.prefix(6)
        #expect(days.count == 6)
        #expect(shown.contains("European AQI") || shown.contains("AQI"), "\(shown)")
        for day in days {
            #expect(shown.contains(day.date.weekdayAbbreviation + " \(day.date.day)"), "\(shown)")
        }
        // The curve of the next 24 hours is drawn.
        #expect(try renderer.render(model, size: size).splines.count == 1)
    }

    @Test func withoutAirQualityTheTileIsLeftOut() throws {
        let shown = try texts(
            DemoData.model(page: .dashboard), PixelSize(width: 800, height: 480))
        #expect(!shown.contains { $0.contains("AQI") }, "\(shown)")
        #expect(shown.contains("UV index") && shown.contains("Pressure"), "\(shown)")
    }

    @Test func theUSScaleSaysItsOwnWordOrNone() throws {
        var model = try Self.withAir(units: Units(aqi: .us))
        let shown = try texts(model, PixelSize(width: 800, height: 480))
        #expect(shown.contains("US AQI") && shown.contains("65"), "\(shown)")
        // 120 on the US scale: "Unhealthy for sensitive groups" is longer than a tile
        // holds; the number stays, on the band's orange, and no word is cut.
        model.city?.airQuality?.current?.usAQI = 120
        // (320×240 and 480×320 have no room for the air-quality tile.)
        for size in Self.sizes where size.width * size.height > 480 * 320 {
            let long = try texts(model, size)
            #expect(long.contains("120"), "\(size): \(long)")
            #expect(!long.contains { $0.hasPrefix("Unhealthy") && $0.hasSuffix("…") })
        }
        model.city?.airQuality?.current?.usAQI = 160
        #expect(try texts(model, PixelSize(width: 800, height: 480)).contains("Unhealthy"))
    }

    @Test func theIndoorTileComesWithASensorOnly() throws {
        var model = DemoData.model(page: .dashboard)
        #expect(try texts(model, PixelSize(width: 800, height: 480)).contains("Indoor"))
        model.indoor = .noSensor
        #expect(!(try texts(model, PixelSize(width: 800, height: 480)).contains("Indoor")))
    }

    @Test func smallScreensLeaveOutTheLeastImportantTilesAndTheCurve() throws {
        let model = try Self.withAir()
        let small = try renderer.render(model, size: PixelSize(width: 320, height: 240))
        let shown = small.texts.map(\.text)
        let values = ValueText(units: model.units, language: model.language)
        let current = try #require(model.city?.forecast?.current)
        #expect(shown.contains(values.temperature(current.temperature)), "\(shown)")
        #expect(shown.contains("Wind") && shown.contains("Humidity"), "\(shown)")
        #expect(!shown.contains("Pressure"), "\(shown)")
        #expect(small.splines.isEmpty)
        #expect(shown.contains("Today"), "\(shown)")
    }

    @Test func aFavouriteWithoutAForecastSaysSo() throws {
        var model = DemoData.model(page: .dashboard)
        model.city?.forecast = nil
        model.city?.fetchedAt = nil
        let shown = try texts(model, PixelSize(width: 800, height: 480))
        #expect(!shown.contains("Sunrise"), "\(shown)")
        #expect(shown.contains { $0.lowercased().contains("forecast") }, "\(shown)")
    }

    @Test func theEPaperDashboardIsInThePanelsInksWithItsNumbersUndithered() throws {
        let model = try Self.withAir()
        let picture = try renderer.renderPanel(model, panel: .inkyImpression73)
        let inks = Set(EPaperPanel.inkyImpression73.inks.map { 0xFF00_0000 | $0 })
        #expect(picture.image.pixels.allSatisfy { inks.contains($0) })
        let shown = picture.texts.map(\.text)
        #expect(shown.contains("44") && shown.contains("Moderate"), "\(shown)")
        let width = picture.image.width
        for text in picture.texts where text.text == "44" {
            let box = text.bounds
            let x = Int(box.midX)
            let y = Int(box.midY)
            #expect(!picture.ditherable[y * width + x])
        }
    }

    /// The hard cases: air quality on either scale with the longest word, a long name with
    /// Fahrenheit, miles an hour and a 12-hour clock, MET Norway without UV or feels-like,
    /// no sensor. (The frame's notices and warning band are the layout tests'.)
    static let models: [(String, PageModel)] = {
        var result: [(String, PageModel)] = [("Rome", DemoData.model(page: .dashboard))]
        if var air = try? withAir() {
            result.append(("Rome with air", air))
            air.units = Units(aqi: .us)
            air.city?.airQuality?.current?.usAQI = 160
            result.append(("US AQI unhealthy", air))
            air.city?.airQuality?.current?.usAQI = 120
            result.append(("US AQI, the longest word", air))
        }
        var hard = DemoData.model(
            page: .dashboard, cityIndex: 4,
            units: Units(
                temperature: .fahrenheit, wind: .mph, pressure: .inchesOfMercury,
                clock: .twelveHour))
        if let city = hard.city {
            hard.city = renamed(
                city, to: "Santa Cruz de la Sierra", country: "Plurinational State of Bolivia")
        }
        result.append(("long name, US units, notices", hard))
        var metNorway = DemoData.model(page: .dashboard, cityIndex: 1)
        metNorway.city?.provider = .metNorway
        metNorway.city?.forecast?.current?.apparentTemperature = nil
        for index in metNorway.city?.forecast?.daily.indices ?? 0..<0 {
            metNorway.city?.forecast?.daily[index].uvIndexMax = nil
        }
        metNorway.indoor = .noSensor
        result.append(("MET Norway, no sensor", metNorway))
        return result
    }()

    static let sizes = [
        PixelSize(width: 320, height: 240), PixelSize(width: 480, height: 320),
        PixelSize(width: 800, height: 480), PixelSize(width: 480, height: 800),
        PixelSize(width: 1024, height: 600), PixelSize(width: 1920, height: 1080),
    ]

    @Test(arguments: models.map(\.0), Theme.allCases)
    func everyTextIsWholeAtEverySize(_ name: String, _ theme: Theme) throws {
        var model = try #require(Self.models.first { $0.0 == name }?.1)
        model.theme = theme
        for size in Self.sizes {
            expectWholeTexts(try renderer.render(model, size: size), name: "\(name) at \(size)")
        }
    }
}
