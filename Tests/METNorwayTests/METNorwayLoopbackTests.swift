import CurlHTTP
import FoundationEssentials
import KioskCore
import KioskTesting
import METNorway
import Testing

/// The provider over real libcurl against a loopback stand-in of api.met.no serving a
/// recorded answer with its recorded headers.
@Suite(.timeLimit(.minutes(1)))
struct METNorwayLoopbackTests {
    let received = utc("2026-03-30T13:22:45")

    func withFake(
        contact: String = "kiosk@example.org",
        _ body: (FakeMETNorway, LoopbackHTTPServer, METNorwayProvider) async throws -> Void
    ) async throws {
        let headers = try recordedHeaders("compact-brisbane-2026-03-30").map {
            HeaderField(name: $0.name, value: $0.value)
        }
        let fake = FakeMETNorway(
            body: try fixture("compact-brisbane-2026-03-30.json"), headers: headers)
        let server = try await LoopbackHTTPServer.start { fake.respond(to: $0) }
        let transport = CurlTransport()
        let provider = METNorwayProvider(
            transport: transport, baseURL: server.baseURL + "/weatherapi/locationforecast/2.0/",
            contact: contact)
        do {
            try await body(fake, server, provider)
        } catch {
            await transport.shutdown()
            await server.stop()
            throw error
        }
        await transport.shutdown()
        await server.stop()
    }

    @Test func theTermsHoldOnTheWireAndA304KeepsTheForecast() async throws {
        try await withFake { fake, server, provider in
            let units = ForecastUnits()
            let brisbane = place(-27.469771, 153.025124, offsetHours: 10, elevation: 27.4)
            let first = await provider.forecasts(
                for: ForecastQuery(places: [brisbane], units: units), at: received)
            guard case .forecast(let forecast, let validity) = first.outcomes[0] else {
                Issue.record("expected a forecast, got \(first.outcomes)")
                return
            }
            #expect(forecast.current?.temperature == Temperature(celsius: 19))
            let sent = try #require(server.requests.first)
            #expect(sent.path == "/weatherapi/locationforecast/2.0/complete")
            #expect(sent.rawQuery == "lat=-27.4698&lon=153.0251&altitude=27")
            #expect(
                sent.header("User-Agent") == KioskVersion.userAgent(contact: "kiosk@example.org"))
            #expect(sent.header("Accept-Encoding") == "gzip")
            #expect(sent.header("If-Modified-Since") == nil)

            var again = brisbane
            again.validity = validity
            let later = received.addingTimeInterval(31 * 60)
            let second = await provider.forecasts(
                for: ForecastQuery(places: [again], units: units), at: later)
            #expect(server.requests.count == 2)
            #expect(
                server.requests[1].header("If-Modified-Since") == "Mon, 30 Mar 2026 13:22:44 GMT")
            #expect(
                second.outcomes.first.map { if case .notModified = $0 { true } else { false } }
                    == true)

            fake.setStatus(503)
            var third = again
            if case .notModified(let kept) = second.outcomes[0] { third.validity = kept }
            let failing = await provider.forecasts(
                for: ForecastQuery(places: [third], units: units),
                at: later.addingTimeInterval(31 * 60))
            #expect(failing.outcomes.first?.failure?.kind == .serverError(status: 503))
        }
    }

    @Test func withoutAContactTheStandInRefusesAsMETNorwayDoes() async throws {
        try await withFake(contact: "") { _, _, provider in
            let answer = await provider.forecasts(
                for: ForecastQuery(places: [place(-27.5, 153)], units: ForecastUnits()),
                at: received)
            let failure = try #require(answer.outcomes.first?.failure)
            #expect(failure.kind == .refused(status: 403))
            #expect(failure.message.contains("set the top-level contact key"))
        }
    }
}
