import FoundationEssentials
import KioskControl
import KioskTesting
import Testing

/// A warning service that accepts the connection and never answers: the running kiosk gives
/// up on it by its own request timeout, says it is unavailable since when, and still shows
/// what the other services say.
@Suite struct WarningsStallTests {
    @Test func aServiceThatNeverAnswersIsUnavailableAndTheOthersStillShow() async throws {
        let services = FakeWarningServices(now: Date())
        let stand = try await LoopbackHTTPServer.start { services.respond(to: $0) }
        // NWS's stand-in reads the request and says nothing for far longer than the kiosk's
        // 20-second request timeout: only that timeout can end the wait.
        let silent = try await LoopbackHTTPServer.start { services.respond(to: $0) }
        silent.setFault(.stall(seconds: 600))
        let kiosk = try await WarningsDaemonTests.kiosk(
            warnings: """
                [warnings]
                nws_url = "\(silent.baseURL)/nws"
                metalerts_url = "\(stand.baseURL)/metalerts"
                dwd_url = "\(stand.baseURL)/dwd"

                """ + WarningsVerbTests.fourCities + """

                    [[cities]]
                    name = "Boston"
                    country = "United States"
                    country_code = "US"
                    latitude = 42.35843
                    longitude = -71.05977

                    """)
        let daemon = DaemonFixture.running(kiosk)
        defer {
            Task {
                await daemon.stop()
                await silent.stop()
                await stand.stop()
            }
        }
        let status = await daemon.waitFor(
            "NWS unavailable, MET Norway's and DWD's shown", timeout: 180
        ) {
            !($0.warningsUnavailable ?? []).isEmpty
                && ($0.warnings ?? []).filter(\.official).count == 2
        }
        // Anchorage's and Boston's: NWS, asked once for Anchorage, held, timed out, and so
        // not asked for Boston in the same ask (it would have held up everything 20 s more).
        let unavailable = status?.warningsUnavailable ?? []
        #expect(unavailable.count == 2, "\(unavailable)")
        for nws in unavailable {
            #expect(nws.hasPrefix("warnings from NWS unavailable since "), "\(nws)")
            #expect(nws.contains("timed out"), "the kiosk's own timeout ended it: \(nws)")
        }
        #expect(silent.requests.map(\.path) == ["/nws/alerts/active"], "asked once, and held")
        #expect(
            (status?.warnings ?? []).filter(\.official).map { "\($0.place) \($0.source)" } == [
                "Oslo metalerts", "Berlin dwd",
            ])
        // The forecast went on meanwhile: the stalled service held up no other request.
        #expect(status?.forecast.fetchedAt != nil)
        let text = await daemon.run(["status"])
        #expect(
            text.standardOutput.contains("warnings from NWS unavailable since "),
            "status says it as text too: \(text.standardOutput)")
        // The wall says so on Anchorage's pages.
        let shown = await daemon.run(["warnings", "anchorage"])
        #expect(shown.exitCode == 1)
        #expect(
            shown.standardError.contains("warnings from NWS unavailable since"),
            "\(shown.standardError)")
    }
}
