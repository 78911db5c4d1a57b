import FoundationEssentials
import KioskCore
import KioskTesting
import OpenMeteo
import Testing

@Suite struct ErrorTests {
    /// Open-Meteo's own reason texts, and rewordings that must classify the same way.
    @Test(arguments: [
        (
            "Minutely API request limit exceeded. Please try again in one minute.",
            RateLimitWindow.minute
        ),
        ("Hourly API request limit exceeded. Please try again in the next hour.", .hour),
        ("Daily API request limit exceeded. Please try again tomorrow.", .day),
        ("Too many concurrent requests", .concurrentRequests),
        ("MINUTELY api request LIMIT exceeded", .minute),
        ("per-minute limit reached", .minute),
        ("hourly limit", .hour),
        ("Daily limit reached", .day),
        ("Limit reached, try again tomorrow", .day),
        ("too many CONCURRENT requests, please slow down", .concurrentRequests),
        ("Too many requests", .unspecified),
        ("", .unspecified),
    ])
    func rateLimitReasonsAreClassified(reason: String, window: RateLimitWindow) {
        #expect(RateLimitWindow(reason: reason) == window)
    }

    @Test(arguments: [
        (RateLimitWindow.minute, "2026-03-14T15:10"), (.hour, "2026-03-14T16:00"),
        (.day, "2026-03-15T00:00"), (.unspecified, "2026-03-14T15:10"),
    ])
    func windowsResetAtTheirNextBoundary(window: RateLimitWindow, reset: String) {
        let now = utc("2026-03-14T15:09").addingTimeInterval(26.5)
        #expect(window.resetDate(after: now) == utc(reset))
    }

    @Test func concurrencyRetriesShortly() {
        let now = utc("2026-03-14T23:59").addingTimeInterval(55)
        let reset = RateLimitWindow.concurrentRequests.resetDate(after: now)
        #expect(reset.timeIntervalSince(now) == RateLimitWindow.concurrentRequestsRetrySeconds)
        #expect(reset > now && reset.timeIntervalSince(now) <= 30)
    }

    @Test func resetIsStrictlyAfterABoundaryInstant() {
        let midnight = utc("2026-03-15T00:00")
        #expect(RateLimitWindow.day.resetDate(after: midnight) == utc("2026-03-16T00:00"))
        #expect(RateLimitWindow.minute.resetDate(after: midnight) == utc("2026-03-15T00:01"))
    }

    /// What the client throws for a canned answer to a forecast request.
    func forecastError(status: Int, body: String) async -> OpenMeteoError? {
        let client = OpenMeteoClient(
            transport: ScriptedTransport(status: status, body: body),
            baseURL: "https://customer-api.open-meteo.com", apiKey: "s3cr3t-key")
        do {
            _ = try await client.forecasts(
                for: [Coordinate(latitude: 1, longitude: 2)], units: ForecastUnits())
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        (
            "Minutely API request limit exceeded. Please try again in one minute.",
            RateLimitWindow.minute
        ),
        ("Hourly API request limit exceeded. Please try again in the next hour.", .hour),
        ("Daily API request limit exceeded. Please try again tomorrow.", .day),
        ("Too many concurrent requests", .concurrentRequests),
    ])
    func status429CarriesItsWindow(reason: String, window: RateLimitWindow) async throws {
        let error = try #require(
            await forecastError(status: 429, body: #"{"error":true,"reason":"\#(reason)"}"#))
        #expect(error.kind == .rateLimited(window: window, reason: reason))
        #expect(error.rateLimitWindow == window)
        #expect(error.host == "customer-api.open-meteo.com")
        #expect(error.message.contains("customer-api.open-meteo.com"))
        #expect(!error.message.contains("s3cr3t"))
    }

    @Test func status429WithoutABody() async throws {
        let error = try #require(await forecastError(status: 429, body: "Too Many Requests"))
        #expect(error.rateLimitWindow == .unspecified)
    }

    @Test func status400QuotesTheReason() async throws {
        let error = try #require(
            await forecastError(
                status: 400,
                body:
                    #"{"error":true,"reason":"Latitude must be in range of -90 to 90°. Given: 95.0."}"#
            ))
        #expect(
            error.kind == .rejected(reason: "Latitude must be in range of -90 to 90°. Given: 95.0.")
        )
        #expect(
            error.message.hasPrefix(
                "Open-Meteo rejected the request: Latitude must be in range of -90 to 90°. Given: 95.0"
            ))
        #expect(error.message.contains("customer-api.open-meteo.com"))
        #expect(error.message.contains("[forecast]"))
        #expect(!error.message.contains("s3cr3t"))
        #expect(error.rateLimitWindow == nil)
    }

    @Test func status400WithoutJSON() async throws {
        let error = try #require(await forecastError(status: 400, body: "Bad Request"))
        #expect(error.kind == .rejected(reason: "HTTP 400 without a reason"))
    }

    @Test func status503IsOverloaded() async throws {
        let error = try #require(
            await forecastError(status: 503, body: "<html>Service Unavailable</html>"))
        #expect(error.kind == .overloaded)
        #expect(
            error.message.contains("overloaded")
                && error.message.contains("customer-api.open-meteo.com"))
    }

    @Test(arguments: [500, 502, 504])
    func otherServerErrors(status: Int) async throws {
        let error = try #require(await forecastError(status: status, body: ""))
        #expect(error.kind == .serverError(status: status))
        #expect(error.message.contains("HTTP \(status)"))
    }

    @Test func unexpectedStatusNamesTheSettings() async throws {
        let error = try #require(
            await forecastError(status: 404, body: #"{"error":true,"reason":"Not Found"}"#))
        #expect(error.kind == .unexpectedStatus(status: 404, reason: "Not Found"))
        #expect(error.message.contains("base_url"))
    }

    @Test func transportFailuresKeepTheirSentence() async throws {
        let failure = HTTPTransportError(
            kind: .timedOut, url: "https://api.open-meteo.com/v1/forecast",
            message: "api.open-meteo.com did not answer within 30 s; check the network.")
        let client = OpenMeteoClient(transport: ScriptedTransport([.failure(failure)]))
        await #expect {
            _ = try await client.forecasts(
                for: [Coordinate(latitude: 1, longitude: 2)], units: ForecastUnits())
        } throws: { error in
            guard let error = error as? OpenMeteoError else { return false }
            return error.kind == .transport(failure) && error.message == failure.message
                && error.host == "api.open-meteo.com"
        }
    }

    @Test func everyKindHasOneSentenceNamingTheHost() {
        let kinds: [OpenMeteoError.Kind] =
            [
                .rejected(reason: "Invalid timezone."), .overloaded, .serverError(status: 500),
                .unexpectedStatus(status: 301, reason: nil),
                .malformedResponse(detail: "not JSON at all"),
                .rateLimited(window: .unspecified, reason: "slow down"),
            ] + RateLimitWindow.allCases.map { .rateLimited(window: $0, reason: "") }
        for kind in kinds {
            let error = OpenMeteoError(kind, host: "127.0.0.1:8080")
            #expect(error.message.contains("127.0.0.1:8080"), "\(kind)")
            #expect(error.message.hasSuffix("."), "\(kind)")
            #expect(!error.message.contains("\n") && !error.message.contains(".."), "\(kind)")
            #expect(error.description == error.message)
        }
    }
}
