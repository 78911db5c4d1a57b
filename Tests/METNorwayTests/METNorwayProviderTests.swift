import FoundationEssentials
import KioskCore
import KioskTesting
import METNorway
import Testing

/// The provider over a scripted transport: one request per place, in order, none before
/// `Expires`, conditional once there is a `Last-Modified`.
struct METNorwayProviderTests {
    let received = utc("2026-03-30T13:22:45")

    @Test func everyPlaceIsAskedInTurnAndAnsweredInOrder() async throws {
        let transport = ScriptedTransport([
            .response(try recordedResponse("compact-brisbane-2026-03-30")),
            .response(HTTPResponse(status: 503, body: [])),
            .failure(HTTPTransportError(kind: .timedOut, url: "x", message: "Timed out.")),
        ])
        let provider = METNorwayProvider(
            transport: transport, contact: "kiosk@example.org", product: .compact)
        let places = [
            place(-27.5, 153, offsetHours: 10), place(52.520008, 13.404954, elevation: 34.4),
            place(59.91, 10.75),
        ]
        let answer = await provider.forecasts(
            for: ForecastQuery(places: places, units: ForecastUnits()), at: received)
        #expect(answer.provider == .metNorway)
        #expect(answer.outcomes.count == 3)
        #expect(answer.outcomes[0].forecast != nil)
        #expect(answer.outcomes[1].failure?.kind == .serverError(status: 503))
        #expect(answer.outcomes[2].failure?.kind == .unreachable(.timedOut))
        let urls = transport.requests.map(\.url)
        #expect(
            urls == [
                "https://api.met.no/weatherapi/locationforecast/2.0/compact?lat=-27.5&lon=153",
                "https://api.met.no/weatherapi/locationforecast/2.0/compact?lat=52.52&lon=13.405&altitude=34",
                "https://api.met.no/weatherapi/locationforecast/2.0/compact?lat=59.91&lon=10.75",
            ])
        #expect(
            transport.requests.allSatisfy {
                $0.userAgent?.hasSuffix("; kiosk@example.org)") == true
            })
    }

    @Test func noRequestBeforeExpiresThenAConditionalOneAndA304KeepsTheForecast() async throws {
        let transport = ScriptedTransport([
            .response(try recordedResponse("compact-brisbane-2026-03-30")),
            .response(HTTPResponse(status: 304, body: [])),
        ])
        let provider = METNorwayProvider(transport: transport, contact: "kiosk@example.org")
        let units = ForecastUnits()
        let first = await provider.forecasts(
            for: ForecastQuery(places: [place(-27.5, 153)], units: units), at: received)
        guard case .forecast(_, let validity) = first.outcomes[0] else {
            Issue.record("expected a forecast, got \(first.outcomes)")
            return
        }
        // Ten minutes on, Expires (13:53:26 on MET Norway's clock) has not passed: no request.
        let early = await provider.forecasts(
            for: ForecastQuery(places: [place(-27.5, 153, validity: validity)], units: units),
            at: received.addingTimeInterval(600))
        #expect(early.outcomes == [.notModified(validity: validity)])
        #expect(transport.requests.count == 1)
        // Past it, the request carries the exact Last-Modified; the 304 keeps what is cached.
        let later = received.addingTimeInterval(31 * 60)
        let again = await provider.forecasts(
            for: ForecastQuery(places: [place(-27.5, 153, validity: validity)], units: units),
            at: later)
        #expect(transport.requests.count == 2)
        #expect(
            transport.requests[1].headers.contains(
                HTTPHeader(name: "If-Modified-Since", value: "Mon, 30 Mar 2026 13:22:44 GMT")))
        guard case .notModified(let kept) = again.outcomes[0] else {
            Issue.record("expected not modified, got \(again.outcomes)")
            return
        }
        #expect(kept.lastModified == "Mon, 30 Mar 2026 13:22:44 GMT")
    }

    @Test func aDeprecatedProductIsOneNoticeHoweverManyPlaces() async throws {
        let deprecated = try recordedResponse("compact-brisbane-2026-03-30", status: 203)
        let transport = ScriptedTransport([.response(deprecated), .response(deprecated)])
        let provider = METNorwayProvider(transport: transport, contact: "kiosk@example.org")
        let answer = await provider.forecasts(
            for: ForecastQuery(
                places: [place(-27.5, 153), place(-27.4, 153.1)], units: ForecastUnits()),
            at: received)
        #expect(answer.outcomes.allSatisfy { $0.forecast != nil })
        #expect(answer.notices.count == 1)
        #expect(answer.notices.first?.kind == .deprecated)
    }

    @Test func aCancelledTaskAsksNothing() async throws {
        let transport = ScriptedTransport([
            .response(try recordedResponse("compact-brisbane-2026-03-30"))
        ])
        let provider = METNorwayProvider(transport: transport, contact: "kiosk@example.org")
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await provider.forecasts(
                for: ForecastQuery(places: [place(-27.5, 153)], units: ForecastUnits()),
                at: received)
        }
        let answer = await task.value
        #expect(answer.outcomes.first?.failure?.kind == .cancelled)
        #expect(transport.requests.isEmpty)
    }
}
