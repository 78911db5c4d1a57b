import FoundationEssentials

/// The vectors `Fixtures/sensor_vectors.py` computed from the datasheets' formulas
/// (`Fixtures/sensor-vectors.json`): frames and expected readings the Swift code never saw
/// being made.
struct SensorVectors: Decodable {
    struct CRC: Decodable {
        var bytes: [UInt8]
        var crc: UInt8
    }

    struct Expected: Decodable {
        var temperatureC: Double
        var humidityPercent: Double
        var co2Ppm: Double?
    }

    struct Sensirion: Decodable, CustomStringConvertible {
        var chip: String
        var text: String
        var words: [Int]
        var expected: Expected
        var expectedSecond: Expected?

        var description: String { "\(chip) \(text.prefix(20))" }
    }

    struct Corrupted: Decodable {
        var chip: String
        var text: String
        var word: Int
        var receivedCrc: UInt8
        var expectedCrc: UInt8
    }

    struct BME680Measurement: Decodable {
        var variant: String
        var adcT, adcP, adcH, gasAdc, gasRange: Int
        var field: [UInt8]
        var temperatureC, pressurePa, humidityPercent, gasResistanceOhm: Double
    }

    struct Heater: Decodable {
        var targetC: Double
        var ambientC: Double
        var resHeat: Int
    }

    struct GasWait: Decodable {
        var milliseconds: Int
        var code: Int
    }

    struct BME680: Decodable {
        var calibration: [String: Int]
        var calibrationBytes: [UInt8]
        var measurements: [BME680Measurement]
        var heater: [Heater]
        var gasWait: [GasWait]
    }

    struct BME280: Decodable {
        var text: String
        var adc: [Int]
        var temperatureC, pressurePa, humidityPercent: Double
    }

    struct DS18B20: Decodable {
        var scratchpad: [UInt8]
        var crc: UInt8
        var millidegrees: Int
        var w1Slave: String
    }

    var crc: [CRC]
    var sensirion: [Sensirion]
    var corrupted: [Corrupted]
    var bme680: BME680
    var bme280: [BME280]
    var ds18b20: [DS18B20]

    /// Reads the vectors.
    static func load() throws -> SensorVectors {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(
            SensorVectors.self, from: Data(try fixtureText("sensor-vectors.json").utf8))
    }
}
