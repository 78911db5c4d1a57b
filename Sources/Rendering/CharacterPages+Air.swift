import FoundationEssentials
import KioskCore

/// The air page on a character LCD: "EU AQI 44 Moderate", the particles and the gases a
/// line each in µg/m³ (the unit left out: the ROM has no µ and no ³), and the pollen where
/// Open-Meteo counts it; "Waiting for air data" before it arrives.
extension CharacterPageText {
    func air() -> CharacterPage {
        guard let weather = model.city else { return empty() }
        let air = AirNow(model, weather: weather)
        func line(_ variants: [String]) -> CharacterSection {
            CharacterSection { width, _ in
                [CharacterFit.line(variants.map { [t($0)] }, width: width)]
            }
        }
        var sections: [CharacterSection]
        if let index = air.index {
            let scale = air.scale.smallTitle(in: language)
            let aqi = air.scale.abbreviation(in: language)
            let word = air.word(index)
            let short = air.shortName(index.band)
            sections = [
                line([
                    "\(scale) \(index.text) \(word)", "\(aqi) \(index.text) \(word)",
                    "\(aqi) \(index.text) \(short)", "\(aqi) \(index.text)",
                ])
            ]
        } else if air.hasArrived {
            // TRANSLATORS: on a character LCD, when the air-quality forecast has no index
            // for this hour: at most 20 characters, and the short form at most 16.
            sections = [
                line([
                    language.localized("No AQI for this hour", context: "small display"),
                    language.localized("No AQI now", context: "small display"),
                ])
            ]
        } else {
            // TRANSLATORS: on a small display before the first air-quality forecast
            // arrived: at most 20 characters, and the short form at most 16.
            sections = [
                line([
                    language.localized("Waiting for air data", context: "small display"),
                    language.localized("Waiting for air", context: "small display"),
                ])
            ]
        }
        if air.current != nil {
            let values = air.pollutants.map { air.number($0.value) }
            sections.append(
                line([
                    "PM2.5 \(values[0]) PM10 \(values[1])", "PM2.5 \(values[0])",
                ]))
            sections.append(line(["O3 \(values[2]) NO2 \(values[3])", "O3 \(values[2])"]))
        }
        if let pollen = air.pollenText(count: 2)?.replacing(" · ", with: " "),
            let most = air.pollenText(count: 1)
        {
            let label = air.pollenLabel
            sections.append(line(["\(label) \(pollen)", "\(label) \(most)", most]))
        }
        return CharacterPage(
            title: cityTitle(weather), clock: cityClock(weather),
            sections: sections + credit([weather], airQuality: air.showsValues))
    }
}
