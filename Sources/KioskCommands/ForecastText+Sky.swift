import FoundationEssentials
import KioskCore

/// The `forecast` verb's Sun and Moon lines.
extension ForecastText {
    /// "Sun: up 07:42, down 16:21, 8 h 39 min of daylight (−2 min 10 s)": today's sunrise
    /// and sunset at the place, in its local time, and the change in day length since
    /// yesterday.
    static func sunLine(_ sky: ForecastSky, clock: ClockStyle, language: Language = .en)
        -> String
    {
        let sun = sky.sun
        if sun.isPolarDay {
            return language.localized("Sun: up all day (midnight sun)", context: "forecast text")
        }
        if sun.isPolarNight {
            return language.localized("Sun: down all day (polar night)", context: "forecast text")
        }
        let rise =
            sun.sunrise.map {
                language.localized(
                    "up {time}", context: "forecast text, sunrise",
                    ["time": sky.clockText($0, clock, language)])
            } ?? language.localized("no sunrise", context: "forecast text")
        let set =
            sun.sunset.map {
                language.localized(
                    "down {time}", context: "forecast text, sunset",
                    ["time": sky.clockText($0, clock, language)])
            } ?? language.localized("no sunset", context: "forecast text")
        // TRANSLATORS: forecast's Sun line: "Sun: up 07:42, down 16:21, 8 h 39 min of
        // daylight (−2 min 10 s)"; {change} is the change in day length since yesterday.
        return language.localized(
            "Sun: {sunrise}, {sunset}, {daylight} of daylight ({change})",
            context: "forecast text",
            [
                "sunrise": rise, "sunset": set,
                "daylight": WeatherFormat.duration(sun.daylight.totalSeconds, language: language),
                "change": change(sun.daylightChange.totalSeconds),
            ])
    }

    /// "Moon: waxing gibbous, 78 % lit, sets 02:11, rises 13:05": the phase now and the
    /// day's moonrise and moonset in the order they happen.
    static func moonLine(_ sky: ForecastSky, clock: ClockStyle, language: Language = .en)
        -> String
    {
        let phase = sky.moonPhase
        var parts = [
            phase.name.name(in: language),
            language.localized(
                "{percent} lit", context: "forecast text, the Moon",
                [
                    "percent": WeatherFormat.percent(
                        phase.illuminatedFraction * 100, language: language)
                ]),
        ]
        switch sky.moon.passage {
        case .upAllDay:
            parts.append(language.localized("up all day", context: "forecast text, the Moon"))
        case .downAllDay:
            parts.append(language.localized("down all day", context: "forecast text, the Moon"))
        case .crosses(let rise, let set):
            var events: [(Date, String)] = []
            if let rise {
                events.append(
                    (
                        rise,
                        language.localized(
                            "rises {time}", context: "forecast text, the Moon",
                            ["time": sky.clockText(rise, clock, language)])
                    ))
            }
            if let set {
                events.append(
                    (
                        set,
                        language.localized(
                            "sets {time}", context: "forecast text, the Moon",
                            ["time": sky.clockText(set, clock, language)])
                    ))
            }
            parts += events.sorted { $0.0 < $1.0 }.map(\.1)
            if rise == nil {
                parts.append(
                    language.localized("no moonrise today", context: "forecast text, the Moon"))
            }
            if set == nil {
                parts.append(
                    language.localized("no moonset today", context: "forecast text, the Moon"))
            }
        }
        return language.localized(
            "Moon: {details}", context: "forecast text", ["details": parts.joined(separator: ", ")])
    }

    /// A change in day length to the second, signed: "−2 min 10 s", "+45 s", "±0 s".
    static func change(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        if total == 0 { return "±0 s" }
        let magnitude = abs(total)
        var parts: [String] = []
        if magnitude >= 3600 { parts.append("\(magnitude / 3600) h") }
        if magnitude >= 60, magnitude % 3600 / 60 != 0 {
            parts.append("\(magnitude % 3600 / 60) min")
        }
        if magnitude % 60 != 0 { parts.append("\(magnitude % 60) s") }
        return (total < 0 ? "\u{2212}" : "+") + parts.joined(separator: " ")
    }
}

extension ForecastSky {
    /// An instant as the place's clock shows it.
    func clockText(_ instant: Date, _ clock: ClockStyle, _ language: Language = .en) -> String {
        LocalDateTime(instant, utcOffsetSeconds: utcOffsetSeconds).clockText(
            clock, language: language)
    }
}
