import FoundationEssentials
import Testing
import WeatherModel

/// Pressure, Temperature and Speed: conversions, exactness in their own unit, coding.
@Suite struct QuantityTests {
    @Test func pressureConvertsBetweenUnits() {
        let standard = Pressure(pascals: 101_325)
        #expect(standard.hectopascals == 1013.25)
        #expect(abs(standard.value(in: .millimetresOfMercury) - 760) < 0.001)
        #expect(abs(standard.value(in: .inchesOfMercury) - 29.921) < 0.001)
        #expect(Pressure(hectopascals: 1013.25) == standard)
        #expect(abs(Pressure(29.921, .inchesOfMercury).pascals - 101_325) < 1)
        #expect(Pressure(hectopascals: 1000) < standard)
        #expect((standard - Pressure(hectopascals: 1000)).pascals == 1325)
    }

    /// A number read back in the unit it was made with is the number that went in: no
    /// 1012.4 → 101240.00000000001 → 1012.4000000000001 on the way.
    @Test(arguments: [1012.4, 1009.7, 998.3, 1033.1, 987.65])
    func aPressureKeepsItsOwnNumberExactly(hectopascals: Double) {
        #expect(Pressure(hectopascals: hectopascals).hectopascals == hectopascals)
        #expect(Pressure(hectopascals, .hectopascal).value(in: .hectopascal) == hectopascals)
    }

    @Test func temperatureConvertsBetweenUnits() {
        #expect(Temperature(celsius: 0).fahrenheit == 32)
        #expect(Temperature(celsius: 100).value(in: .fahrenheit) == 212)
        #expect(Temperature(fahrenheit: 212).celsius == 100)
        #expect(Temperature(fahrenheit: -40) == Temperature(celsius: -40))
        #expect(Temperature(fahrenheit: 60.5).value(in: .fahrenheit) == 60.5)
        #expect(Temperature(12.5, .celsius).value(in: .celsius) == 12.5)
        #expect(Temperature(celsius: -1) < Temperature(fahrenheit: 32))
    }

    @Test func speedConvertsBetweenUnits() {
        #expect(Speed(metresPerSecond: 10).value(in: .kmh) == 36)
        #expect(abs(Speed(36, .kmh).metresPerSecond - 10) < 1e-12)
        #expect(abs(Speed(1, .kn).value(in: .kmh) - 1.852) < 1e-12)
        #expect(abs(Speed(1, .mph).value(in: .kmh) - 1.609344) < 1e-12)
        #expect(Speed(9.4, .mph).value(in: .mph) == 9.4)
        #expect(Speed(5, .ms) > Speed(10, .kmh))
    }

    /// On disk and in JSON a quantity is one number in the SI-style unit its key names.
    @Test func eachCodesAsOneNumber() throws {
        struct Sample: Codable, Equatable {
            var pressure: Pressure
            var temperature: Temperature
            var speed: Speed?
        }
        let sample = Sample(
            pressure: Pressure(hectopascals: 1012.5), temperature: Temperature(fahrenheit: 50),
            speed: Speed(18, .kmh))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let text = String(decoding: try encoder.encode(sample), as: UTF8.self)
        #expect(text == #"{"pressure":101250,"speed":5,"temperature":10}"#)
        let back = try JSONDecoder().decode(Sample.self, from: Data(text.utf8))
        #expect(back == sample)
        let missing = try JSONDecoder().decode(
            Sample.self, from: Data(#"{"pressure":100000,"temperature":20}"#.utf8))
        #expect(missing.speed == nil && missing.pressure.hectopascals == 1000)
    }
}
