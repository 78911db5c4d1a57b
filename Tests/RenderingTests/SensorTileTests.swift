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
