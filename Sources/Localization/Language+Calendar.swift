/// How long a weekday's or month's name is: "Tuesday" or "Tue".
public enum NameWidth: Sendable, Hashable, CaseIterable {
    /// The whole name: "Tuesday", "December".
    case full
    /// The abbreviation the language uses in dates and on labels: "Tue", "Di.", "mar".
    case abbreviated
}

/// Which parts of a date are written, each in the order and with the punctuation of the
/// language (the catalogs' "date: …" messages say how).
public enum DateStyle: Sendable, Hashable, CaseIterable {
    /// "Tue 3", "Di. 3.", "Mar. 3": a forecast column's heading.
    case weekdayAndDay
    /// "3 Dec", "3. Dez.", "3 déc.".
    case dayAndMonth
    /// "Tue 3 Dec", "Di., 3. Dez.", "Mar. 3 déc.", "Mar 3 dic".
    case short
    /// "Tuesday 3 December", "Dienstag, 3. Dezember", "Martes, 3 de diciembre".
    case long
}

/// A day named by where it is from today.
public enum RelativeDay: Sendable, Hashable, CaseIterable {
    /// The day before today.
    case yesterday
    /// Today.
    case today
    /// The day after today.
    case tomorrow
}

extension Language {
    /// The name of `weekday`, 0 = Sunday … 6 = Saturday (as `LocalDate.weekday` counts);
    /// other numbers count on from there. Names start a label, so they start with a
    /// capital in every language: "Martedì", "Mar".
    public func weekdayName(_ weekday: Int, _ width: NameWidth) -> String {
        switch (width, (weekday % 7 + 7) % 7) {
        // TRANSLATORS: a weekday's full name. The kiosk puts it at the start of a label,
        // so it starts with a capital letter in every language ("Martedì", "Mardi").
        case (.full, 0): localized("Sunday", context: "weekday")
        case (.full, 1): localized("Monday", context: "weekday")
        case (.full, 2): localized("Tuesday", context: "weekday")
        case (.full, 3): localized("Wednesday", context: "weekday")
        case (.full, 4): localized("Thursday", context: "weekday")
        case (.full, 5): localized("Friday", context: "weekday")
        case (.full, 6): localized("Saturday", context: "weekday")
        // TRANSLATORS: a weekday's abbreviation, as your language writes it in dates
        // ("Di.", "Mar", "mar."), with a capital letter: it starts labels such as "Tue 3".
        // The smallest displays show its first two letters.
        case (.abbreviated, 0): localized("Sun", context: "weekday, abbreviated")
        case (.abbreviated, 1): localized("Mon", context: "weekday, abbreviated")
        case (.abbreviated, 2): localized("Tue", context: "weekday, abbreviated")
        case (.abbreviated, 3): localized("Wed", context: "weekday, abbreviated")
        case (.abbreviated, 4): localized("Thu", context: "weekday, abbreviated")
        case (.abbreviated, 5): localized("Fri", context: "weekday, abbreviated")
        default: localized("Sat", context: "weekday, abbreviated")
        }
    }

    /// The name of `month`, 1 = January … 12 = December; other numbers count on from
    /// there. Months come after the day, so French, Italian and Spanish write them in lower
    /// case: "3 dicembre".
    public func monthName(_ month: Int, _ width: NameWidth) -> String {
        switch (width, ((month - 1) % 12 + 12) % 12 + 1) {
        // TRANSLATORS: a month's full name as it stands in a date after the day
        // ("3 dicembre": lower case where your language writes it so).
        case (.full, 1): localized("January", context: "month")
        case (.full, 2): localized("February", context: "month")
        case (.full, 3): localized("March", context: "month")
        case (.full, 4): localized("April", context: "month")
        case (.full, 5): localized("May", context: "month")
        case (.full, 6): localized("June", context: "month")
        case (.full, 7): localized("July", context: "month")
        case (.full, 8): localized("August", context: "month")
        case (.full, 9): localized("September", context: "month")
        case (.full, 10): localized("October", context: "month")
        case (.full, 11): localized("November", context: "month")
        case (.full, 12): localized("December", context: "month")
        // TRANSLATORS: a month's abbreviation as it stands in a date after the day
        // ("3. Dez.", "3 déc.", "3 dic").
        case (.abbreviated, 1): localized("Jan", context: "month, abbreviated")
        case (.abbreviated, 2): localized("Feb", context: "month, abbreviated")
        case (.abbreviated, 3): localized("Mar", context: "month, abbreviated")
        case (.abbreviated, 4): localized("Apr", context: "month, abbreviated")
        case (.abbreviated, 5): localized("May", context: "month, abbreviated")
        case (.abbreviated, 6): localized("Jun", context: "month, abbreviated")
        case (.abbreviated, 7): localized("Jul", context: "month, abbreviated")
        case (.abbreviated, 8): localized("Aug", context: "month, abbreviated")
        case (.abbreviated, 9): localized("Sep", context: "month, abbreviated")
        case (.abbreviated, 10): localized("Oct", context: "month, abbreviated")
        case (.abbreviated, 11): localized("Nov", context: "month, abbreviated")
        default: localized("Dec", context: "month, abbreviated")
        }
    }

    /// A date written in `style`: the weekday (0 = Sunday), the day of the month and the
    /// month (1 = January) put in the language's order with its punctuation.
    public func dateText(weekday: Int, day: Int, month: Int, _ style: DateStyle) -> String {
        let day = String(day)
        switch style {
        case .weekdayAndDay:
            // TRANSLATORS: a forecast column's heading: the abbreviated weekday and the
            // day of the month ("Di. 3.", "Mar 3"). Put the parts in your language's order.
            return localized(
                "{weekday} {day}", context: "date: abbreviated weekday, day",
                ["weekday": weekdayName(weekday, .abbreviated), "day": day])
        case .dayAndMonth:
            return localized(
                "{day} {month}", context: "date: day, abbreviated month",
                ["day": day, "month": monthName(month, .abbreviated)])
        case .short:
            return localized(
                "{weekday} {day} {month}",
                context: "date: abbreviated weekday, day, abbreviated month",
                [
                    "weekday": weekdayName(weekday, .abbreviated), "day": day,
                    "month": monthName(month, .abbreviated),
                ])
        case .long:
            return localized(
                "{weekday} {day} {month}", context: "date: weekday, day, month",
                [
                    "weekday": weekdayName(weekday, .full), "day": day,
                    "month": monthName(month, .full),
                ])
        }
    }

    /// "Today", "Tomorrow", "Yesterday", as labels (capitalised).
    public func dayName(_ day: RelativeDay) -> String {
        switch day {
        case .yesterday: localized("Yesterday", context: "day")
        case .today: localized("Today", context: "day")
        case .tomorrow: localized("Tomorrow", context: "day")
        }
    }

    /// The words after a 12-hour clock's time: "AM" before noon, "PM" from noon on. Used
    /// only where `units.clock` asks for a 12-hour clock.
    public func clockPeriod(afternoon: Bool) -> String {
        afternoon
            ? localized("PM", context: "12-hour clock, from noon")
            : localized("AM", context: "12-hour clock, before noon")
    }
}
