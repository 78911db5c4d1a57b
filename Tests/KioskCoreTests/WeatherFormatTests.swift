import KioskCore
import Testing

@Suite struct WeatherFormatTests {
    @Test func temperatures() {
        func celsius(_ value: Double) -> Temperature { Temperature(celsius: value) }
        #expect(WeatherFormat.temperature(celsius(12.3), in: .celsius) == "12°")
        #expect(
            WeatherFormat.temperature(celsius(12.34), in: .celsius, symbol: true, digits: 1)
                == "12.3 °C")
        #expect(WeatherFormat.temperature(celsius(-0.4), in: .celsius) == "0°")
        #expect(WeatherFormat.temperature(celsius(-0.6), in: .celsius) == "-1°")
        #expect(WeatherFormat.temperature(nil, in: .celsius) == "–")
        #expect(WeatherFormat.temperature(celsius(.nan), in: .celsius) == "–")
        // Converted to the unit asked for; a value in that unit is shown as it came.
        #expect(WeatherFormat.temperature(celsius(20), in: .fahrenheit) == "68°")
        #expect(
            WeatherFormat.temperature(Temperature(fahrenheit: 60.5), in: .fahrenheit) == "61°")
        #expect(WeatherFormat.degrees(12.5) == "13°")
    }

    @Test(arguments: [
        (0.0, "N"), (11.0, "N"), (12.0, "NNE"), (225.0, "SW"), (359.0, "N"), (-90.0, "W"),
        (720.0, "N"),
    ])
    func compassPoints(degrees: Double, point: String) {
        #expect(WeatherFormat.compass(degrees) == point)
    }

    @Test func windPressureAndPrecipitation() {
        #expect(WeatherFormat.wind(Speed(9.4, .kmh), direction: 225, unit: .kmh) == "9 km/h SW")
        #expect(WeatherFormat.wind(Speed(3.25, .ms), direction: nil, unit: .ms) == "3.3 m/s")
        #expect(WeatherFormat.wind(Speed(10, .ms), direction: nil, unit: .kmh) == "36 km/h")
        #expect(WeatherFormat.wind(Speed(10, .kn), direction: nil, unit: .mph) == "12 mph")
        let standard = Pressure(hectopascals: 1013.25)
        #expect(
            WeatherFormat.pressure(Pressure(hectopascals: 1016.4), unit: .hectopascal) == "1016 hPa"
        )
        #expect(WeatherFormat.pressure(standard, unit: .inchesOfMercury) == "29.92 inHg")
        #expect(WeatherFormat.pressure(standard, unit: .millimetresOfMercury) == "760 mmHg")
        #expect(
            WeatherFormat.pressure(Pressure(pascals: 101_325), unit: .hectopascal) == "1013 hPa")
        #expect(WeatherFormat.precipitation(0.44, unit: .millimetre) == "0.4 mm")
        #expect(WeatherFormat.precipitation(0.015, unit: .inch) == "0.02 in")
    }

    @Test func durations() {
        #expect(WeatherFormat.duration(30) == "under a minute")
        #expect(WeatherFormat.duration(13 * 60 + 5) == "13 min")
        #expect(WeatherFormat.duration(2 * 3600 + 5 * 60) == "2 h 5 min")
        #expect(WeatherFormat.duration(3 * 3600) == "3 h")
        #expect(WeatherFormat.duration(3 * 86400 + 60) == "3 days")
    }

    @Test func decimals() {
        #expect(
            WeatherFormat.decimal(2.05, digits: 1) == "2.1"
                || WeatherFormat.decimal(2.05, digits: 1) == "2.0")
        #expect(WeatherFormat.decimal(2.999, digits: 2) == "3.00")
        #expect(WeatherFormat.decimal(-0.001, digits: 1) == "0.0")
        #expect(
            WeatherFormat.decimal(-12.25, digits: 1) == "-12.3"
                || WeatherFormat.decimal(-12.25, digits: 1) == "-12.2")
    }

    /// Found by the fuzz target fuzz-character-pages: a forecast value of 1e300 trapped
    /// converting to Int on every page that showed it.
    @Test func numbersBeyondIntAreWrittenNotTrapped() {
        #expect(WeatherFormat.temperature(Temperature(celsius: 1e300), in: .celsius) == "1e+300°")
        #expect(
            WeatherFormat.temperature(Temperature(celsius: -1e300), in: .celsius, symbol: true)
                == "-1e+300 °C")
        #expect(WeatherFormat.decimal(9.3e18, digits: 1) == "9.3e+18")
        #expect(
            WeatherFormat.decimal(.greatestFiniteMagnitude, digits: 0) == "1.7976931348623157e+308")
        #expect(
            WeatherFormat.wind(Speed(metresPerSecond: 1e20), direction: 90, unit: .ms)
                == "1e+20 m/s E")
        #expect(WeatherFormat.decimal(123_456_789_012_345.6, digits: 0) == "123456789012346")
    }
}
