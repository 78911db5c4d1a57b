import FoundationEssentials
import KioskTesting
import Testing

/// `warnings` on the built binary with no kiosk running: it asks the services itself, here
/// loopback stand-ins in each service's answer shape, and names a failing one.
@Suite struct WarningsVerbTests {
    /// Anchorage (NWS), Oslo (MetAlerts), Berlin (DWD) and Rome (no service), as `city add`
    /// writes them.
    static let fourCities = """
        [[cities]]
        name = "Anchorage"
        country = "United States"
        country_code = "US"
        latitude = 61.21806
        longitude = -149.90028

        [[cities]]
        name = "Oslo"
        country = "Norway"
        country_code = "NO"
        latitude = 59.91273
        longitude = 10.74609

        [[cities]]
        name = "Berlin"
        country = "Germany"
        country_code = "DE"
        latitude = 52.52437
        longitude = 13.41053

        [[cities]]
        name = "Rome"
        country = "Italy"
        country_code = "IT"
        latitude = 41.89193
        longitude = 12.51133

        """

    private struct Warning: Decodable {
        var place: String
        var source: String
        var official: Bool
        var event: String
        var severity: String
        var headline: String
        var onset: String
        var expires: String?
    }

    private func start(_ services: FakeWarningServices, contact: Bool = true) async throws
        -> (KioskFixture, LoopbackHTTPServer)
    {
        let stand = try await LoopbackHTTPServer.start { services.respond(to: $0) }
        let kiosk = try await KioskFixture.start(extra: "")
        // A socket of its own: no other kiosk on this machine answers for this one.
        kiosk.writeConfig(
            baseURL: kiosk.server.baseURL,
            extra: FakeWarningServices.configTable(baseURL: stand.baseURL)
                + "[control]\nsocket = \"\(kiosk.directory.file("control.sock"))\"\n\n"
                + Self.fourCities)
        if contact {
            // The top-level key goes before any table.
            let text = try String(contentsOfFile: kiosk.configPath, encoding: .utf8)
            kiosk.directory.write("config.toml", "contact = \"kiosk@example.org\"\n" + text)
        }
        return (kiosk, stand)
    }

    @Test func eachPlaceGetsItsServicesWarningsAtTheRightLevel() async throws {
        let (kiosk, stand) = try await start(FakeWarningServices(now: Date()))
        defer {
            Task {
                await stand.stop()
                await kiosk.stop()
            }
        }
        let result = await kiosk.run(["warnings", "--json"])
        #expect(result.exitCode == 0, "\(result.standardError)")
        let warnings = try JSONDecoder().decode(
            [Warning].self, from: Data(result.standardOutput.utf8))
        #expect(
            warnings.map { "\($0.place) \($0.source) \($0.severity) \($0.event)" } == [
                "Anchorage nws severe Winter Storm Warning", "Oslo metalerts severe wind",
                "Berlin dwd minor frost",
            ])
        #expect(warnings.allSatisfy { $0.official })
        #expect(!warnings.contains(where: { $0.event == "Wind Advisory" }), "it ended an hour ago")
        #expect(!warnings.contains(where: { $0.place == "Rome" }))

        // One request per service: NWS and Bright Sky per point, MetAlerts once nationally;
        // none for Rome. NWS and MET Norway were sent the contact.
        let requests = stand.requests
        #expect(
            requests.map(\.path).sorted() == [
                "/dwd/alerts", "/metalerts/current.json", "/nws/alerts/active",
            ])
        for request in requests where request.path != "/dwd/alerts" {
            #expect(
                request.header("User-Agent")?.hasSuffix("; kiosk@example.org)") == true,
                "\(request.header("User-Agent") ?? "no User-Agent")")
        }
        #expect(
            requests.first { $0.path == "/nws/alerts/active" }?.queryValue("point")
                == "61.2181,-149.9003")

        let text = await kiosk.run(["warnings", "rome"])
        #expect(text.exitCode == 0, "\(text.standardError)")
        #expect(text.standardOutput == "Rome: no official warning service covers it\n")
    }

    @Test func aFailingServiceIsNamedNotReadAsNoWarnings() async throws {
        var services = FakeWarningServices(now: Date())
        services.metAlerts = .malformed
        services.brightSky = .status(500)
        let (kiosk, stand) = try await start(services, contact: false)
        defer {
            Task {
                await stand.stop()
                await kiosk.stop()
            }
        }
        let result = await kiosk.run(["warnings"])
        #expect(result.exitCode == 1)
        let errors = result.standardError
        #expect(errors.contains("warnings from NWS unavailable since"), "\(errors)")
        #expect(errors.contains("warnings from MET Norway unavailable since"), "\(errors)")
        #expect(errors.contains("warnings from DWD unavailable since"), "\(errors)")
        #expect(errors.contains("contact"), "the 403 says what to set: \(errors)")
        #expect(!result.standardOutput.contains("Berlin: no warnings"), "\(result.standardOutput)")
    }
}
