import FoundationEssentials
import KioskCore
import KioskTesting
import Testing
import Warnings

/// The client over a scripted transport: outcomes, conditional state, the board.
struct ClientTests {
    let now = instant("2025-11-25T22:30:00+00:00")
    let endpoints = WarningEndpoints(
        nwsURL: "http://127.0.0.1:9/nws", metAlertsURL: "http://127.0.0.1:9/met",
        dwdURL: "http://127.0.0.1:9/dwd")

    func client(_ transport: ScriptedTransport) -> WarningsClient {
        WarningsClient(transport: transport, endpoints: endpoints, contact: "owner@example.org")
    }

    @Test func anNWSAnswerGivesThePlacesWarningsAndItsFreshness() async throws {
        let transport = ScriptedTransport([
            answer(
                try fixture("nws-zone-flood-watch-update.json"),
                headers: [
                    ("Date", "Tue, 25 Nov 2025 22:30:00 GMT"),
                    ("Expires", "Tue, 25 Nov 2025 22:31:00 GMT"),
                ])
        ])
        let planned = WarningRequestPlan.requests(for: [anchorage])[0]
        let fetch = await client(transport).fetch(planned, at: now)
        guard case .warnings(let byPlace) = fetch.outcome else {
            Issue.record("expected warnings, got \(fetch.outcome)")
            return
        }
        #expect(byPlace["Anchorage"]?.map(\.event) == ["Flood Watch"])
        #expect(byPlace["Anchorage"]?.first?.place == "Anchorage")
        #expect(fetch.conditional.freshUntil == now + 60)
        #expect(!fetch.deprecated)
        let sent = try #require(transport.requests.first)
        #expect(sent.url == "http://127.0.0.1:9/nws/alerts/active?point=61.2181,-149.9003")
        #expect(sent.userAgent?.hasSuffix("; owner@example.org)") == true)
    }

    @Test func theNationalMetAlertsAnswerServesEveryNorwegianPlace() async throws {
        let transport = ScriptedTransport([
            answer(
                try fixture("metalerts-national-marine-gales.json"), status: 203,
                headers: [("Last-Modified", "Sat, 07 Mar 2026 05:17:01 GMT")])
        ])
        let planned = try #require(WarningRequestPlan.requests(for: [oslo, tromso]).first)
        #expect(planned.places.map(\.name) == ["Oslo", "Tromsø"])
        let fetch = await client(transport).fetch(planned, at: now)
        #expect(fetch.outcome == .warnings(["Oslo": [], "Tromsø": []]))
        #expect(fetch.deprecated)
        #expect(fetch.conditional.lastModified == "Sat, 07 Mar 2026 05:17:01 GMT")
        #expect(transport.requests.count == 1)
        #expect(transport.requests[0].url == "http://127.0.0.1:9/met/current.json?lang=en")
    }

    @Test func notModifiedKeepsTheBoardsWarnings() async throws {
        let planned = WarningRequestPlan.requests(for: [berlin])[0]
        let transport = ScriptedTransport([
            answer(
                try fixture("brightsky-berlin-mitte-frost.json"), headers: [("ETag", "\"one\"")]),
            answer([], status: 304),
        ])
        var board = WarningBoard()
        let first = await client(transport).fetch(planned, at: now)
        first.apply(to: &board, for: planned, at: now)
        let second = await client(transport).fetch(
            planned, conditional: first.conditional, at: now + 300)
        #expect(second.outcome == .notModified)
        #expect(second.conditional.entityTag == "\"one\"")
        second.apply(to: &board, for: planned, at: now + 300)
        #expect(
            transport.requests[1].headers.contains(
                HTTPHeader(name: "If-None-Match", value: "\"one\"")))
        let frostTime = instant("2026-03-07T03:00:00+00:00")
        #expect(board.warnings(for: "Berlin", at: frostTime).map(\.event) == ["frost"])
        #expect(board.lastSuccess(of: WarningFeed(source: .dwd, place: "Berlin")) == now + 300)
    }

    @Test func a403NamesTheURLAndTheContactKey() async throws {
        let transport = ScriptedTransport([
            answer(try fixture("nws-403-access-denied.html"), status: 403)
        ])
        let planned = WarningRequestPlan.requests(for: [anchorage])[0]
        let fetch = await client(transport).fetch(planned, at: now)
        guard case .failed(let error) = fetch.outcome else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.kind == .forbidden)
        #expect(
            error.message
                == "NWS at http://127.0.0.1:9/nws/alerts/active refused the request (HTTP 403), as it"
                + " does when the User-Agent does not name the kiosk's owner: set contact ="
                + " \"you@example.org\" at the top of the config.")
        var board = WarningBoard()
        fetch.apply(to: &board, for: planned, at: now)
        #expect(board.failures(for: "Anchorage").first?.message == error.message)
    }

    @Test(arguments: [
        (500, "NWS at http://127.0.0.1:9/nws/alerts/active failed with HTTP 500."),
        (
            404,
            "NWS at http://127.0.0.1:9/nws/alerts/active answered HTTP 404 (Not Found), which it"
                + " does not send for this request; check nws_url in the [warnings] table of the config."
        ),
    ])
    func otherStatusesAreFailures(status: Int, message: String) async {
        let body =
            #"{"title": "Not Found", "status": 404, "type": "https://api.weather.gov/problems/NotFound"}"#
        let transport = ScriptedTransport([answer(Array(body.utf8), status: status)])
        let fetch = await client(transport).fetch(
            WarningRequestPlan.requests(for: [anchorage])[0], at: now)
        guard case .failed(let error) = fetch.outcome else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.message == message)
    }

    @Test func rateLimitedWaitsAsLongAsTheServiceSays() async {
        let transport = ScriptedTransport([
            answer([], status: 429, headers: [("Retry-After", "30")])
        ])
        let fetch = await client(transport).fetch(
            WarningRequestPlan.requests(for: [oslo])[0], at: now)
        #expect(fetch.conditional.freshUntil == now + 30)
        guard case .failed(let error) = fetch.outcome else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.kind == .rateLimited(retryAfter: 30))
        #expect(error.message.contains("waits for 30 s"))
    }

    @Test func brightSkyOutsideGermanyIsNotCovered() async {
        let body = #"{"detail": "Requested position is not covered by the DWD"}"#
        let transport = ScriptedTransport([answer(Array(body.utf8), status: 404)])
        let fetch = await client(transport).fetch(
            WarningRequestPlan.requests(for: [berlin])[0], at: now)
        guard case .failed(let error) = fetch.outcome else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.kind == .notCovered(detail: "Requested position is not covered by the DWD"))
        #expect(error.message.contains("(Requested position is not covered by the DWD)"))
    }

    @Test func aCutOffBodyAndATransportFailure() async {
        let transport = ScriptedTransport([
            answer(Array(#"{"alerts": [{"alert_id": "x", "sev"#.utf8)),
            .failure(
                HTTPTransportError(
                    kind: .timedOut, url: "http://127.0.0.1:9/dwd/alerts",
                    message: "Timed out reaching 127.0.0.1:9.")),
        ])
        let planned = WarningRequestPlan.requests(for: [berlin])[0]
        let cut = await client(transport).fetch(planned, at: now)
        guard case .failed(let malformed) = cut.outcome else {
            Issue.record("expected a failure")
            return
        }
        #expect(malformed.kind == .malformedResponse(detail: "invalid or incomplete JSON"))
        #expect(
            malformed.message.hasPrefix(
                "The answer from DWD at http://127.0.0.1:9/dwd/alerts is not"))
        let down = await client(transport).fetch(planned, at: now)
        guard case .failed(let transportError) = down.outcome else {
            Issue.record("expected a failure")
            return
        }
        #expect(transportError.message == "Timed out reaching 127.0.0.1:9.")
    }
}
