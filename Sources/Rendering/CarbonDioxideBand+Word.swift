import KioskCore

extension CarbonDioxideBand {
    /// The band in one short word for the small displays: "good", "ventilate", "poor"
    /// ("gut", "lüften", "schlecht").
    func word(in language: Language) -> String {
        switch self {
        case .good: language.localized("good", context: "CO2")
        case .ventilate: language.localized("ventilate", context: "CO2")
        // TRANSLATORS: CO2 above 2000 ppm on the small displays, one short word.
        case .poor: language.localized("poor", context: "CO2")
        }
    }
}
