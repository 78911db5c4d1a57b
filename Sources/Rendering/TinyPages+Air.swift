import KioskCore

/// The air page on an OLED: the index with its scale's word, the particles and the gases,
/// and the pollen where there is some, under the place's name; on a 128×32 the index and
/// the pollutants take a step each.
extension PageContext {
    func drawTinyAir(step: Int) {
        guard let weather = model.city else { return drawTinyEmpty(step: 0) }
        let air = AirNow(model, weather: weather)
        let below = tinyHeader(
            weather.displayName, clock: tinyClock(weather.forecast), in: tinyArea)
        let headline: String
        if let index = air.index {
            headline =
                "\(air.scale.smallTitle(in: language)) \(index.text) "
                + air.shortName(index.band)
        } else {
            headline =
                air.hasArrived
                ? language.localized("No AQI now", context: "small display")
                : language.localized("Waiting for air data", context: "small display")
        }
        var details: [String] = []
        if air.current != nil {
            let values = air.pollutants.map { air.number($0.value) }
            details = [
                "PM2.5 \(values[0])  PM10 \(values[1])", "O₃ \(values[2])  NO₂ \(values[3])",
            ]
        }
        if let pollen = air.pollenText(count: 2) { details.append(air.pollenLabel + " " + pollen) }
        // The forecast's credit and CAMS's for the air ("met.no · CAMS").
        let credits =
            [tinyCredit(weather)].compactMap(\.self)
            + (air.showsValues ? [AirQualityCredit.shortCredit] : [])
        let credit = credits.isEmpty ? [] : [credits.joined(separator: " · ")]
        let lines: [String]
        if isShortTiny {
            lines = step == 0 || details.isEmpty ? [headline] : Array(details.prefix(2))
        } else {
            lines = [headline] + details + credit
        }
        for (text, row) in zip(lines, below.rows(lines.count)) {
            tinyText(
                text, in: row.insetBy(dx: 1, dy: 0), size: isShortTiny ? 9 : 10,
                bold: text == headline)
        }
    }
}
