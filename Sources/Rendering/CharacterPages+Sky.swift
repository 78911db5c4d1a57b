import FoundationEssentials
import KioskCore

/// The sky page on a character LCD: "Sunrise 07:42", "Sunset 16:21", "Moon: waxing gibbous"
/// and the day's length, a line each, shorter forms on 16 columns.
extension CharacterPageText {
    func sky() -> CharacterPage {
        guard let weather = model.city else { return empty() }
        let sky = SkyToday(weather, now: model.now, language: language)
        func line(_ variants: [String]) -> CharacterSection {
            CharacterSection { width, _ in
                [CharacterFit.line(variants.map { [t($0)] }, width: width)]
            }
        }
        func time(_ instant: Date?) -> String {
            sky.clock(instant, values: values).replacing(" ", with: "")
        }
        let rise = time(sky.sun?.sunrise)
        let set = time(sky.sun?.sunset)
        // TRANSLATORS: the character LCD's sky page: the label and its short forms, the
        // longest that fits 20 or 16 columns is shown ("Sunrise 07:42", "Rise 07:42").
        let sunrise = [
            language.localized("Sunrise"), language.localized("Rise", context: "sun, LCD"),
        ]
        let sunset = [
            language.localized("Sunset"), language.localized("Set", context: "sun, LCD"),
        ]
        var sections = [
            line(sunrise.map { "\($0) \(rise)" }),
            line(sunset.map { "\($0) \(set)" }),
            line([
                // TRANSLATORS: the character LCD's Moon line, "Moon: waxing gibbous"; the
                // phase is its name in a sentence.
                language.localized(
                    "Moon: {phase}", context: "LCD",
                    ["phase": sky.moon.name.name(in: language)]),
                sky.phaseTitle,
                language.localized("Moon", context: "LCD") + " " + sky.illuminationText,
            ]),
        ]
        if let change = sky.changeText {
            let day = language.localized("Day", context: "length of the day, short")
            let length = sky.daylightText
            if sky.isPolar {
                // "Midnight sun" where it fits, else "Day 24 h".
                sections.append(line([change, "\(day) \(length)", length]))
            } else {
                // "Day 9 h 36 min -1 min 50 s", or "Day 9h36m -1m50s".
                let short = length.replacing(" h ", with: "h").replacing(" min", with: "m")
                // "same as yesterday" stays in words; a signed change is squeezed.
                let shortChange =
                    sky.isSameAsYesterday
                    ? change
                    : change.replacing(" min", with: "m").replacing(" s", with: "s")
                        .replacing(" ", with: "")
                sections.append(
                    line([
                        "\(day) \(length) \(change)", "\(day) \(short) \(shortChange)",
                        "\(short) \(shortChange)", "\(day) \(short)", short,
                    ]))
            }
        }
        return CharacterPage(
            title: cityTitle(weather), clock: cityClock(weather),
            sections: sections + credit([weather]))
    }
}
