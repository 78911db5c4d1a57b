import KioskConfig
import KioskCore

extension DoctorCommands {
    /// Which language the text of the pages and verbs speaks, and why: the config's
    /// `language`, the system's locale, or neither (English).
    static func languageFinding(_ choice: LanguageChoice) -> DoctorFinding {
        let values: KeyValuePairs<String, String> = [
            "language": choice.language.nativeName, "code": choice.language.rawValue,
        ]
        switch choice.source {
        case .configured:
            return DoctorFinding(
                .ok, "language",
                LocalizedMessage(
                    "{language} ({code}), from the config's language.", context: "doctor",
                    values))
        case .environment(let variable, let value):
            return DoctorFinding(
                .ok, "language",
                LocalizedMessage(
                    "{language} ({code}), from {variable}={value}; `weather-kiosk config set language CODE` chooses another (en, de, fr, it, es).",
                    context: "doctor",
                    [
                        "language": choice.language.nativeName, "code": choice.language.rawValue,
                        "variable": variable, "value": value,
                    ]))
        case .fallback:
            return DoctorFinding(
                .ok, "language",
                LocalizedMessage(
                    "{language} ({code}): neither the config's language nor the system's locale names another; `weather-kiosk config set language CODE` chooses one (en, de, fr, it, es).",
                    context: "doctor", values))
        }
    }

    /// Whether the kiosk knows where it hangs: without `station.latitude` and
    /// `station.longitude` nothing is fetched for it, and without an elevation the indoor
    /// pressure is shown at station level, not reduced to sea level.
    static func stationFinding(_ configuration: KioskConfiguration) -> DoctorFinding {
        let station = configuration.station
        if let coordinate = station.coordinate {
            return DoctorFinding(.ok, "station") { language in
                let place: KeyValuePairs<String, String> = [
                    "name": station.name, "latitude": "\(coordinate.latitude)",
                    "longitude": "\(coordinate.longitude)",
                    "elevation": station.elevation.map {
                        WeatherFormat.decimal($0, digits: 0, language: language)
                    } ?? "",
                ]
                return station.elevation == nil
                    ? language.localized(
                        "{name} at {latitude}, {longitude}; sea-level pressure from Open-Meteo's elevation for it.",
                        context: "doctor", place)
                    : language.localized(
                        "{name} at {latitude}, {longitude}; sea-level pressure from elevation {elevation} m.",
                        context: "doctor", place)
            }
        }
        let opening =
            station.elevation == nil
            ? LocalizedMessage(
                "No station set: nothing is fetched for the kiosk's own place and the indoor pressure is shown at station level, not at sea level;",
                context: "doctor")
            : LocalizedMessage(
                "No station set: nothing is fetched for the kiosk's own place and the sea-level pressure uses station.elevation;",
                context: "doctor")
        // With a favourite, its place is the example of the lines to run (the kiosk often
        // hangs in its first favourite); without one there is no place to suggest.
        guard let example = configuration.cities.first else {
            let keys = [
                station.latitude == nil ? "station.latitude" : nil,
                station.longitude == nil ? "station.longitude" : nil,
            ].compactMap { $0 }
            return DoctorFinding(.warning, "station") { language in
                opening.text(in: language) + " "
                    + language.localized(
                        "set {keys} to where the kiosk hangs, in decimal degrees (`weather-kiosk city search YOUR-TOWN` prints them), with `weather-kiosk config set`.",
                        context: "doctor", ["keys": both(keys, language)])
            }
        }
        let latitude = station.latitude ?? example.coordinate.latitude
        let longitude = station.longitude ?? example.coordinate.longitude
        var missing: [String] = []
        if station.latitude == nil {
            missing.append("`weather-kiosk config set station.latitude \(latitude)`")
        }
        if station.longitude == nil {
            missing.append("`weather-kiosk config set station.longitude \(longitude)`")
        }
        return DoctorFinding(.warning, "station") { language in
            opening.text(in: language) + " "
                + language.localized(
                    "run {commands} with the kiosk's own place (shown: {name}'s, the first favourite).",
                    context: "doctor", ["commands": both(missing, language), "name": example.name])
        }
    }

    /// One or two things: "a", "a and b".
    private static func both(_ items: [String], _ language: Language) -> String {
        guard items.count == 2 else { return items.joined(separator: ", ") }
        return language.localized(
            "{first} and {second}", context: "doctor, two things",
            ["first": items[0], "second": items[1]])
    }
}
