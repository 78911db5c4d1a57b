public import Localization

extension WeatherWarning {
    /// What the warning is about as a person reads it in `language`: the service's own
    /// words for an official warning ("Winter Storm Warning", "Sturmböen"), the hazard's
    /// name in `language` for the kiosk's own reading ("frost": "gelo", "Frost", "helada").
    /// `event` itself stays the hazard's English key, for `--json` and Home Assistant.
    public func eventName(in language: Language) -> String {
        official ? event : DerivedWarnings.hazardName(event, in: language)
    }
}

extension DerivedWarnings {
    /// The name of the hazard the kiosk's own warning `hazard` (its `event`: "frost",
    /// "gusts") is about, in `language`; `hazard` itself for one it does not give.
    public static func hazardName(_ hazard: String, in language: Language) -> String {
        switch hazard {
        // TRANSLATORS: the hazards of the warnings the kiosk reads from the forecast or
        // its own barometer (not a weather service's), lower case as in a sentence: the
        // warning band starts them with a capital ("Frost until Tue 00:00").
        case "gusts": language.localized("gusts", context: "kiosk's own warning")
        case "heavy rain": language.localized("heavy rain", context: "kiosk's own warning")
        case "heat": language.localized("heat", context: "kiosk's own warning")
        case "frost": language.localized("frost", context: "kiosk's own warning")
        case "thunderstorm": language.localized("thunderstorm", context: "kiosk's own warning")
        case "snowfall": language.localized("snowfall", context: "kiosk's own warning")
        case "pressure fall": language.localized("pressure fall", context: "kiosk's own warning")
        default: hazard
        }
    }
}
