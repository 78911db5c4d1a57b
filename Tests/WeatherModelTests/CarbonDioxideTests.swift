import FoundationEssentials
import Testing
import WeatherModel

/// The CO2 value type, its bands (Umweltbundesamt 2008: 1000 and 2000 ppm), and the
/// multi-sensor values' JSON keys.
@Suite struct CarbonDioxideTests {
    @Test(arguments: [
        (420.0, CarbonDioxideBand.good), (999.9, .good), (1000, .ventilate), (1500, .ventilate),
        (2000, .ventilate), (2000.1, .poor), (5000, .poor),
    ])
    func bandsFollowTheGuidance(ppm: Double, band: CarbonDioxideBand) {
        #expect(CarbonDioxide(partsPerMillion: ppm).band == band)
    }

    @Test func bandsSayTheirRanges() {
        #expect(
            CarbonDioxideBand.allCases.map(\.range) == [
                "below 1000 ppm", "1000–2000 ppm", "above 2000 ppm",
            ])
        #expect(CarbonDioxide(partsPerMillion: 812.4).description == "812 ppm")
        #expect(GasResistance(ohms: 123_456).description == "123.5 kΩ")
    }

    @Test func sensorValuesEncodeWithTheDesignsKeys() throws {
        let values = SensorValues(
            temperature: Temperature(celsius: 21.5), humidity: 40,
            pressure: Pressure(pascals: 100_000),
            carbonDioxide: CarbonDioxide(partsPerMillion: 812),
            gasResistance: GasResistance(ohms: 150_000))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(values), as: UTF8.self)
        #expect(
            json
                == #"{"co2_ppm":812,"gas_resistance_ohm":150000,"humidity_percent":40,"pressure_pa":100000,"temperature_c":21.5}"#
        )
        #expect(try JSONDecoder().decode(SensorValues.self, from: Data(json.utf8)) == values)
        let partial = String(
            decoding: try encoder.encode(SensorValues(temperature: Temperature(celsius: -3))),
            as: UTF8.self)
        #expect(partial == #"{"temperature_c":-3}"#)
    }

    @Test func modelsKnowTheirAddressesAndBuses() {
        #expect(
            SensorModel.allCases.map(\.rawValue) == [
                "bme280", "bmp280", "sht3x", "sht4x", "scd4x", "bme680", "ds18b20",
            ])
        #expect(SensorModel.scd4x.addresses == [0x62])
        #expect(SensorModel.sht4x.addresses == [0x44, 0x45, 0x46])
        #expect(!SensorModel.ds18b20.isI2C)
        #expect(SensorModel.ds18b20.addresses.isEmpty)
    }
}
