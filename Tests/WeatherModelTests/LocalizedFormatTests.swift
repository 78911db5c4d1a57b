import Localization
import Testing
import WeatherModel

/// The formatting of numbers, words and dates in the kiosk's languages; English is what
/// `WeatherFormatTests` and `CivilTimeTests` already pin down.
@Suite struct LocalizedFormatTests {
    @Test func numbersTakeTheLanguagesDecimalComma() {
        let temperature = Temperature(celsius: 14.34)
        #expect(
            WeatherFormat.temperature(
                temperature, in: .celsius, symbol: true, digits: 1, language: .it)
                == "14,3 °C")
        #expect(
            WeatherFormat.temperature(temperature, in: .celsius, symbol: true, digits: 1)
                == "14.3 °C")
        #expect(WeatherFormat.temperature(temperature, in: .celsius, language: .de) == "14°")
        #expect(WeatherFormat.degrees(-2.46, digits: 1, language: .fr) == "-2,5°")
        #expect(WeatherFormat.percent(71.2, language: .es) == "71 %")
        let standard = Pressure(hectopascals: 1013.25)
        #expect(
            WeatherFormat.pressure(standard, unit: .inchesOfMercury, language: .de) == "29,92 inHg")
        #expect(WeatherFormat.pressure(standard, unit: .hectopascal, language: .de) == "1013 hPa")
        #expect(WeatherFormat.precipitation(0.44, unit: .millimetre, language: .es) == "0,4 mm")
        #expect(
            WeatherFormat.wind(Speed(3.25, .ms), direction: nil, unit: .ms, language: .it)
                == "3,3 m/s")
        #expect(WeatherFormat.decimal(3640, digits: 0, grouped: true, language: .de) == "3.640")
        #expect(WeatherFormat.decimal(3640, digits: 0, grouped: true) == "3,640")
        #expect(WeatherFormat.decimal(3640, digits: 0) == "3640")
        #expect(WeatherFormat.decimal(1e300, digits: 1, language: .de) == "1e+300")
    }

    @Test(arguments: [
        (Language.en, [0.0: "N", 90: "E", 225: "SW", 270: "W", 337.5: "NNW"]),
        (.de, [0: "N", 90: "O", 225: "SW", 270: "W", 337.5: "NNW", 67.5: "ONO"]),
        (.fr, [0: "N", 90: "E", 225: "SO", 270: "O", 337.5: "NNO"]),
        (.it, [225: "SO", 270: "O"]),
        (.es, [225: "SO", 292.5: "ONO"]),
    ])
    func compassPointsAsTheLanguageAbbreviatesThem(language: Language, points: [Double: String]) {
        for (degrees, point) in points {
            #expect(WeatherFormat.compass(degrees, language: language) == point, "\(degrees)°")
        }
        #expect(
            WeatherFormat.wind(Speed(9.4, .kmh), direction: 225, unit: .kmh, language: language)
                == "9 km/h " + WeatherFormat.compass(225, language: language))
    }

    @Test func durationsAndCountdowns() {
        #expect(WeatherFormat.duration(30, language: .de) == "unter einer Minute")
        #expect(WeatherFormat.duration(3 * 86400 + 60, language: .it) == "3 giorni")
        #expect(WeatherFormat.duration(2 * 3600 + 5 * 60, language: .fr) == "2 h 5 min")
        #expect(WeatherFormat.countdown(0, language: .es) == "ahora")
        #expect(WeatherFormat.countdown(0) == "now")
        #expect(WeatherFormat.countdown(3 * 86400, language: .fr) == "3 jours")
    }

    @Test func datesInTheLanguage() {
        let tuesday = LocalDate(year: 2024, month: 12, day: 3)
        #expect(tuesday.text(.short, language: .de) == "Di., 3. Dez.")
        #expect(tuesday.text(.weekdayAndDay) == tuesday.weekdayAbbreviation + " 3")
        #expect(tuesday.weekdayName(.full, language: .it) == "Martedì")
        #expect(tuesday.monthName(.abbreviated, language: .fr) == "déc.")
        let today = LocalDate(year: 2024, month: 12, day: 2)
        #expect(
            tuesday.label(relativeTo: today, otherwise: .weekdayAndDay, language: .it) == "Domani")
        #expect(today.label(relativeTo: today, otherwise: .weekdayAndDay, language: .it) == "Oggi")
        #expect(today.label(relativeTo: tuesday, otherwise: .weekdayAndDay) == "Yesterday")
        #expect(
            tuesday.adding(days: 2).label(
                relativeTo: today, otherwise: .weekdayAndDay, language: .it)
                == "Gio 5")
        let afternoon = LocalDateTime(date: tuesday, hour: 14, minute: 5)
        #expect(afternoon.clockText(.twelveHour) == "2:05 PM")
        #expect(afternoon.clockText(.twelveHour, language: .es) == "2:05 p. m.")
        #expect(afternoon.clockText(.twentyFourHour, language: .de) == "14:05")
    }
}
