public import FoundationEssentials

/// What the page of its own a severe or extreme warning gets shows: what, where, from when
/// until when in the place's local time, what to do, and who says so.
public struct WarningPageContent: Sendable, Hashable {
    /// What: "Winter Storm Warning", "gusts".
    public var event: String
    /// The place, as its pages name it.
    public var place: String
    /// The page's colour.
    public var level: WarningLevel
    /// How bad: severe or extreme.
    public var severity: WarningSeverity
    /// "Now until Mon 06:00", "From 18:00 until 23:00", "From 18:00", in the place's time.
    public var period: String
    /// What to do, as the source wrote it; else what is expected; nil when it says neither.
    public var advice: String?
    /// Whether a weather service issued it; false for the kiosk's own reading.
    public var official: Bool
    /// The service's name ("NWS", "MET Norway", "DWD"), or "the kiosk".
    public var sourceName: String
    /// How many more severe or extreme warnings the place has.
    public var more: Int
    /// Whether it is the kiosk's reading of its own barometer rather than of the forecast.
    public var fromBarometer = false
    /// The language the page is written in.
    public var language: Language = .en

    /// Creates the content of a warning page.
    public init(
        event: String, place: String, level: WarningLevel, severity: WarningSeverity,
        period: String, advice: String?, official: Bool, sourceName: String, more: Int = 0
    ) {
        self.event = event
        self.place = place
        self.level = level
        self.severity = severity
        self.period = period
        self.advice = advice
        self.official = official
        self.sourceName = sourceName
        self.more = more
    }

    /// The page for the worst severe or extreme warning among `warnings` (worst first) of
    /// `place`, with times at `utcOffsetSeconds` (the place's); nil when none is that bad.
    public init?(
        _ warnings: [WeatherWarning], place: String, at now: Date, utcOffsetSeconds: Int,
        clock: ClockStyle, language: Language
    ) {
        let bad = warnings.filter { $0.severity >= .severe }
        guard let worst = bad.first else { return nil }
        func local(_ date: Date) -> String {
            PageWarning.localTime(
                date, at: now, utcOffsetSeconds: utcOffsetSeconds, clock: clock,
                language: language)
        }
        let period: String
        switch (worst.onset > now, worst.end) {
        case (true, let end?):
            period = language.localized(
                "From {start} until {end}", ["start": local(worst.onset), "end": local(end)])
        case (true, nil):
            period = language.localized("From {start}", ["start": local(worst.onset)])
        case (false, let end?):
            period = language.localized("Now until {end}", ["end": local(end)])
        case (false, nil):
            period = language.localized("Now, until the service lifts it")
        }
        // The kiosk's own description only says it is not official, as the source line does;
        // its headline has the numbers ("Gusts up to 80 km/h"), without its note in brackets.
        var reading = worst.headline
        if !worst.official, reading.hasSuffix(")"), let note = reading.lastIndex(of: "(") {
            reading = String(reading[..<note])
            while reading.hasSuffix(" ") { reading.removeLast() }
        }
        let described = worst.official ? worst.description : reading
        let advice = [worst.instruction ?? "", described].first {
            !$0.isEmpty && $0.lowercased() != worst.event.lowercased()
        }
        let event = worst.eventName(in: language)
        self.init(
            event: event.prefix(1).uppercased() + event.dropFirst(), place: place,
            level: worst.level, severity: worst.severity, period: period, advice: advice,
            official: worst.official, sourceName: worst.source.displayName,
            more: bad.count - 1)
        fromBarometer = worst.id == DerivedWarnings.barometerID
        self.language = language
    }

    /// Who says so: "Official warning from NWS", or that it is the kiosk's own reading of
    /// the forecast (or of its barometer) and not an official warning.
    public var sourceLine: String {
        guard !official else {
            return language.localized("Official warning from {source}", ["source": sourceName])
        }
        return fromBarometer
            ? language.localized(
                "Not an official warning: the kiosk's own reading of its barometer")
            : language.localized("Not an official warning: the kiosk's own reading of the forecast")
    }

    /// "SEVERE WARNING" or "EXTREME WARNING", with "+1 more".
    public var title: String {
        let title =
            severity == .extreme
            ? language.localized("EXTREME WARNING") : language.localized("SEVERE WARNING")
        return title
            + (more > 0 ? "  " + language.localized("+{count} more", ["count": String(more)]) : "")
    }
}
