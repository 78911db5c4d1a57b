import FoundationEssentials
import KioskCore
import Synchronization
import Testing

@testable import KioskDaemon

/// The warning asker against a transport that answers by service: a service that cannot be
/// reached for one place is not asked about its other places in the same ask.
@Suite struct WarningAskerTests {
    /// NWS times out, Bright Sky answers 500; every request is recorded.
    final class RoutedTransport: HTTPTransport {
        let requests = Mutex<[String]>([])

        func get(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse {
            requests.withLock { $0.append(request.url) }
            if request.url.hasPrefix("http://nws.test") {
                throw HTTPTransportError(
                    kind: .timedOut, url: request.url,
                    message: "Fetching \(request.url) timed out after 20 s.")
            }
            return HTTPResponse(status: 500, body: Array("{\"error\":\"down\"}".utf8))
        }
    }

    static func city(_ name: String, _ latitude: Double, _ longitude: Double, _ code: String)
        -> City
    {
        City(
            name: name, coordinate: Coordinate(latitude: latitude, longitude: longitude),
            countryCode: code)
    }

    @Test func anUnreachableServiceIsAskedOnceAndEachOfItsPlacesSaysWhy() async {
        var configuration = KioskConfiguration()
        configuration.contact = "kiosk@example.org"
        configuration.warnings.nwsURL = "http://nws.test"
        configuration.warnings.dwdURL = "http://dwd.test"
        configuration.cities = [
            Self.city("Anchorage", 61.22, -149.90, "US"), Self.city("Boston", 42.36, -71.06, "US"),
            Self.city("Berlin", 52.52, 13.41, "DE"), Self.city("Munich", 48.14, 11.58, "DE"),
        ]
        let transport = RoutedTransport()
        let now = LocalDateTime(iso8601: "2026-11-22T12:00")!.instant(utcOffsetSeconds: 0)
        let (updates, _) = await WarningAsker().ask(configuration, transport: transport, now: now)
        let asked = transport.requests.withLock { $0 }
        #expect(asked.filter { $0.hasPrefix("http://nws.test") }.count == 1, "\(asked)")
        #expect(
            asked.filter { $0.hasPrefix("http://dwd.test") }.count == 2,
            "a 500 is an answer: each place is still asked")
        let failures = Dictionary(
            updates.compactMap { update -> (String, String)? in
                guard case .failed(let message) = update.outcome else { return nil }
                return (update.feed.place, message)
            }, uniquingKeysWith: { first, _ in first })
        #expect(Set(failures.keys) == ["Anchorage", "Boston", "Berlin", "Munich"])
        #expect(failures["Boston"] == failures["Anchorage"])
        #expect(failures["Boston"]?.contains("timed out") == true, "\(failures)")
    }
}
