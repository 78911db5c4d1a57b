import FoundationEssentials
import KioskCore

/// The `forecast` verb's Air line.
extension ForecastText {
    /// "Air: European AQI 44, Moderate · PM2.5 8.1 µg/m³ · PM10 12 µg/m³ · O₃ 61 µg/m³ · NO₂ 9.4
    /// µg/m³ · UV 3 · pollen: Birch 12 grains/m³": the index on `scale` with its word, the
    /// pollutants and the UV index the answer has, and pollen only where it has some; in
    /// `language`, with its decimal separator.
    static func airLine(_ entry: AirQualityEntry, scale: AQIScale, language: Language = .en)
        -> String?
    {
        guard let current = entry.forecast.current else { return nil }
        var parts: [String] = []
        let title = scale.title(in: language)
        if let index = current.index(on: scale) {
            parts.append("\(title) \(index.text), \(index.band.name(in: language))")
        } else {
            parts.append("\(title) –")
        }
        let pollutants: [(String, MassConcentration?)] = [
            ("PM2.5", current.pm25), ("PM10", current.pm10), ("O₃", current.ozone),
            ("NO₂", current.nitrogenDioxide),
        ]
        for (name, mass) in pollutants {
            guard let mass else { continue }
            parts.append(
                "\(name) \(number(mass.microgramsPerCubicMetre, language)) \(MassConcentration.symbol)"
            )
        }
        if let uv = current.uvIndex { parts.append("UV \(uv.reported)") }
        if !current.pollen.isEmpty {
            // TRANSLATORS: `forecast`'s pollen counts, "Birke 12 Körner/m³" ({volume} is
            // "m³"), joined by commas after "pollen:".
            let counts = current.pollen.map {
                language.localized(
                    "{plant} {amount} grains/{volume}", context: "forecast text, pollen",
                    [
                        "plant": $0.kind.name(in: language),
                        "amount": number($0.grainsPerCubicMetre, language), "volume": "m³",
                    ])
            }
            parts.append(
                language.localized(
                    "pollen: {counts}", context: "forecast text",
                    ["counts": counts.joined(separator: ", ")]))
        }
        // TRANSLATORS: `forecast`'s air-quality line: {details} is the index, its band
        // and the pollutants joined by "·".
        return language.localized(
            "Air: {details}", context: "forecast text",
            ["details": parts.joined(separator: " · ")])
    }

    /// Whole numbers from 10 on, one decimal below, with `language`'s decimal separator.
    private static func number(_ value: Double, _ language: Language) -> String {
        if value >= 10 { return String(Int(value.rounded())) }
        return WeatherFormat.decimal(value, digits: 1, language: language)
    }
}
