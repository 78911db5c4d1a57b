import FoundationEssentials
import KioskCore
import KioskTesting
import OpenMeteo
import Testing

/// Open-Meteo behind the forecast-provider port: one answer for every place, its failures
/// in the port's terms, which say whether MET Norway should step in.
struct OpenMeteoForecastProviderTests {
    let now = utc("2026-04-14T10:07")

    func provider(_ answers: [ScriptedTransport.Answer]) -> (
        OpenMeteoForecastProvider, ScriptedTransport
    ) {
        let transport = ScriptedTransport(answers)
        return (OpenMeteoForecastProvider(client: OpenMeteoClient(transport: transport)), transport)
    }

    var query: ForecastQuery {
        ForecastQuery(
            places: [
                ForecastPlace(
                    coordinate: Coordinate(latitude: 52.52, longitude: 13.41), elevation: 34),
                ForecastPlace(coordinate: Coordinate(latitude: 41.89, longitude: 12.51)),
            ],
            units: ForecastUnits())
    }

    @Test func aRecordedAnswerIsAForecastPerPlaceWithoutValidators() async throws {
        let body = try fixture("forecast-multi-2loc-unixtime-openmeteo-unittest.json")
        let (provider, transport) = provider([.response(HTTPResponse(status: 200, body: body))])
        let answer = await provider.forecasts(for: query, at: now)
        #expect(answer.provider == .openMeteo)
        #expect(answer.outcomes.count == 2)
        for outcome in answer.outcomes {
            guard case .forecast(_, let validity) = outcome else {
                Issue.record("expected a forecast, got \(outcome)")
                continue
            }
            #expect(validity == ConditionalRequest())
        }
        #expect(transport.requests.count == 1)
        #expect(
            RecordedRequest(transport.requests[0]).queryValue("latitude") == "52.52,41.89")
    }

    @Test func a503FailsEveryPlaceAndCallsForTheFallback() async throws {
        let (provider, _) = provider([.response(HTTPResponse(status: 503, body: []))])
        let answer = await provider.forecasts(for: query, at: now)
        #expect(answer.outcomes.count == 2)
        let failure = try #require(answer.outcomes[0].failure)
        #expect(answer.outcomes[1].failure == failure)
        #expect(failure.kind == .serverError(status: 503))
        #expect(failure.provider == .openMeteo)
        #expect(failure.summary == "Open-Meteo overloaded (503)")
        #expect(failure.message.contains("overloaded (HTTP 503)"))
        #expect(failure.warrantsFallback)
    }

    @Test(arguments: [
        ("Daily API request limit exceeded. Please try again tomorrow.", true, "2026-04-15T00:00"),
        (
            "Hourly API request limit exceeded. Please try again in the next hour.", false,
            "2026-04-14T11:00"
        ),
        (
            "Minutely API request limit exceeded. Please try again in one minute.", false,
            "2026-04-14T10:08"
        ),
    ])
    func onlyTheDailyLimitCallsForTheFallback(reason: String, daily: Bool, reset: String)
        async throws
    {
        let body = #"{"error":true,"reason":"\#(reason)"}"#
        let (provider, _) = provider([.response(HTTPResponse(status: 429, body: Array(body.utf8)))])
        let failure = try #require(
            await provider.forecasts(for: query, at: now).outcomes[0].failure)
        #expect(failure.kind == .rateLimited(daily: daily))
        #expect(failure.warrantsFallback == daily)
        #expect(failure.notBefore == utc(reset))
    }

    @Test func noConnectionAndGarbageCallForTheFallbackAndABadRequestDoesNot() async throws {
        let url = "https://api.open-meteo.com/v1/forecast"
        let (offline, _) = provider([
            .failure(HTTPTransportError(kind: .connectionFailed, url: url, message: "No route."))
        ])
        let unreachable = try #require(
            await offline.forecasts(for: query, at: now).outcomes[0].failure)
        #expect(unreachable.kind == .unreachable(.connectionFailed))
        #expect(unreachable.summary == "offline")
        #expect(unreachable.warrantsFallback)

        let (garbage, _) = provider([
            .response(HTTPResponse(status: 200, body: Array("<html>".utf8)))
        ])
        let malformed = try #require(
            await garbage.forecasts(for: query, at: now).outcomes[0].failure)
        #expect(malformed.kind == .malformed)
        #expect(malformed.warrantsFallback)

        let rejectedBody = #"{"error":true,"reason":"Latitude must be in range of -90 to 90°."}"#
        let (rejecting, _) = provider([
            .response(HTTPResponse(status: 400, body: Array(rejectedBody.utf8)))
        ])
        let rejected = try #require(
            await rejecting.forecasts(for: query, at: now).outcomes[0].failure)
        #expect(rejected.kind == .rejected(status: 400))
        #expect(!rejected.warrantsFallback)

        let (cancelled, _) = provider([
            .failure(HTTPTransportError(kind: .cancelled, url: url, message: "Cancelled."))
        ])
        let stopped = try #require(
            await cancelled.forecasts(for: query, at: now).outcomes[0].failure)
        #expect(stopped.kind == .cancelled)
        #expect(!stopped.warrantsFallback)
    }
}
