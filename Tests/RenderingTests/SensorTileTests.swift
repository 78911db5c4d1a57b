import FoundationEssentials
import KioskCore
import Rendering
import Testing

/// The `[[sensors]]`' tiles on the indoor page say what they measure and how it stands at
/// every size: a bare "1450" across the room means nothing.
@Suite struct SensorTileTests {
    @Test(arguments: everySize, [Theme.dark, .light])
    func theCO2TileNamesItselfAndItsBand(_ size: PixelSize, _ theme: Theme) throws {
        for withBME280 in [true, false] {
            var model = DemoData.model(page: .indoor, theme: theme)
            model.sensors = demoSensors(outdoor: -12.5)
            if !withBME280 { model.indoor = .noSensor }
            let texts = try renderer.render(model, size: size).texts.map(\.text)
            #expect(texts.contains("1450"), "\(size) \(texts)")
            #expect(texts.contains { $0.hasPrefix("CO2") }, "\(size): no CO2 label in \(texts)")
            #expect(texts.contains("ventilate"), "\(size): no band in \(texts)")
            #expect(texts.contains { $0.hasPrefix("Outdoor") }, "\(size): \(texts)")
        }
    }
}

/// The station's own city page shows what the outdoor sensor measures beside the forecast.
@Suite struct MeasuredOutdoorTests {
    @Test(arguments: everySize, [Theme.dark, .light])
    func theStationsCityPageShowsTheMeasuredTemperature(_ size: PixelSize, _ theme: Theme)
        throws
    {
        var model = DemoData.model(page: .city, theme: theme)
        model.sensors = demoSensors(outdoor: -3.5)
        model.cityIsStation = true
        let texts = try renderer.render(model, size: size).texts.map(\.text)
        let now = WeatherFormat.temperature(
            model.city?.forecast?.current?.temperature, in: model.units.temperature)
        #expect(texts.contains(now), "\(size): \(texts)")
        #expect(texts.contains { $0.hasPrefix("measured") }, "\(size): \(texts)")
        #expect(texts.contains("-3.5°"), "\(size): \(texts)")
        model.cityIsStation = false
        let other = try renderer.render(model, size: size).texts.map(\.text)
        #expect(!other.contains { $0.hasPrefix("measured") })
        model.cityIsStation = true
        model.sensors = demoSensors(outdoor: -3.5, outdoorError: "Sensor \"Balcony\" fails.")
        let failing = try renderer.render(model, size: size).texts.map(\.text)
        #expect(!failing.contains { $0.hasPrefix("measured") })
    }
}

/// The OLED and the 16×2 LCD show the `[[sensors]]` too: a CO2 line and an outdoor line,
/// with or without the BME280.
@Suite struct SmallScreenSensorTests {
    static func models() -> [PageModel] {
        var model = DemoData.model(page: .indoor)
        model.sensors = demoSensors(outdoor: -12.5)
        var alone = model
        alone.indoor = .noSensor
        return [model, alone]
    }

    @Test(arguments: oledSizes)
    func theOLEDShowsCO2AndOutdoor(_ size: PixelSize) throws {
        for model in Self.models() {
            let steps = renderer.steps(for: model, size: size)
            var texts: [String] = []
            for step in 0..<steps {
                let page = try renderer.render(model, size: size, mode: .monochrome, step: step)
                let screen = Rect(
                    x: 0, y: 0, width: Double(size.width - 1), height: Double(size.height - 1))
                for text in page.texts {
                    #expect(screen.contains(text.bounds, tolerance: 0.5), "\(text.text)")
                    #expect(!text.text.hasSuffix("…"), "\(text.text) was shortened")
                }
                texts += page.texts.map(\.text)
            }
            #expect(texts.contains { $0.hasPrefix("CO2 1450") }, "\(size): \(texts)")
            #expect(texts.contains { $0.contains("ventilate") }, "\(size): \(texts)")
            #expect(texts.contains { $0.hasSuffix("-12.5°") }, "\(size): \(texts)")
        }
    }

    @Test func theLCDAt16x2ShowsCO2AndOutdoor() {
        for model in Self.models() {
            let screens = CharacterPageLayout(size: .size16x2).frames(for: model)
                .map(characterLines).joined()
            #expect(screens.contains { $0.hasPrefix("CO2 1450 ppm") }, "\(Array(screens))")
            #expect(screens.contains { $0.hasPrefix("ventilate") }, "\(Array(screens))")
            #expect(screens.contains { $0.hasPrefix("Outdoor -12.5°") }, "\(Array(screens))")
        }
    }
}

/// The CO2 and outdoor tiles draw their 24 hours and their 3-hour tendency.
@Suite struct SensorHistoryTileTests {
    /// `demoSensors` with a day of CO2 rising through the evening and a cooling outside.
    static func withHistory() -> [SensorStatus] {
        var sensors = demoSensors(outdoor: -12.5)
        for minute in stride(from: -24 * 60, through: 0, by: 5) {
            let time = DemoData.now.addingTimeInterval(Double(minute) * 60)
            let hours = Double(minute) / 60
            sensors[0].history.record(
                SensorValues(carbonDioxide: CarbonDioxide(partsPerMillion: 1450 + hours * 40)),
                at: time)
            sensors[1].history.record(
                SensorValues(temperature: Temperature(celsius: -12.5 - hours * 0.5)), at: time)
        }
        return sensors
    }

    @Test(arguments: [
        PixelSize(width: 320, height: 240), PixelSize(width: 800, height: 480),
        PixelSize(width: 480, height: 800),
    ])
    func theTilesDrawTheirDay(_ size: PixelSize) throws {
        var model = DemoData.model(page: .indoor)
        model.sensors = demoSensors(outdoor: -12.5)
        let bare = try renderer.render(model, size: size).image
        model.sensors = Self.withHistory()
        #expect(model.sensors[0].history.carbonDioxideTendency == .rising)
        #expect(model.sensors[1].history.temperatureTendency == .falling)
        let drawn = try renderer.render(model, size: size)
        let changed = difference(drawn.image, bare, tolerance: 24).differingPixels
        // The two sparklines and arrows: more than a few pixels of anti-aliasing.
        #expect(changed > size.width * 2, "\(size): \(changed) pixels changed")
        // The notes keep their words beside the arrows.
        #expect(drawn.texts.map(\.text).contains("ventilate"))
        #expect(drawn.texts.map(\.text).contains("Balcony"))
    }
}
