public import FoundationEssentials

/// The warning a page of a place shows in its band: the worst of the place's warnings,
/// with its colour and until when, in the place's local time.
public struct PageWarning: Sendable, Hashable {
    /// What: "Winter Storm Warning", "frost".
    public var event: String
    /// The band's colour.
    public var level: WarningLevel
    /// How bad, for the page of its own a severe or extreme warning gets.
    public var severity: WarningSeverity
    /// "until 06:00" or "until Tue 06:00" in the place's local time; "from 18:00" for one
    /// that has not begun; nil when it gives no end.
    public var when: String?
    /// Whether a weather service issued it; false for the kiosk's own reading.
    public var official: Bool
    /// The service's name, or "the kiosk" for its own reading.
    public var sourceName: String
    /// How many more warnings the place has.
    public var more: Int
    /// The language the band is written in.
    public var language: Language = .en

    /// Creates a page warning.
    public init(
        event: String, level: WarningLevel, severity: WarningSeverity, when: String?,
        official: Bool, sourceName: String, more: Int = 0
    ) {
        self.event = event
        self.level = level
        self.severity = severity
        self.when = when
        self.official = official
        self.sourceName = sourceName
        self.more = more
    }

    /// The band for `warnings` (worst first) at `now`, with times at `utcOffsetSeconds`
    /// (the place's); nil when there are none.
    public init?(
        _ warnings: [WeatherWarning], at now: Date, utcOffsetSeconds: Int, clock: ClockStyle,
        language: Language
    ) {
        guard let worst = warnings.first else { return nil }
        func local(_ date: Date) -> String {
            Self.localTime(
                date, at: now, utcOffsetSeconds: utcOffsetSeconds, clock: clock,
                language: language)
        }
        let when =
            worst.onset > now
            ? language.localized("from {time}", context: "warning", ["time": local(worst.onset)])
            : worst.end.map {
                language.localized("until {time}", context: "warning", ["time": local($0)])
            }
        self.init(
            event: worst.eventName(in: language), level: worst.level, severity: worst.severity,
            when: when,
            official: worst.official, sourceName: worst.source.displayName,
            more: warnings.count - 1)
        self.language = language
    }

    /// `date` as a warning's times are written: "06:00" today, "Tue 06:00" on another day,
    /// at `utcOffsetSeconds` (the place's).
    static func localTime(
        _ date: Date, at now: Date, utcOffsetSeconds: Int, clock: ClockStyle, language: Language
    ) -> String {
        let time = LocalDateTime(date, utcOffsetSeconds: utcOffsetSeconds)
        let today = LocalDateTime(now, utcOffsetSeconds: utcOffsetSeconds).date
        let day =
            time.date == today ? "" : time.date.weekdayName(.abbreviated, language: language) + " "
        return day + time.clockText(clock, language: language)
    }

    /// "Winter Storm Warning until 06:00", with "(the kiosk's reading)" for its own and
    /// "+1" for more.
    public var text: String {
        var text = event.prefix(1).uppercased() + event.dropFirst()
        if let when { text += " " + when }
        if !official { text += " " + language.localized("(the kiosk's reading)") }
        if more > 0 { text += "  +\(more)" }
        return text
    }
}
