import FoundationEssentials
import KioskControl
import KioskTesting
import Testing

/// The running kiosk against the warning services' stand-ins: `status --json` lists what it
/// shows, and `warnings` answers from it without asking the services again.
@Suite struct WarningsDaemonTests {
    @Test func theKioskShowsEachServicesWarningsAndTheVerbAsksIt() async throws {
        let services = FakeWarningServices(now: Date())
        let stand = try await LoopbackHTTPServer.start { services.respond(to: $0) }
        let kiosk = try await Self.kiosk(
            warnings: FakeWarningServices.configTable(baseURL: stand.baseURL)
                + WarningsVerbTests.fourCities)
        let daemon = DaemonFixture.running(kiosk)
        defer {
            Task {
                await daemon.stop()
                await stand.stop()
            }
        }
        let status = await daemon.waitFor("three places' official warnings") {
            ($0.warnings ?? []).filter(\.official).count == 3
        }
        // Beside them may stand the kiosk's own readings of the fake forecast, never official.
        let shown = (status?.warnings ?? []).filter(\.official)
        for own in (status?.warnings ?? []) where !own.official {
            #expect(own.source == "derived" && own.headline.contains("the kiosk's reading"))
        }
        #expect(
            shown.map { "\($0.place) \($0.source) \($0.severity)" } == [
                "Anchorage nws severe", "Oslo metalerts severe", "Berlin dwd minor",
            ])
        #expect(status?.warningsUnavailable == [])
        // `status` as text names them too, a line each, worst first.
        let text = await daemon.run(["status"])
        #expect(
            text.standardOutput.contains("\nWarnings  Anchorage: severe "), "\(text.standardOutput)"
        )
        #expect(text.standardOutput.contains("\n          Berlin: minor frost until "))
        #expect(text.standardOutput.contains(" (DWD)"))

        let verb = await daemon.run(["warnings", "berlin"])
        #expect(verb.exitCode == 0, "\(verb.standardError)")
        #expect(
            verb.standardOutput.contains("\n  minor frost until "), "\(verb.standardOutput)"
        )
        #expect(verb.standardOutput.contains("(DWD): Official WARNING of FROST"))
        let oslo = await daemon.run(["warnings", "oslo"])
        #expect(
            oslo.standardOutput.contains("(MET Norway): Strong wind"),
            "the service as the wall names it: \(oslo.standardOutput)")
        // One ask of each service: the verbs asked the kiosk, not the services.
        #expect(stand.requests.count == 3, "\(stand.requests.map(\.path))")
    }

    /// A kiosk whose config has the contact, the daemon's settings and `warnings` (the
    /// `[warnings]` table and the favourites).
    static func kiosk(warnings: String) async throws -> KioskFixture {
        let kiosk = try await KioskFixture.start(extra: "")
        let text = try String(contentsOfFile: kiosk.configPath, encoding: .utf8)
        kiosk.directory.write(
            "config.toml",
            "contact = \"kiosk@example.org\"\n" + text + DaemonFixture.daemonSettings(kiosk)
                + warnings)
        return kiosk
    }
}
