import KioskCore
import Warnings

/// `doctor`'s look at the warnings: the owner's contact the services ask for, and how many
/// requests a day the favourites cost each service.
extension DoctorCommands {
    static func warningsFinding(_ configuration: KioskConfiguration) -> DoctorFinding {
        let settings = configuration.warnings
        guard settings.enabled else {
            return DoctorFinding(
                .ok, "warnings", "Weather warnings are off ([warnings] enabled = false).")
        }
        let places = configuration.cities.map {
            WarningPlace(name: $0.name, coordinate: $0.coordinate, countryCode: $0.countryCode)
        }
        let perDay = WarningRequestPlan.requestsPerDay(
            for: places, refreshMinutes: settings.refreshMinutes)
        let counts = [WarningSource.nws, .metalerts, .dwd].compactMap { source in
            perDay[source].map { "\(source.displayName) \(CityCommands.thousands($0))" }
        }
        let uncovered = WarningRequestPlan.uncovered(places).map(\.name)
        var text =
            counts.isEmpty
            ? "No favourite lies where NWS, MET Norway or the DWD warn"
            : "Warnings every \(settings.refreshMinutes) min cost at most "
                + counts.joined(separator: ", ") + " requests a day"
        if !uncovered.isEmpty {
            text += "; no official service covers " + uncovered.joined(separator: ", ")
        }
        let asksForContact = perDay[.nws] != nil || perDay[.metalerts] != nil
        guard configuration.contact?.isEmpty == false else {
            return DoctorFinding(
                .warning, "warnings",
                "No contact is set: NWS and MET Norway refuse requests without one"
                    + (asksForContact ? ", and a favourite needs them" : "")
                    + "; add contact = \"you@example.org\" at the top of the config. "
                    + Sentence.ended(text))
        }
        return DoctorFinding(.ok, "warnings", Sentence.ended(text))
    }
}
