import KioskCore
import Testing

@Suite struct WeatherFormatTests {
    @Test func temperatures() {
        #expect(WeatherFormat.temperature(12.3) == "12°")
        #expect(WeatherFormat.temperature(12.34, unit: .celsius, digits: 1) == "12.3 °C")
        #expect(WeatherFormat.temperature(-0.4) == "0°")
        #expect(WeatherFormat.temperature(-0.6) == "-1°")
        #expect(WeatherFormat.temperature(nil) == "–")
        #expect(WeatherFormat.temperature(.nan) == "–")
    }

    @Test(arguments: [
        (0.0, "N"), (11.0, "N"), (12.0, "NNE"), (225.0, "SW"), (359.0, "N"), (-90.0, "W"),
        (720.0, "N"),
    ])
    func compassPoints(degrees: Double, point: String) {
        #expect(WeatherFormat.compass(degrees) == point)
    }

    @Test func windPressureAndPrecipitation() {
        #expect(WeatherFormat.wind(9.4, direction: 225, unit: .kmh) == "9 km/h SW")
        #expect(WeatherFormat.wind(3.25, direction: nil, unit: .ms) == "3.3 m/s")
        #expect(WeatherFormat.pressure(1016.4, unit: .hectopascal) == "1016 hPa")
        #expect(WeatherFormat.pressure(1013.25, unit: .inchesOfMercury) == "29.92 inHg")
        #expect(WeatherFormat.pressure(1013.25, unit: .millimetresOfMercury) == "760 mmHg")
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
        #expect(WeatherFormat.temperature(1e300) == "1e+300°")
        #expect(WeatherFormat.temperature(-1e300, unit: .celsius) == "-1e+300 °C")
        #expect(WeatherFormat.decimal(9.3e18, digits: 1) == "9.3e+18")
        #expect(
            WeatherFormat.decimal(.greatestFiniteMagnitude, digits: 0) == "1.7976931348623157e+308")
        #expect(WeatherFormat.wind(1e20, direction: 90, unit: .ms) == "1e+20 m/s E")
        #expect(WeatherFormat.decimal(123_456_789_012_345.6, digits: 0) == "123456789012346")
    }
}
