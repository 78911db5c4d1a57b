import FoundationEssentials
import KioskCore

/// What the sky page (and its LCD and OLED forms) says about one favourite today: the Sun
/// and the Moon computed for its coordinate on its own date, the Moon's phase now, and the
/// forecast's UV index for the day.
///
/// The local date and the clock times need the place's UTC offset, which only its forecast
/// carries (a `City` stores its zone's name, not an offset): without a forecast the times
/// are nil and the pages say "–" rather than guess UTC. The phase is the same everywhere
/// and is always known.
struct SkyToday {
    /// The place's UTC offset; nil without a forecast.
    var utcOffsetSeconds: Int?
    /// Sunrise, sunset and the day's length on the place's date; nil without an offset.
    var sun: SunriseSunset?
    /// The Moon's phase at the page's instant.
    var moon: MoonPhase
    /// Moonrise and moonset on the place's date; nil without an offset.
    var moonTimes: MoonriseMoonset?
    /// The day's highest UV index from the forecast; nil when the provider gives none
    /// (MET Norway) or there is no forecast.
    var uvIndex: UVIndex?
    /// Whether the place is south of the equator, where the Moon is seen upside down: the
    /// waxing Moon is lit on its left.
    var isSouthern: Bool
    /// The language the texts are in.
    var language: Language

    init(_ weather: CityWeather, now: Date, language: Language) {
        let coordinate = weather.city.coordinate
        self.language = language
        moon = MoonPhase(at: now)
        isSouthern = coordinate.latitude < 0
        guard let forecast = weather.forecast else { return }
        let offset = forecast.utcOffsetSeconds
        let date = LocalDateTime(now, utcOffsetSeconds: offset).date
        utcOffsetSeconds = offset
        sun = SunriseSunset(date: date, at: coordinate, utcOffsetSeconds: offset)
        moonTimes = MoonriseMoonset(date: date, at: coordinate, utcOffsetSeconds: offset)
        uvIndex = forecast.today(at: now)?.uvIndexMax
    }

    /// Whether the lit limb is on the right as the Moon is seen from the place: waxing in
    /// the northern hemisphere, waning in the southern.
    var isLitOnRight: Bool { moon.isWaxing != isSouthern }

    /// `instant` as a clock time at the place ("07:42", "7:42 AM"); "–" without one or
    /// without the place's offset.
    func clock(_ instant: Date?, values: ValueText) -> String {
        guard let instant, let offset = utcOffsetSeconds else { return "–" }
        return values.clock(instant, offset: offset)
    }

    /// The day's length, "8 h 39 min"; "–" without an offset.
    var daylightText: String {
        guard let sun else { return "–" }
        let minutes = Int((sun.daylight.totalSeconds / 60).rounded())
        return minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min"
    }

    /// Whether the Sun neither rises nor sets today: the midnight sun or the polar night.
    var isPolar: Bool { sun.map { $0.isPolarDay || $0.isPolarNight } == true }

    /// Whether today is as long as yesterday to the second (and the Sun rises and sets).
    var isSameAsYesterday: Bool {
        guard let sun, !isPolar else { return false }
        return Int(sun.daylightChange.totalSeconds.rounded()) == 0
    }

    /// How the day's length changed since yesterday, "+2 min 14 s" or "−3 min"; "Sun up all
    /// day" or "Sun down all day" in the midnight sun or the polar night; nil without an
    /// offset.
    var changeText: String? {
        guard let sun else { return nil }
        // TRANSLATORS: the sky page's line in place of the day's length change in the
        // midnight sun (the Sun does not set) and the polar night (it does not rise).
        if sun.isPolarDay { return language.localized("Sun up all day", context: "sky") }
        if sun.isPolarNight { return language.localized("Sun down all day", context: "sky") }
        let seconds = Int(sun.daylightChange.totalSeconds.rounded())
        guard seconds != 0 else {
            // TRANSLATORS: the day is as long as yesterday's, to the second.
            return language.localized("same as yesterday", context: "day length")
        }
        let size = abs(seconds)
        let parts = [
            size >= 60 ? "\(size / 60) min" : nil, size % 60 != 0 ? "\(size % 60) s" : nil,
        ]
        return (seconds > 0 ? "+" : "\u{2212}") + parts.compactMap(\.self).joined(separator: " ")
    }

    /// The moonrise or moonset `instant` as a clock time at the place; "none today" on the
    /// day a month without one ("none" when `short`); "–" without the place's offset.
    func moonTime(_ instant: Date?, values: ValueText, short: Bool = false) -> String {
        guard moonTimes != nil else { return "–" }
        guard instant == nil else { return clock(instant, values: values) }
        // TRANSLATORS: in place of the moonrise or moonset time on the day a month
        // without one; the short form beside the short labels ("Rise", "Set").
        return short
            ? language.localized("none", context: "moonrise or moonset, short")
            : language.localized("none today", context: "moonrise or moonset")
    }

    /// The Moon's phase as a title on the sky page: "Waxing gibbous", "Gibbosa crescente".
    var phaseTitle: String { moon.name.title(in: language) }

    /// "63 %": the lit part of the Moon's disc.
    var illuminationText: String {
        "\(Int((moon.illuminatedFraction * 100).rounded())) %"
    }
}
