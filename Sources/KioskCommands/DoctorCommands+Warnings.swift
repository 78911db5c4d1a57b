import KioskCore
import Warnings

/// `doctor`'s look at the warnings: the owner's contact the services ask for, and how many
/// requests a day the favourites cost each service.
extension DoctorCommands {
    static func warningsFinding(_ configuration: KioskConfiguration) -> DoctorFinding {
        let settings = configuration.warnings
        guard settings.enabled else {
            return DoctorFinding(
                .ok, "warnings",
                LocalizedMessage(
                    "Weather warnings are off ([warnings] enabled = false).", context: "doctor"))
        }
        let places = configuration.cities.map {
            WarningPlace(name: $0.name, coordinate: $0.coordinate, countryCode: $0.countryCode)
        }
        let perDay = WarningRequestPlan.requestsPerDay(
            for: places, refreshMinutes: settings.refreshMinutes)
        let uncovered = WarningRequestPlan.uncovered(places).map(\.name)
        let asksForContact = perDay[.nws] != nil || perDay[.metalerts] != nil
        // The numbers are written each language's way ("1.440"), the JSON's the English.
        func text(_ language: Language) -> String {
            let counts = [WarningSource.nws, .metalerts, .dwd].compactMap { source in
                perDay[source].map {
                    "\(source.displayName) "
                        + WeatherFormat.decimal(
                            Double($0), digits: 0, grouped: true, language: language)
                }
            }
            var text =
                counts.isEmpty
                ? language.localized(
                    "No favourite lies where NWS, MET Norway or the DWD warn", context: "doctor")
                : language.localized(
                    "Warnings every {minutes} min cost at most {counts} requests a day",
                    context: "doctor",
                    [
                        "minutes": String(settings.refreshMinutes),
                        "counts": counts.joined(separator: ", "),
                    ])
            if !uncovered.isEmpty {
                text +=
                    "; "
                    + language.localized(
                        "no official service covers {places}", context: "doctor",
                        ["places": uncovered.joined(separator: ", ")])
            }
            return Sentence.ended(text)
        }
        guard configuration.contact?.isEmpty == false else {
            return DoctorFinding(.warning, "warnings") { language in
                (asksForContact
                    ? language.localized(
                        "No contact is set: NWS and MET Norway refuse requests without one, and a favourite needs them; add contact = \"you@example.org\" at the top of the config.",
                        context: "doctor")
                    : language.localized(
                        "No contact is set: NWS and MET Norway refuse requests without one; add contact = \"you@example.org\" at the top of the config.",
                        context: "doctor")) + " " + text(language)
            }
        }
        return DoctorFinding(.ok, "warnings", text: text)
    }
}
