public import FoundationEssentials
public import Localization

/// A calendar date without a time zone (proleptic Gregorian), such as a city's "today".
public struct LocalDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Year, for example 2026.
    public var year: Int
    /// Month, 1…12.
    public var month: Int
    /// Day of the month, 1…31.
    public var day: Int

    /// Creates a date from its parts; no validation beyond what the caller ensures.
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date whose days since 1970-01-01 are `days`.
    public init(daysSinceEpoch days: Int) {
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Parses "YYYY-MM-DD"; nil when the text is not such a date.
    public init?(iso8601 text: some StringProtocol) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Days since 1970-01-01 (negative before).
    public var daysSinceEpoch: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Day of the week, 0 = Sunday … 6 = Saturday.
    public var weekday: Int {
        let days = daysSinceEpoch
        return ((days % 7) + 7 + 4) % 7  // 1970-01-01 was a Thursday.
    }

    /// Short English weekday name: "Mon"; `weekdayName(_:language:)` in another language.
    public var weekdayAbbreviation: String { weekdayName(.abbreviated) }

    /// The date `count` days later (earlier when negative).
    public func adding(days count: Int) -> LocalDate {
        LocalDate(daysSinceEpoch: daysSinceEpoch + count)
    }

    /// "2026-11-22".
    public var description: String {
        "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    /// Orders dates chronologically.
    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}

/// A wall-clock date and time at a fixed UTC offset (a city's local time, or the kiosk's).
public struct LocalDateTime: Sendable, Hashable, CustomStringConvertible {
    /// The calendar date.
    public var date: LocalDate
    /// Hour, 0…23.
    public var hour: Int
    /// Minute, 0…59.
    public var minute: Int
    /// Second, 0…59.
    public var second: Int

    /// The wall-clock time at `instant` in a zone `utcOffsetSeconds` east of UTC.
    public init(_ instant: Date, utcOffsetSeconds: Int) {
        // Held to about ±300,000 years: an instant such as a broken server's 1e138 seconds
        // has no Int, and no calendar date worth showing.
        let limit = 1e13
        let raw = instant.timeIntervalSince1970.rounded(.down)
        let clamped = (-limit...limit).contains(raw) ? raw : (raw > 0 ? limit : -limit)
        let seconds = Int(clamped) + utcOffsetSeconds
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        date = LocalDate(daysSinceEpoch: days)
        hour = secondOfDay / 3600
        minute = secondOfDay % 3600 / 60
        second = secondOfDay % 60
    }

    /// Creates a date and time from its parts.
    public init(date: LocalDate, hour: Int, minute: Int, second: Int = 0) {
        self.date = date
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// Parses Open-Meteo's local "YYYY-MM-DDTHH:MM" (seconds optional).
    public init?(iso8601 text: some StringProtocol) {
        let halves = text.split(separator: "T", omittingEmptySubsequences: false)
        guard halves.count == 2, let date = LocalDate(iso8601: halves[0]) else { return nil }
        let clock = halves[1].split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 2 || clock.count == 3,
            let hour = Int(clock[0]), let minute = Int(clock[1]),
            (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        let second = clock.count == 3 ? Int(clock[2]) : 0
        guard let second, (0...59).contains(second) else { return nil }
        self.init(date: date, hour: hour, minute: minute, second: second)
    }

    /// The instant this wall-clock time names in a zone `utcOffsetSeconds` east of UTC.
    public func instant(utcOffsetSeconds: Int) -> Date {
        let seconds = date.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(seconds - utcOffsetSeconds))
    }

    /// Minutes since local midnight.
    public var minuteOfDay: Int { hour * 60 + minute }

    /// "14:05" or "2:05 PM"; the 12-hour clock's "AM" and "PM" in `language`.
    public func clockText(_ style: ClockStyle, language: Language = .en) -> String {
        switch style {
        case .twentyFourHour:
            return "\(pad(hour, 2)):\(pad(minute, 2))"
        case .twelveHour:
            let twelve = hour % 12 == 0 ? 12 : hour % 12
            return "\(twelve):\(pad(minute, 2)) \(language.clockPeriod(afternoon: hour >= 12))"
        }
    }

    /// "2026-11-22T14:05:00".
    public var description: String {
        "\(date)T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
    }
}

/// A time of day without a date, as the night window's "23:00" and "06:30".
public struct TimeOfDay: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Hour, 0…23.
    public var hour: Int
    /// Minute, 0…59.
    public var minute: Int

    /// Creates a time of day.
    public init(hour: Int, minute: Int) {
        self.hour = hour
        self.minute = minute
    }

    /// Parses "HH:MM" (24-hour); nil otherwise.
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 2, (1...2).contains(parts[0].count),
            let hour = Int(parts[0]), let minute = Int(parts[1]),
            (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        self.init(hour: hour, minute: minute)
    }

    /// Minutes since midnight.
    public var minuteOfDay: Int { hour * 60 + minute }

    /// "06:30".
    public var description: String { "\(pad(hour, 2)):\(pad(minute, 2))" }
}

/// `value` in decimal, left-padded with zeros to `width` digits (for KioskCore's HTTP dates too).
package func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(abs(value))
    let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
    return value < 0 ? "-" + padded : padded
}
