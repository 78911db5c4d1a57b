public import Localization

/// Dates written in a language: its weekday and month names and its order of a date's
/// parts, from the catalogs.
extension LocalDate {
    /// The weekday's name: "Tue", "Tuesday"; in Italian "Mar", "Martedì".
    public func weekdayName(_ width: NameWidth, language: Language = .en) -> String {
        language.weekdayName(weekday, width)
    }

    /// The month's name: "Dec", "December"; in German "Dez.", "Dezember".
    public func monthName(_ width: NameWidth, language: Language = .en) -> String {
        language.monthName(month, width)
    }

    /// The date in `style`: "Tue 3" (`weekdayAndDay`, what the city page's columns say),
    /// "Tue 3 Dec" (`short`); in German "Di. 3." and "Di., 3. Dez.".
    public func text(_ style: DateStyle, language: Language = .en) -> String {
        language.dateText(weekday: weekday, day: day, month: month, style)
    }

    /// "Today" or "Tomorrow" (or "Yesterday") when the date is one of those days seen from
    /// `today`, else the date in `style`.
    public func label(
        relativeTo today: LocalDate, otherwise style: DateStyle, language: Language = .en
    ) -> String {
        switch daysSinceEpoch - today.daysSinceEpoch {
        case -1: language.dayName(.yesterday)
        case 0: language.dayName(.today)
        case 1: language.dayName(.tomorrow)
        default: text(style, language: language)
        }
    }
}
