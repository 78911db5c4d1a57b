import Localization
import Testing
import WeatherModel

/// The condition texts of every WMO code, day and night, in every language, and what an
/// HD44780's character ROM makes of every translated string.
@Suite struct WeatherConditionTextTests {
    /// The English texts as the kiosk wrote them before the catalogs: they must not change.
    static let english: [Int: (full: String, short: String)] = [
        0: ("Clear sky", "Clear"), 1: ("Mainly clear", "Mostly clear"),
        2: ("Partly cloudy", "Part cloudy"), 3: ("Overcast", "Overcast"), 45: ("Fog", "Fog"),
        48: ("Rime fog", "Rime fog"), 51: ("Light drizzle", "Lt drizzle"),
        53: ("Drizzle", "Drizzle"), 55: ("Dense drizzle", "Drizzle"),
        56: ("Light freezing drizzle", "Frz drizzle"), 57: ("Freezing drizzle", "Frz drizzle"),
        61: ("Light rain", "Light rain"), 63: ("Rain", "Rain"), 65: ("Heavy rain", "Heavy rain"),
        66: ("Light freezing rain", "Frz rain"), 67: ("Freezing rain", "Frz rain"),
        71: ("Light snow", "Light snow"), 73: ("Snow", "Snow"), 75: ("Heavy snow", "Heavy snow"),
        77: ("Snow grains", "Snow grains"), 80: ("Light showers", "Lt showers"),
        81: ("Showers", "Showers"), 82: ("Violent showers", "Hvy showers"),
        85: ("Snow showers", "Snow showers"), 86: ("Heavy snow showers", "Snow showers"),
        95: ("Thunderstorm", "Thunder"), 96: ("Thunderstorm, hail", "Thunder+hail"),
        99: ("Thunderstorm, heavy hail", "Thunder+hail"), 42: ("Unknown", "Unknown"),
    ]

    @Test func englishIsWhatItWasByDayAndByNight() {
        for (raw, text) in Self.english {
            let code = WeatherCode(rawValue: raw)
            #expect(code.condition == text.full)
            #expect(code.shortCondition == text.short)
            for isDay in [true, false] {
                #expect(code.condition(isDay: isDay) == text.full)
                #expect(code.shortCondition(isDay: isDay) == text.short)
            }
        }
        #expect(WeatherCode.documented.count + 1 == Self.english.count)
    }

    /// Every code, by day and by night, has its own words in every language: none falls
    /// back to English.
    @Test(arguments: Language.allCases.filter { $0 != .en })
    func everyCodeIsTranslated(language: Language) {
        for raw in Self.english.keys {
            let code = WeatherCode(rawValue: raw)
            for isDay in [true, false] {
                #expect(
                    code.condition(isDay: isDay, language: language) != code.condition, "\(raw)")
                #expect(
                    code.shortCondition(isDay: isDay, language: language) != code.shortCondition,
                    "\(raw)")
                #expect(
                    code.shortCondition(isDay: isDay, language: language).count
                        <= WeatherCode.shortConditionLength, "\(raw) in \(language)")
            }
        }
    }

    /// MET Norway's sleet codes say what main said in English, in every language, until the
    /// catalogs translate them (never "Unknown").
    @Test(arguments: Language.allCases)
    func sleetStaysInEnglishUntilTranslated(language: Language) {
        let words = [
            68: "Light sleet", 69: "Sleet", 83: "Light sleet showers", 84: "Sleet showers",
        ]
        #expect(WeatherCode.sleet.map(\.rawValue).sorted() == words.keys.sorted())
        for (raw, text) in words {
            for isDay in [true, false] {
                #expect(
                    WeatherCode(rawValue: raw).condition(isDay: isDay, language: language)
                        == text)
            }
        }
    }

    @Test func asEachCountrysWeatherServiceSaysIt() {
        #expect(WeatherCode(rawValue: 1).condition(isDay: true, language: .it) == "Poco nuvoloso")
        #expect(WeatherCode(rawValue: 1).condition(isDay: false, language: .de) == "Leicht bewölkt")
        #expect(WeatherCode(rawValue: 0).condition(isDay: true, language: .de) == "Sonnig")
        #expect(WeatherCode(rawValue: 0).condition(isDay: false, language: .de) == "Klar")
        #expect(
            WeatherCode(rawValue: 2).condition(isDay: true, language: .es) == "Intervalos nubosos")
        #expect(WeatherCode(rawValue: 2).condition(isDay: true, language: .fr) == "Éclaircies")
        #expect(WeatherCode(rawValue: 77).condition(isDay: true, language: .es) == "Cinarra")
    }
}
