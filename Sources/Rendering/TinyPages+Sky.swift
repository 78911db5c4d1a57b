import KioskCore

/// The sky page on an OLED: sunrise, sunset and the Moon's phase under the place's name;
/// on a 128×32 the Sun and the Moon take a step each.
extension PageContext {
    func drawTinySky(step: Int) {
        guard let weather = model.city else { return drawTinyEmpty(step: 0) }
        let sky = SkyToday(weather, now: model.now, language: language)
        let rise = language.localized("Sunrise") + " " + sky.clock(sky.sun?.sunrise, values: values)
        let set = language.localized("Sunset") + " " + sky.clock(sky.sun?.sunset, values: values)
        let moon = sky.phaseTitle + " " + sky.illuminationText
        let credit = tinyCredit(weather)
        let below = tinyHeader(
            weather.displayName, clock: tinyClock(weather.forecast), in: tinyArea)
        let lines: [String]
        if isShortTiny {
            lines = step == 0 ? [rise + " · " + set] : [moon] + (credit.map { [$0] } ?? [])
        } else {
            let day =
                language.localized("Day", context: "length of the day, short") + " "
                + sky.daylightText
            lines = [rise, set, day, moon] + (credit.map { [$0] } ?? [])
        }
        for (text, row) in zip(lines, below.rows(lines.count)) {
            tinyText(text, in: row.insetBy(dx: 1, dy: 0), size: isShortTiny ? 9 : 10)
        }
    }
}
