import FoundationEssentials
import KioskCore
import METNorway
import Testing

/// What each status MET Norway documents means for the place, and the sentence it gives.
struct LocationforecastReplyTests {
    let received = utc("2026-03-30T13:22:45")

    func reply(
        contact: String = "kiosk@example.org", validity: ConditionalRequest = ConditionalRequest()
    )
        -> LocationforecastReply
    {
        let request = LocationforecastRequest(
            coordinate: Coordinate(latitude: -27.5, longitude: 153))
        return LocationforecastReply(
            request: request, url: request.url(baseURL: LocationforecastRequest.defaultBaseURL),
            place: place(-27.5, 153, offsetHours: 10, validity: validity), units: ForecastUnits(),
            contact: contact)
    }

    @Test func a200IsAForecastWithTheValidatorsToSendBack() throws {
        let (outcome, notice) = reply().outcome(
            of: try recordedResponse("compact-brisbane-2026-03-30"), at: received)
        guard case .forecast(let forecast, let validity) = outcome else {
            Issue.record("expected a forecast, got \(outcome)")
            return
        }
        #expect(forecast.current?.temperature == Temperature(celsius: 19))
        #expect(validity.lastModified == "Mon, 30 Mar 2026 13:22:44 GMT")
        // Expires 13:53:26 less Date 13:22:45, on the server's clock: 30 min 41 s.
        #expect(validity.freshUntil == received.addingTimeInterval(30 * 60 + 41))
        #expect(notice == nil)
    }

    @Test func a203IsStillAForecastAndSaysDeprecatedOnce() throws {
        // No recorded 203 exists: the real 200 answer with MET Norway's deprecation status.
        let (outcome, notice) = reply().outcome(
            of: try recordedResponse("compact-brisbane-2026-03-30", status: 203), at: received)
        #expect(outcome.forecast != nil)
        let deprecated = try #require(notice)
        #expect(deprecated.kind == .deprecated)
        #expect(deprecated.message.contains("deprecated (HTTP 203)"))
        #expect(
            deprecated.message.contains(
                "https://api.met.no/weatherapi/locationforecast/2.0/complete"))
        var log = ForecastProviderNotice.Log()
        let first = log.isFirst(deprecated)
        let second = log.isFirst(deprecated)
        #expect(first && !second)
    }

    @Test func a304KeepsTheCachedForecastAndItsLastModified() throws {
        var cached = ConditionalRequest()
        cached.record(try recordedResponse("compact-brisbane-2026-03-30"), at: received)
        let later = received.addingTimeInterval(31 * 60)
        // A 304 has no body; MET Norway repeats Date and Expires (here the recorded ones,
        // an hour on).
        let notModified = HTTPResponse(
            status: 304, body: [],
            headers: [
                HTTPHeader(name: "Date", value: "Mon, 30 Mar 2026 14:22:45 GMT"),
                HTTPHeader(name: "Expires", value: "Mon, 30 Mar 2026 14:53:26 GMT"),
            ])
        let (outcome, _) = reply(validity: cached).outcome(of: notModified, at: later)
        guard case .notModified(let validity) = outcome else {
            Issue.record("expected not modified, got \(outcome)")
            return
        }
        #expect(validity.lastModified == "Mon, 30 Mar 2026 13:22:44 GMT")
        #expect(validity.freshUntil == later.addingTimeInterval(30 * 60 + 41))
    }

    @Test func a403WithoutAContactSaysToSetIt() throws {
        let (outcome, _) = reply(contact: "").outcome(
            of: HTTPResponse(status: 403, body: Array("Forbidden".utf8)), at: received)
        let failure = try #require(outcome.failure)
        #expect(failure.kind == .refused(status: 403))
        #expect(failure.message.contains("set the top-level contact key"))
        #expect(
            failure.message.contains("https://api.met.no/weatherapi/locationforecast/2.0/complete"))
        #expect(failure.summary == "MET Norway refused (403)")
        #expect(!failure.warrantsFallback)
    }

    @Test func a403WithAContactNamesIt() throws {
        let (outcome, _) = reply(contact: "kiosk@example.org").outcome(
            of: HTTPResponse(status: 403, body: []), at: received)
        let message = try #require(outcome.failure).message
        #expect(message.contains("although the User-Agent names the contact \"kiosk@example.org\""))
    }

    @Test func a429WaitsHalfAnHourOrWhatRetryAfterSays() throws {
        let (plain, _) = reply().outcome(of: HTTPResponse(status: 429, body: []), at: received)
        let throttled = try #require(plain.failure)
        #expect(throttled.kind == .rateLimited(daily: false))
        #expect(throttled.message.contains("throttling this address (HTTP 429 Too Many Requests"))
        #expect(throttled.notBefore == received.addingTimeInterval(30 * 60))
        let (told, _) = reply().outcome(
            of: HTTPResponse(
                status: 429, body: [], headers: [HTTPHeader(name: "retry-after", value: "120")]),
            at: received)
        #expect(told.failure?.notBefore == received.addingTimeInterval(120))
    }

    @Test(arguments: [500, 502, 503, 504])
    func a5xxIsAFailingService(status: Int) throws {
        let (outcome, _) = reply().outcome(of: HTTPResponse(status: status, body: []), at: received)
        let failure = try #require(outcome.failure)
        #expect(failure.kind == .serverError(status: status))
        #expect(failure.summary == "MET Norway error \(status)")
        #expect(failure.message.hasSuffix("failed with HTTP \(status)."))
    }

    @Test func aWrongPlaceOrURLSaysWhichKeyToCheck() throws {
        let (missing, _) = reply().outcome(of: HTTPResponse(status: 422, body: []), at: received)
        #expect(try #require(missing.failure).message.contains("no forecast for -27.5, 153"))
        let (odd, _) = reply().outcome(of: HTTPResponse(status: 302, body: []), at: received)
        #expect(try #require(odd.failure).message.contains("check forecast.fallback_url"))
    }

    @Test func aCutOffBodyIsMalformed() throws {
        let body = Array(try fixture("compact-brisbane-2026-03-30.json").prefix(5000))
        let (outcome, _) = reply().outcome(of: HTTPResponse(status: 200, body: body), at: received)
        let failure = try #require(outcome.failure)
        #expect(failure.kind == .malformed)
        #expect(failure.message.contains("is not a Locationforecast (invalid or incomplete JSON)"))
        #expect(failure.warrantsFallback)
    }

    @Test func noResponseIsUnreachableAndCancelledIsCancelled() {
        let url = "https://api.met.no/weatherapi/locationforecast/2.0/complete?lat=-27.5&lon=153"
        let offline = reply().outcome(
            of: HTTPTransportError(kind: .connectionFailed, url: url, message: "No connection."))
        #expect(offline.failure?.kind == .unreachable(.connectionFailed))
        #expect(offline.failure?.message == "No connection.")
        let cancelled = reply().outcome(
            of: HTTPTransportError(kind: .cancelled, url: url, message: "Cancelled."))
        #expect(cancelled.failure?.kind == .cancelled)
    }
}
