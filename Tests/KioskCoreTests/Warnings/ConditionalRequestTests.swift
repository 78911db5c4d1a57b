import FoundationEssentials
import KioskCore
import Testing

/// An instant from a UTC "YYYY-MM-DDTHH:MM" text.
private func utcInstant(_ text: String) -> Date {
    LocalDateTime(iso8601: text)!.instant(utcOffsetSeconds: 0)
}

/// Validators and freshness from response headers, as data.
struct ConditionalRequestTests {
    let now = utcInstant("2026-01-10T08:00")

    func response(_ fields: [(String, String)], status: Int = 200) -> HTTPResponse {
        HTTPResponse(
            status: status, body: [], headers: fields.map { HTTPHeader(name: $0.0, value: $0.1) })
    }

    @Test func theFirstRequestIsUnconditional() {
        #expect(ConditionalRequest().headers.isEmpty)
        #expect(ConditionalRequest().nextRequest(after: now, interval: 300) == now + 300)
    }

    @Test func lastModifiedGoesBackUnchangedAndETagToo() {
        var state = ConditionalRequest()
        state.record(
            response([("last-modified", "Sat, 10 Jan 2026 07:58:31 GMT"), ("ETag", "\"abc\"")]),
            at: now)
        #expect(
            state.headers == [
                HTTPHeader(name: "If-Modified-Since", value: "Sat, 10 Jan 2026 07:58:31 GMT"),
                HTTPHeader(name: "If-None-Match", value: "\"abc\""),
            ])
        // A 304 that does not repeat them keeps them; a 200 without them drops them.
        state.record(response([], status: 304), at: now)
        #expect(state.lastModified == "Sat, 10 Jan 2026 07:58:31 GMT")
        state.record(response([]), at: now)
        #expect(state.headers.isEmpty)
    }

    @Test func expiresCountsOnTheServersClock() {
        var state = ConditionalRequest()
        // The server's clock is an hour off ours: only the difference matters.
        state.record(
            response([
                ("Date", "Sat, 10 Jan 2026 09:00:00 GMT"),
                ("Expires", "Sat, 10 Jan 2026 09:10:00 GMT"),
            ]), at: now)
        #expect(state.freshUntil == now + 600)
        #expect(state.nextRequest(after: now, interval: 300) == now + 600)
        #expect(state.nextRequest(after: now, interval: 900) == now + 900)
    }

    @Test func maxAgeWinsOverExpires() {
        var state = ConditionalRequest()
        state.record(
            response([
                ("Cache-Control", "public, max-age=30, s-maxage=30"),
                ("Date", "Sat, 10 Jan 2026 08:00:00 GMT"),
                ("Expires", "Sat, 10 Jan 2026 10:00:00 GMT"),
            ]), at: now)
        #expect(state.freshUntil == now + 30)
    }

    @Test func noCacheAndInvalidExpiresMeanNoFreshness() {
        var state = ConditionalRequest()
        state.record(
            response([("Cache-Control", "no-cache"), ("Expires", "Sat, 10 Jan 2026 10:00:00 GMT")]),
            at: now)
        #expect(state.freshUntil == now)
        state.record(
            response([("Date", "Sat, 10 Jan 2026 08:00:00 GMT"), ("Expires", "0")]), at: now)
        #expect(state.freshUntil == now)
        state.record(response([("Expires", "Sat, 10 Jan 2026 10:00:00 GMT")]), at: now)
        #expect(state.freshUntil == nil)
    }

    @Test func aFarExpiresIsCappedAtAnHour() {
        var state = ConditionalRequest()
        state.record(
            response([
                ("Date", "Sat, 10 Jan 2026 08:00:00 GMT"),
                ("Expires", "Sat, 17 Jan 2026 08:00:00 GMT"),
            ]), at: now)
        #expect(state.freshUntil == now + ConditionalRequest.maximumFreshness)
    }

    @Test(arguments: [
        ("Sun, 06 Nov 1994 08:49:37 GMT", "1994-11-06T08:49:37"),
        ("Thu, 01 Jan 1970 00:00:00 GMT", "1970-01-01T00:00:00"),
        ("Sat, 29 Feb 2020 23:59:59 GMT", "2020-02-29T23:59:59"),
    ])
    func httpDatesParseAndFormat(text: String, iso: String) {
        let instant = LocalDateTime(iso8601: iso)!.instant(utcOffsetSeconds: 0)
        #expect(HTTPDate.parse(text) == instant)
        #expect(HTTPDate.format(instant) == text)
    }

    @Test(arguments: [
        "", "0", "-1", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994",
        "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 31 Feb 1994 08:49:37 GMT",
        "Sun, 06 Nov 1994 25:49:37 GMT", "Sun, 6 Nov 1994 08:49:37 GMT",
        "Xyz, 06 Nov 1994 08:49:37 GMT",
    ])
    func anythingButAnIMFFixdateIsNotADate(text: String) {
        #expect(HTTPDate.parse(text) == nil)
    }

    @Test func responseHeadersAreFoundWithoutRegardToCase() {
        let answer = response([("content-type", "application/json"), ("Expires", "x")])
        #expect(answer.header("Content-Type") == "application/json")
        #expect(answer.header("EXPIRES") == "x")
        #expect(answer.header("ETag") == nil)
    }
}
