import FoundationEssentials
import KioskControl
import KioskTesting
import Testing

/// CITY arguments and places with one name, on the built binary: a unique start of a name
/// (accents ignored) is enough, an ambiguous one lists what it could mean, and two Romes are
/// told apart wherever the running kiosk names them.
@Suite struct CityArgumentVerbTests {
    @Test func aUniquePrefixIsEnoughAndAnAmbiguousOneListsTheCandidates() async throws {
        let kiosk = try await KioskFixture.start()
        defer { Task { await kiosk.stop() } }
        for (name, country) in [("Rome", "IT"), ("Rome", "US"), ("São Paulo", "BR")] {
            let added = await kiosk.run(["city", "add", name, "--country", country])
            #expect(added.exitCode == 0, "\(added.standardError)")
        }
        let moved = await kiosk.run(["city", "move", "sao", "2"])
        #expect(moved.exitCode == 0, "\(moved.standardError)")
        #expect(moved.standardOutput == "Moved São Paulo, Brazil from 3 to 2.\n")

        let ambiguous = await kiosk.run(["city", "remove", "ro"])
        #expect(ambiguous.exitCode == 2)
        #expect(
            ambiguous.standardError
                == "\"ro\" could be Rome, Lazio (1) or Rome, Georgia (3); give more of the name,"
                + " or the number.\n")
        let removed = await kiosk.run(["city", "remove", "rome, g"])
        #expect(removed.exitCode == 0, "\(removed.standardError)")
        #expect(removed.standardOutput == "Removed Rome, Georgia, United States.\n")
        let list = await kiosk.run(["city", "list", "--json"])
        #expect(list.standardOutput.contains("Lazio") && !list.standardOutput.contains("Georgia"))

        let nowhere = await kiosk.run(["city", "add", "Xyzzyplugh"])
        #expect(nowhere.exitCode == 1, "no match is exit 1, as `city search`")
        #expect(nowhere.standardError.contains("No place named \"Xyzzyplugh\" was found"))
    }

    @Test func theRunningKioskNamesTwoRomesApart() async throws {
        let daemon = try await DaemonFixture.start(extra: "")
        defer { Task { await daemon.stop() } }
        for country in ["IT", "US"] {
            let added = await daemon.kiosk.run(["city", "add", "Rome", "--country", country])
            #expect(added.exitCode == 0, "\(added.standardError)")
        }
        _ = await daemon.waitFor("two favourites") { $0.cities.count == 2 }
        // Showing what is on screen already changes no slide and notes nothing as viewed:
        // the other Rome first, then this one.
        _ = await daemon.kiosk.run(["show", "Rome, Lazio"])
        let shown = await daemon.kiosk.run(["show", "Rome, Georgia"])
        #expect(shown.exitCode == 0, "\(shown.standardError)")
        // The city or the hourly page, whichever the kiosk was cycling through.
        #expect(shown.standardOutput.hasPrefix("Showing the "))
        #expect(shown.standardOutput.hasSuffix(" page of Rome, Georgia (2 of 2).\n"))
        let status = await daemon.kiosk.run(["status"])
        #expect(status.standardOutput.contains(" page of Rome, Georgia (2 of 2)"))
        #expect(status.standardOutput.contains("Recent    Rome, Georgia"))
        let bare = await daemon.kiosk.run(["show", "rome"])
        #expect(bare.exitCode == 2)
        #expect(bare.standardError.contains("could be Rome, Lazio (1) or Rome, Georgia (2)"))
    }
}
