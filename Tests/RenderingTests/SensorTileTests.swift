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
