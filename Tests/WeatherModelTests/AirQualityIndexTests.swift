import Testing
import WeatherModel

/// The two AQI scales' bands at their edges, the UV index's, and the scale a place reads.
@Suite struct AirQualityIndexTests {
    /// (value, European band, US band): the EEA's 2024 bands and the EPA's.
    static let edges: [(Double, String, String)] = [
        (0, "Good", "Good"), (20, "Good", "Good"), (20.4, "Good", "Good"), (21, "Fair", "Good"),
        (40, "Fair", "Good"), (41, "Moderate", "Good"), (50, "Moderate", "Good"),
        (51, "Moderate", "Moderate"), (61, "Poor", "Moderate"), (81, "Very poor", "Moderate"),
        (100, "Very poor", "Moderate"), (101, "Extremely poor", "Unhealthy for sensitive groups"),
        (150, "Extremely poor", "Unhealthy for sensitive groups"),
        (151, "Extremely poor", "Unhealthy"),
        (201, "Extremely poor", "Very unhealthy"), (300, "Extremely poor", "Very unhealthy"),
        (301, "Extremely poor", "Hazardous"), (700, "Extremely poor", "Hazardous"),
    ]

    @Test(arguments: edges)
    func bands(value: Double, european: String, us: String) {
        #expect(AirQualityIndex(value, scale: .european).band.name == european)
        #expect(AirQualityIndex(value, scale: .us).band.name == us)
    }

    @Test func eachScaleHasSixBandsInItsOwnColours() {
        #expect(
            AQIScale.european.bands.map(\.color) == [
                0x50F0E6, 0x50CCAA, 0xF0E641, 0xFF5050, 0x960032, 0x7D2181,
            ])
        #expect(
            AQIScale.us.bands.map(\.color) == [
                0x00E400, 0xFFFF00, 0xFF7E00, 0xFF0000, 0x8F3F97, 0x7E0023,
            ])
        for scale in AQIScale.allCases {
            #expect(scale.bands.map(\.level) == Array(0..<6))
        }
        #expect(AirQualityIndex(44.4, scale: .european).text == "44")
    }

    @Test(arguments: [
        (0.0, "Low"), (2.4, "Low"), (2.5, "Moderate"), (5.4, "Moderate"), (6, "High"),
        (7.4, "High"), (8, "Very high"), (10.4, "Very high"), (10.5, "Extreme"), (14, "Extreme"),
    ])
    func uvBands(value: Double, band: String) {
        #expect(UVIndex(value).band.name == band)
    }

    @Test func theScaleFollowsTheCountryUnlessTheConfigSaysOtherwise() {
        func city(_ country: String?, zone: String? = nil) -> City {
            City(
                name: "X", country: country, coordinate: Coordinate(latitude: 0, longitude: 0),
                timezone: zone)
        }
        #expect(AQIScale.default(for: city("United States")) == .us)
        #expect(AQIScale.default(for: city("Vereinigte Staaten")) == .us)
        #expect(AQIScale.default(for: city("États-Unis")) == .us)
        #expect(AQIScale.default(for: city("Puerto Rico")) == .us)
        #expect(AQIScale.default(for: city("Italy")) == .european)
        #expect(AQIScale.default(for: city("Canada", zone: "America/Toronto")) == .european)
        #expect(AQIScale.default(for: city(nil, zone: "America/Chicago")) == .us)
        #expect(AQIScale.default(for: city(nil, zone: "America/Indiana/Indianapolis")) == .us)
        #expect(AQIScale.default(for: city(nil, zone: "Europe/Rome")) == .european)
        #expect(AQIScale.default(for: city(nil)) == .european)
        #expect(Units().aqiScale(for: city("United States")) == .us)
        #expect(Units(aqi: .european).aqiScale(for: city("United States")) == .european)
        #expect(Units(aqi: .us).aqiScale(for: city("Italy")) == .us)
    }
}
