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
            let scale = air.scale == .european ? "EU" : "US"
            let word = index.band.name
            let short = AirNow.shortName(index.band, on: air.scale)
            sections = [
                line([
                    "\(scale) AQI \(index.text) \(word)", "AQI \(index.text) \(word)",
                    "AQI \(index.text) \(short)", "AQI \(index.text)",
                ])
            ]
        } else if air.hasArrived {
            sections = [line(["No AQI for this hour", "No AQI now"])]
        } else {
            sections = [line(["Waiting for air data", "Waiting for air"])]
        }
        if air.current != nil {
            func number(_ value: MassConcentration?) -> String {
                AirNow.text(value).replacing(" " + MassConcentration.symbol, with: "")
            }
            let values = air.pollutants.map { number($0.value) }
            sections.append(
                line([
                    "PM2.5 \(values[0]) PM10 \(values[1])", "PM2.5 \(values[0])",
                ]))
            sections.append(line(["O3 \(values[2]) NO2 \(values[3])", "O3 \(values[2])"]))
        }
        if let pollen = air.pollenText(count: 2)?.replacing(" · ", with: " "),
            let most = air.pollenText(count: 1)
        {
            sections.append(line(["Pollen \(pollen)", "Pollen \(most)", most]))
        }
        return CharacterPage(
            title: cityTitle(weather), clock: cityClock(weather),
            sections: sections + credit([weather]))
    }
}
