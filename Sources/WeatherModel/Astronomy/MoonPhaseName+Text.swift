public import Localization

/// The Moon's phase in words of each language.
extension MoonPhaseName {
    /// The phase's name in the middle of a sentence: "waxing gibbous", "gibbosa crescente".
    public func name(in language: Language) -> String {
        // TRANSLATORS: the Moon's phase in the middle of forecast's Moon line ("Moon:
        // waxing gibbous, 78 % lit"): lower case where your language writes it so. The
        // pages show it with its first letter capitalised ("Gibbosa crescente").
        switch self {
        case .newMoon: language.localized("new moon", context: "moon phase, in a sentence")
        case .waxingCrescent:
            language.localized("waxing crescent", context: "moon phase, in a sentence")
        case .firstQuarter:
            language.localized("first quarter", context: "moon phase, in a sentence")
        case .waxingGibbous:
            language.localized("waxing gibbous", context: "moon phase, in a sentence")
        case .fullMoon: language.localized("full moon", context: "moon phase, in a sentence")
        case .waningGibbous:
            language.localized("waning gibbous", context: "moon phase, in a sentence")
        case .lastQuarter:
            language.localized("last quarter", context: "moon phase, in a sentence")
        case .waningCrescent:
            language.localized("waning crescent", context: "moon phase, in a sentence")
        }
    }

    /// The phase's name as a label, its first letter capitalised: "Waxing gibbous",
    /// "Gibbosa crescente", "Zunehmender Mond".
    public func title(in language: Language) -> String {
        let name = name(in: language)
        guard let first = name.first else { return name }
        return first.uppercased() + name.dropFirst()
    }
}
