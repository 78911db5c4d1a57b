import KioskCore
import METNorway
import Testing

/// Every `symbol_code` MET Norway publishes, mapped to a condition the kiosk draws.
struct SymbolCodeTests {
    /// The 83 codes of MET Norway's icon set, variants included.
    static let published: [String] = (try? fixtureLines("weathericons-symbols.txt")) ?? []

    @Test func thePublishedListIsWhole() throws {
        #expect(Self.published.count == 83)
        // The legend's 41 symbols: those marked with variants come as _day, _night and
        // _polartwilight, the others alone, and nothing else is in the list.
        let legend = try fixtureLines("weathericons-legend.csv").dropFirst().map {
            $0.split(separator: ",", omittingEmptySubsequences: false)
        }
        #expect(legend.count == 41)
        var expected: Set<String> = []
        for row in legend {
            let base = row[0].trimmingCharacters(in: " ")
            if row[5] == "1" {
                for variant in ["day", "night", "polartwilight"] {
                    expected.insert("\(base)_\(variant)")
                }
            } else {
                expected.insert(base)
            }
        }
        #expect(Set(Self.published) == expected)
    }

    @Test(arguments: published)
    func everyPublishedCodeMapsToACondition(code: String) throws {
        let symbol = try #require(SymbolCode(code))
        let weather = symbol.weatherCode
        #expect(weather.isDocumented || WeatherCode.sleet.contains(weather))
        #expect(weather.icon != .unknown)
        #expect(weather.condition != "Unknown")
        switch symbol.variant {
        case .day: #expect(symbol.isDay == true)
        case .night, .polarTwilight: #expect(symbol.isDay == false)
        case nil: #expect(symbol.isDay == nil)
        }
        // The words agree: thunder is a thunderstorm, snow snow, sleet sleet, fog fog.
        let base = symbol.base
        if base.contains("thunder") {
            #expect(weather.rawValue == 95)
        } else if base.contains("sleet") {
            #expect(weather.condition.lowercased().contains("sleet"))
        } else if base.contains("snow") {
            #expect(weather.icon == .snow || weather.icon == .snowShowers)
        } else if base.contains("rainshowers") {
            #expect(weather.icon == .showers)
        } else if base.contains("rain") {
            #expect(weather.icon == .rain)
        }
        // An icon with a sun or a moon comes only from a symbol whose variant says which.
        let drawsSky: Set<WeatherIcon> = [
            .clear, .mainlyClear, .partlyCloudy, .showers, .snowShowers,
        ]
        if drawsSky.contains(weather.icon) { #expect(symbol.variant != nil) }
    }

    @Test(arguments: [
        ("clearsky_day", 0), ("fair_night", 1), ("partlycloudy_polartwilight", 2), ("cloudy", 3),
        ("fog", 45), ("lightrain", 61), ("rain", 63), ("heavyrain", 65), ("lightsleet", 68),
        ("heavysleet", 69), ("lightsnow", 71), ("heavysnow", 75), ("lightrainshowers_day", 80),
        ("rainshowers_night", 81), ("heavyrainshowers_day", 82), ("lightsleetshowers_day", 83),
        ("heavysleetshowers_night", 84), ("lightsnowshowers_day", 85), ("snowshowers_day", 86),
        ("lightssnowshowersandthunder_day", 95), ("heavyrainandthunder", 95),
    ])
    func codesMapAsMeant(code: String, wmo: Int) throws {
        #expect(try #require(SymbolCode(code)).weatherCode.rawValue == wmo)
    }

    @Test(arguments: [
        "", "sunny", "clearsky_evening", "clearsky_", "_day", "CLEARSKY_DAY", "rain_day_night",
    ])
    func unpublishedCodesAreNoSymbol(code: String) {
        #expect(SymbolCode(code) == nil)
    }

    @Test func theCorrectedSpellingsOfTheTwoTyposAreAcceptedToo() throws {
        #expect(
            try #require(SymbolCode("lightsleetshowersandthunder_day")).weatherCode.rawValue == 95)
        #expect(
            try #require(SymbolCode("lightsnowshowersandthunder_night")).weatherCode.rawValue == 95)
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}
