import Localization
import Testing

@Suite struct LocalConventionsTests {
    @Test func numbersTheLanguagesWay() {
        let english = Language.en.conventions
        #expect(english.number("1234.5") == "1234.5")
        #expect(english.number("1234.5", grouped: true) == "1,234.5")
        #expect(english.number("-1234567", grouped: true) == "-1,234,567")
        #expect(english.number("999", grouped: true) == "999")
        let german = Language.de.conventions
        #expect(german.number("14.3") == "14,3")
        #expect(german.number("-0.5") == "-0,5")
        #expect(german.number("1234.5", grouped: true) == "1.234,5")
        #expect(Language.it.conventions.number("12345", grouped: true) == "12.345")
        #expect(Language.fr.conventions.number("1234.56", grouped: true) == "1\u{202F}234,56")
        // Spanish groups from five digits on.
        #expect(Language.es.conventions.number("1234", grouped: true) == "1234")
        #expect(Language.es.conventions.number("12345.6", grouped: true) == "12.345,6")
        // What is not a plain decimal only has its point replaced.
        #expect(german.number("1.5e+300", grouped: true) == "1,5e+300")
        #expect(german.number("inf", grouped: true) == "inf")
    }

    /// Tuesday 3 December, in each style and language.
    @Test(arguments: [
        (Language.en, ["Tue 3", "3 Dec", "Tue 3 Dec", "Tuesday 3 December"]),
        (.de, ["Di. 3.", "3. Dez.", "Di., 3. Dez.", "Dienstag, 3. Dezember"]),
        (.fr, ["Mar. 3", "3 déc.", "Mar. 3 déc.", "Mardi 3 décembre"]),
        (.it, ["Mar 3", "3 dic", "Mar 3 dic", "Martedì 3 dicembre"]),
        (.es, ["Mar 3", "3 dic", "Mar 3 dic", "Martes, 3 de diciembre"]),
    ])
    func datesInTheLanguagesOrder(language: Language, expected: [String]) {
        let styles: [DateStyle] = [.weekdayAndDay, .dayAndMonth, .short, .long]
        #expect(styles.map { language.dateText(weekday: 2, day: 3, month: 12, $0) } == expected)
    }

    @Test func namesOfDaysAndMonths() {
        #expect(
            (0..<7).map { Language.en.weekdayName($0, .abbreviated) } == [
                "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat",
            ])
        #expect(
            (0..<7).map { Language.es.weekdayName($0, .abbreviated) } == [
                "Dom", "Lun", "Mar", "Mié", "Jue", "Vie", "Sáb",
            ])
        #expect(Language.it.weekdayName(3, .full) == "Mercoledì")
        #expect(Language.de.monthName(3, .full) == "März")
        #expect(Language.fr.monthName(2, .abbreviated) == "févr.")
        #expect(Language.en.monthName(5, .full) == "May")
        #expect(Language.en.monthName(5, .abbreviated) == "May")
        // Numbers out of range count on instead of trapping.
        #expect(Language.en.weekdayName(9, .full) == "Tuesday")
        #expect(Language.en.weekdayName(-1, .full) == "Saturday")
        #expect(Language.en.monthName(13, .full) == "January")
        #expect(Language.en.monthName(0, .full) == "December")
    }

    @Test func relativeDaysAndClockPeriods() {
        #expect(RelativeDay.allCases.map { Language.it.dayName($0) } == ["Ieri", "Oggi", "Domani"])
        #expect(Language.fr.dayName(.today) == "Aujourd’hui")
        #expect(Language.en.clockPeriod(afternoon: true) == "PM")
        #expect(Language.es.clockPeriod(afternoon: false) == "a. m.")
    }
}
