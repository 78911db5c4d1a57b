import FoundationEssentials
import KioskCore

/// The `forecast` verb's Air line.
extension ForecastText {
    /// "Air: European AQI 44, Fair · PM2.5 8.1 µg/m³ · PM10 12 µg/m³ · O₃ 61 µg/m³ · NO₂ 9.4
    /// µg/m³ · UV 3 · pollen: birch 12 grains/m³": the index on `scale` with its word, the
    /// pollutants and the UV index the answer has, and pollen only where it has some.
    static func airLine(_ entry: AirQualityEntry, scale: AQIScale) -> String? {
        guard let current = entry.forecast.current else { return nil }
        var parts: [String] = []
        if let index = current.index(on: scale) {
            parts.append("\(scale.title) \(index.text), \(index.band.name)")
        } else {
            parts.append("\(scale.title) –")
        }
        let pollutants: [(String, MassConcentration?)] = [
            ("PM2.5", current.pm25), ("PM10", current.pm10), ("O₃", current.ozone),
            ("NO₂", current.nitrogenDioxide),
        ]
        for (name, mass) in pollutants {
            guard let mass else { continue }
            parts.append(
                "\(name) \(number(mass.microgramsPerCubicMetre)) \(MassConcentration.symbol)")
        }
        if let uv = current.uvIndex { parts.append("UV \(uv.reported)") }
        if !current.pollen.isEmpty {
            parts.append(
                "pollen: "
                    + current.pollen.map {
                        "\($0.kind.rawValue) \(number($0.grainsPerCubicMetre)) \(PollenCount.symbol)"
                    }.joined(separator: ", "))
        }
        return "Air: " + parts.joined(separator: " · ")
    }

    /// Whole numbers from 10 on, one decimal below.
    private static func number(_ value: Double) -> String {
        if value >= 10 { return String(Int(value.rounded())) }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
