import CurlHTTP
import FoundationEssentials
import KioskCore
import KioskTesting
import Testing

/// A request's own User-Agent, and the response's header fields for conditional requests.
@Suite(.timeLimit(.minutes(1)))
struct CurlHeaderTests {
    @Test func aRequestsOwnUserAgentIsTheOneSent() async throws {
        try await withLoopback { server, transport in
            let agent = KioskVersion.userAgent(contact: "owner@example.org")
            _ = try await transport.get(
                HTTPRequest(
                    url: server.baseURL + "/alerts/active?point=61.2181,-149.9003",
                    headers: [HTTPHeader(name: "User-Agent", value: "impostor/1.0")],
                    userAgent: agent))
            _ = try await transport.get(HTTPRequest(url: server.baseURL + "/v1/forecast"))
            let recorded = server.requests
            #expect(recorded.count == 2)
            #expect(recorded[0].header("User-Agent") == agent)
            #expect(recorded[0].header("User-Agent")?.hasSuffix("; owner@example.org)") == true)
            #expect(recorded[0].headers.filter { $0.name.lowercased() == "user-agent" }.count == 1)
            // The next request on the same handle is back to the default.
            #expect(recorded[1].header("User-Agent") == KioskVersion.userAgent)
        }
    }

    @Test func aUserAgentWithALineBreakIsRefusedBeforeSending() async throws {
        try await withLoopback { server, transport in
            let request = HTTPRequest(
                url: server.baseURL + "/x", userAgent: "kiosk\r\nX-Injected: yes")
            let error = await failure(of: request, on: transport)
            #expect(error?.message.contains("User-Agent") == true)
            #expect(server.requests.isEmpty)
        }
    }

    @Test func theResponsesHeaderFieldsComeBack() async throws {
        let canned = CannedResponse(
            status: 200,
            headers: [
                HeaderField(name: "Content-Type", value: "application/geo+json"),
                HeaderField(name: "Last-Modified", value: "Sat, 07 Mar 2026 05:17:01 GMT"),
                HeaderField(name: "Expires", value: "Sat, 07 Mar 2026 05:18:01 GMT"),
                HeaderField(name: "ETag", value: "\"v1\""),
            ], body: Array("{}".utf8))
        try await withLoopback(handler: answering(canned)) { server, transport in
            let response = try await transport.get(
                HTTPRequest(url: server.baseURL + "/current.json"))
            #expect(response.header("last-modified") == "Sat, 07 Mar 2026 05:17:01 GMT")
            #expect(response.header("Expires") == "Sat, 07 Mar 2026 05:18:01 GMT")
            #expect(response.header("ETag") == "\"v1\"")
            #expect(response.header("Content-Type") == "application/geo+json")
            var conditional = ConditionalRequest()
            conditional.record(response, at: Date(timeIntervalSince1970: 0))
            #expect(conditional.headers.map(\.name) == ["If-Modified-Since", "If-None-Match"])
        }
    }

    @Test func a304ComesBackAsAResponseWithItsHeaders() async throws {
        let notModified = CannedResponse(
            status: 304,
            headers: [HeaderField(name: "Expires", value: "Sat, 07 Mar 2026 05:18:01 GMT")])
        try await withLoopback(handler: answering(notModified)) { server, transport in
            let response = try await transport.get(
                HTTPRequest(
                    url: server.baseURL + "/current.json",
                    headers: [
                        HTTPHeader(
                            name: "If-Modified-Since", value: "Sat, 07 Mar 2026 05:17:01 GMT")
                    ]))
            #expect(response.status == 304)
            #expect(response.body.isEmpty)
            #expect(response.header("Expires") == "Sat, 07 Mar 2026 05:18:01 GMT")
            #expect(
                server.requests.first?.header("If-Modified-Since")
                    == "Sat, 07 Mar 2026 05:17:01 GMT")
        }
    }
}
