import KioskCore
import Testing

@testable import KioskCommands

/// `doctor`'s warnings line: the contact NWS and MET Norway ask for, and the requests a day.
@Suite struct DoctorWarningsTests {
    static let tenPlaces: [City] = [
        ("Anchorage", "US", 61.218, -149.900), ("Boston", "US", 42.358, -71.060),
        ("Oslo", "NO", 59.913, 10.746), ("Bergen", "NO", 60.392, 5.324),
        ("Tromsø", "NO", 69.649, 18.955), ("Berlin", "DE", 52.524, 13.411),
        ("Munich", "DE", 48.137, 11.575), ("Rome", "IT", 41.892, 12.511),
        ("Paris", "FR", 48.853, 2.349), ("Tokyo", "JP", 35.690, 139.692),
    ].map { name, code, latitude, longitude in
        City(
            name: name, coordinate: Coordinate(latitude: latitude, longitude: longitude),
            countryCode: code)
    }

    @Test func tenPlacesCostWhatTheDocsSay() {
        var configuration = KioskConfiguration()
        configuration.contact = "you@example.org"
        configuration.cities = Self.tenPlaces
        let finding = DoctorCommands.warningsFinding(configuration)
        #expect(finding.level == .ok)
        // Per point for NWS and the DWD, once for all of Norway; every 5 minutes.
        #expect(
            finding.message
                == "Warnings every 5 min cost at most NWS 576, MET Norway 288, DWD 576 requests a day; no official service covers Rome, Paris, Tokyo."
        )
    }

    @Test func aMissingContactIsAWarning() {
        var configuration = KioskConfiguration()
        configuration.cities = Array(Self.tenPlaces.prefix(1))
        let finding = DoctorCommands.warningsFinding(configuration)
        #expect(finding.level == .warning)
        #expect(
            finding.message.hasPrefix(
                "No contact is set: NWS and MET Norway refuse requests without one, and a favourite needs them; add contact = \"you@example.org\""
            ))
        configuration.warnings.enabled = false
        #expect(DoctorCommands.warningsFinding(configuration).level == .ok)
    }
}
