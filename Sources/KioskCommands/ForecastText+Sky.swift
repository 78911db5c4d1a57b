import FoundationEssentials
import KioskCore

/// The `forecast` verb's Sun and Moon lines.
extension ForecastText {
    /// "Sun: up 07:42, down 16:21, 8 h 39 min of daylight (−2 min 10 s)": today's sunrise
    /// and sunset at the place, in its local time, and the change in day length since
    /// yesterday.
    static func sunLine(_ sky: ForecastSky, clock: ClockStyle) -> String {
        let sun = sky.sun
        if sun.isPolarDay { return "Sun: up all day (midnight sun)" }
        if sun.isPolarNight { return "Sun: down all day (polar night)" }
        let rise = sun.sunrise.map { "up " + sky.clockText($0, clock) } ?? "no sunrise"
        let set = sun.sunset.map { "down " + sky.clockText($0, clock) } ?? "no sunset"
        let daylight = WeatherFormat.duration(sun.daylight.totalSeconds)
        return "Sun: \(rise), \(set), \(daylight) of daylight"
            + " (\(change(sun.daylightChange.totalSeconds)))"
    }

    /// "Moon: waxing gibbous, 78 % lit, sets 02:11, rises 13:05": the phase now and the
    /// day's moonrise and moonset in the order they happen.
    static func moonLine(_ sky: ForecastSky, clock: ClockStyle) -> String {
        let phase = sky.moonPhase
        var parts = [
            phase.name.title.lowercased(),
            WeatherFormat.percent(phase.illuminatedFraction * 100) + " lit",
        ]
        switch sky.moon.passage {
        case .upAllDay: parts.append("up all day")
        case .downAllDay: parts.append("down all day")
        case .crosses(let rise, let set):
            var events: [(Date, String)] = []
            if let rise { events.append((rise, "rises " + sky.clockText(rise, clock))) }
            if let set { events.append((set, "sets " + sky.clockText(set, clock))) }
            parts += events.sorted { $0.0 < $1.0 }.map(\.1)
            if rise == nil { parts.append("no moonrise today") }
            if set == nil { parts.append("no moonset today") }
        }
        return "Moon: " + parts.joined(separator: ", ")
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
    func clockText(_ instant: Date, _ clock: ClockStyle) -> String {
        LocalDateTime(instant, utcOffsetSeconds: utcOffsetSeconds).clockText(clock)
    }
}
