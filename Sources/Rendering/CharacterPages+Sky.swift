import FoundationEssentials
import KioskCore

/// The sky page on a character LCD: "Sunrise 07:42", "Sunset 16:21", "Moon: waxing gibbous"
/// and the day's length, a line each, shorter forms on 16 columns.
extension CharacterPageText {
    func sky() -> CharacterPage {
        guard let weather = model.city else { return empty() }
        let sky = SkyToday(weather, now: model.now)
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
        let phase = sky.moon.name.title
        var sections = [
            line(["Sunrise \(rise)", "Rise \(rise)"]),
            line(["Sunset \(set)", "Set \(set)"]),
            line(["Moon: " + phase.lowercased(), phase, "Moon " + sky.illuminationText]),
        ]
        if let change = sky.changeText, let sun = sky.sun {
            if sun.isPolarDay || sun.isPolarNight {
                sections.append(line([change]))
            } else {
                // "Day 9 h 36 min -1 min 50 s", or "Day 9h36m -1m50s".
                let length = sky.daylightText
                let short = length.replacing(" h ", with: "h").replacing(" min", with: "m")
                let shortChange = change.replacing(" min", with: "m").replacing(" s", with: "s")
                    .replacing(" ", with: "")
                sections.append(
                    line([
                        "Day \(length) \(change)", "Day \(short) \(shortChange)",
                        "\(short) \(shortChange)", "Day \(short)",
                    ]))
            }
        }
        return CharacterPage(
            title: cityTitle(weather), clock: cityClock(weather),
            sections: sections + credit([weather]))
    }
}
