import KioskCore
import OpenMeteo
import Testing

/// What a one-shot verb is told, and what geocoding hands on, apart from the daemon's view.
@Suite struct OneShotTests {
    @Test(arguments: [
        (
            OpenMeteoError.Kind.rateLimited(window: .minute, reason: "Minutely"),
            "try again in a minute"
        ),
        (.rateLimited(window: .unspecified, reason: "Too many requests"), "try again in a minute"),
        (.rateLimited(window: .hour, reason: "Hourly"), "try again after the full hour"),
        (.rateLimited(window: .day, reason: "Daily"), "try again after midnight UTC"),
        (
            .rateLimited(window: .concurrentRequests, reason: "concurrent"),
            "try again in a few seconds"
        ),
        (.overloaded, "try again in a few minutes"),
        (.serverError(status: 500), "try again in a few minutes"),
        (.malformedResponse(detail: "cut off"), "try again"),
    ])
    func oneShotMessagesSayWhatToDo(kind: OpenMeteoError.Kind, advice: String) {
        let error = OpenMeteoError(kind, host: "geocoding-api.open-meteo.com")
        #expect(error.oneShotMessage.contains(advice), "\(error.oneShotMessage)")
        #expect(!error.oneShotMessage.contains("the kiosk"))
        #expect(error.oneShotMessage.contains("geocoding-api.open-meteo.com"))
        #expect(error.message != error.oneShotMessage, "the daemon has its own sentence")
        #expect(!error.message.contains("last forecast"), "the kiosk may have none")
    }

    @Test func anExplicitMessageIsKept() {
        let error = OpenMeteoError(
            kind: .overloaded, host: "h", message: "Something particular happened.")
        #expect(error.oneShotMessage == "Something particular happened.")
    }

    @Test func longGeocodingNamesAreCut() throws {
        let long = String(repeating: "a", count: 40_000)
        let body = """
            {"results":[{"id":1,"name":"\(long)","latitude":1,"longitude":2,
            "country":"\(long)","admin1":"\(long)"}]}
            """
        let results = try GeocodingSearch(name: "aa").decodeResponse(Array(body.utf8), host: "geo")
        let result = try #require(results.first)
        #expect(result.name.count == City.maximumNameLength)
        #expect(result.city.country?.count == City.maximumNameLength)
        #expect(result.city.admin1?.count == City.maximumNameLength)
    }
}
