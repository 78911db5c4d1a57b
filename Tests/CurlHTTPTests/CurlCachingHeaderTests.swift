import CurlHTTP
import FoundationEssentials
import KioskCore
import KioskTesting
import Testing

/// The header fields a cache needs (MET Norway's terms: `Last-Modified` back as
/// `If-Modified-Since`, nothing before `Expires`) arrive with a gzip body, by any case, and
/// only the final response's after a redirect.
@Suite(.timeLimit(.minutes(1)))
struct CurlCachingHeaderTests {
    /// The header fields api.met.no sent with a recorded Locationforecast answer
    /// (ropensci/weatherOz's cassette, see Tests/METNorwayTests/Fixtures/SOURCES.md), plus a
    /// `Cache-Control` as other services send.
    let recorded = [
        HeaderField(name: "server", value: "nginx/1.18.0 (Ubuntu)"),
        HeaderField(name: "date", value: "Mon, 30 Mar 2026 13:22:45 GMT"),
        HeaderField(name: "content-type", value: "application/json"),
        HeaderField(name: "expires", value: "Mon, 30 Mar 2026 13:53:26 GMT"),
        HeaderField(name: "last-modified", value: "Mon, 30 Mar 2026 13:22:44 GMT"),
        HeaderField(name: "content-encoding", value: "gzip"),
        HeaderField(name: "vary", value: "Accept, Accept-Encoding"),
        HeaderField(name: "age", value: "0"),
        HeaderField(name: "cache-control", value: "public, max-age=1841"),
    ]

    @Test func theCachingFieldsComeWithAGzipBodyWhateverTheirCase() async throws {
        let answer = CannedResponse(headers: recorded, body: try Fixture.bytes("forecast.json.gz"))
        try await withLoopback(handler: answering(answer)) { server, transport in
            let response = try await transport.get(HTTPRequest(url: server.baseURL + "/compact"))
            #expect(response.body == (try Fixture.bytes("forecast.json")))
            #expect(response.header("Date") == "Mon, 30 Mar 2026 13:22:45 GMT")
            #expect(response.header("EXPIRES") == "Mon, 30 Mar 2026 13:53:26 GMT")
            #expect(response.header("Last-Modified") == "Mon, 30 Mar 2026 13:22:44 GMT")
            #expect(response.header("Content-Type") == "application/json")
            #expect(response.header("Age") == "0")
            #expect(response.header("Cache-Control") == "public, max-age=1841")
            #expect(response.header("Retry-After") == nil)
        }
    }

    @Test func aRepeatedFieldGivesItsFirstValueAndKeepsTheRest() async throws {
        let answer = CannedResponse(
            headers: [
                HeaderField(name: "Vary", value: "Accept"),
                HeaderField(name: "Vary", value: "Accept-Encoding"),
            ], body: Array("{}".utf8))
        try await withLoopback(handler: answering(answer)) { server, transport in
            let response = try await transport.get(HTTPRequest(url: server.baseURL + "/x"))
            #expect(response.header("vary") == "Accept")
            #expect(response.headers.filter { $0.name.lowercased() == "vary" }.count == 2)
        }
    }

    @Test func afterARedirectOnlyTheFinalResponsesFieldsComeBack() async throws {
        let handler: LoopbackHTTPServer.Handler = { request in
            if request.path == "/old" {
                return CannedResponse(
                    status: 301,
                    headers: [
                        HeaderField(name: "Location", value: "/new"),
                        HeaderField(name: "Expires", value: "Thu, 01 Jan 1970 00:00:00 GMT"),
                    ])
            }
            return CannedResponse(
                headers: [
                    HeaderField(name: "Last-Modified", value: "Mon, 30 Mar 2026 13:22:44 GMT")
                ],
                body: Array("{}".utf8))
        }
        try await withLoopback(handler: handler) { server, transport in
            let response = try await transport.get(HTTPRequest(url: server.baseURL + "/old"))
            #expect(response.status == 200)
            #expect(response.header("Last-Modified") == "Mon, 30 Mar 2026 13:22:44 GMT")
            #expect(response.header("Expires") == nil)
            #expect(response.header("Location") == nil)
        }
    }
}
