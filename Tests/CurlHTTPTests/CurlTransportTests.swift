import CurlHTTP
import KioskCore
import KioskTesting
import Testing

/// The transport against a well-behaved loopback server.
@Suite(.timeLimit(.minutes(1)))
struct CurlTransportTests {
    @Test func bodyRoundTripsWithStatusAndDecodedQuery() async throws {
        let handler: LoopbackHTTPServer.Handler = { request in
            .json(#"{"latitude":\#(request.queryValue("latitude") ?? "none")}"#)
        }
        try await withLoopback(handler: handler) { server, transport in
            let response = try await transport.get(
                HTTPRequest(url: server.baseURL + "/v1/forecast?latitude=52.52&name=S%C3%A3o+Paulo")
            )
            #expect(response.status == 200)
            #expect(response.text == #"{"latitude":52.52}"#)
            let recorded = try #require(server.requests.first)
            #expect(recorded.path == "/v1/forecast")
            #expect(recorded.rawQuery == "latitude=52.52&name=S%C3%A3o+Paulo")
            #expect(recorded.queryValue("name") == "São Paulo")
        }
    }

    @Test func sendsUserAgentAcceptEncodingAndCustomHeaders() async throws {
        try await withLoopback { server, transport in
            let request = HTTPRequest(
                url: server.baseURL + "/headers",
                headers: [
                    HTTPHeader(name: "X-Kiosk-Test", value: "yes"),
                    HTTPHeader(name: "Accept", value: "application/json"),
                    // The transport's business: these two must not override its own.
                    HTTPHeader(name: "User-Agent", value: "impostor/1.0"),
                    HTTPHeader(name: "Accept-Encoding", value: "identity"),
                ])
            _ = try await transport.get(request)
            let recorded = try #require(server.requests.first)
            #expect(recorded.header("User-Agent") == KioskVersion.userAgent)
            #expect(recorded.header("User-Agent")?.contains(KioskVersion.string) == true)
            #expect(recorded.header("Accept-Encoding") == "gzip")
            #expect(recorded.header("X-Kiosk-Test") == "yes")
            #expect(recorded.header("Accept") == "application/json")
            #expect(recorded.headers.filter { $0.name.lowercased() == "user-agent" }.count == 1)
        }
    }

    @Test func gzipBodyComesBackDecoded() async throws {
        let compressed = try Fixture.bytes("forecast.json.gz")
        let plain = try Fixture.bytes("forecast.json")
        let gzipped = CannedResponse(
            headers: [
                HeaderField(name: "Content-Type", value: "application/json"),
                HeaderField(name: "Content-Encoding", value: "gzip"),
            ], body: compressed)
        try await withLoopback(handler: answering(gzipped)) { server, transport in
            let response = try await transport.get(
                HTTPRequest(url: server.baseURL + "/v1/forecast"))
            #expect(response.status == 200)
            #expect(response.body.count == plain.count)
            #expect(response.body == plain)
        }
    }

    @Test(arguments: [
        (404, #"{"error":true,"reason":"Not Found"}"#),
        (500, #"{"error":true,"reason":"Internal Server Error"}"#),
        (503, #"{"error":true,"reason":"Service Unavailable"}"#),
        (
            429,
            #"{"error":true,"reason":"Minutely API request limit exceeded. Please try again in one minute."}"#
        ),
    ])
    func errorStatusIsAResponseWithItsBody(status: Int, body: String) async throws {
        try await withLoopback { server, transport in
            server.setFault(.status(status, body: body))
            let response = try await transport.get(
                HTTPRequest(url: server.baseURL + "/v1/forecast"))
            #expect(response.status == status)
            #expect(response.text == body)
        }
    }

    @Test func malformedJSONIsStillAResponse() async throws {
        try await withLoopback { server, transport in
            server.setFault(.malformedJSON)
            let response = try await transport.get(
                HTTPRequest(url: server.baseURL + "/v1/forecast"))
            #expect(response.status == 200)
            #expect(response.text == ServerFault.malformedJSONBody)
        }
    }

    @Test func followsUpToThreeRedirects() async throws {
        try await withLoopback(handler: hopHandler) { server, transport in
            let response = try await transport.get(HTTPRequest(url: server.baseURL + "/hop/3"))
            #expect(response.status == 200)
            #expect(response.text == "arrived")
            #expect(server.requests.map(\.path) == ["/hop/3", "/hop/2", "/hop/1", "/hop/0"])
        }
    }

    @Test func threeSequentialRequestsShareOneConnection() async throws {
        try await withLoopback { server, transport in
            for index in 1...3 {
                let response = try await transport.get(
                    HTTPRequest(url: server.baseURL + "/\(index)"))
                #expect(response.text == #"{"path":"/\#(index)"}"#)
            }
            #expect(server.requests.count == 3)
            #expect(server.connectionCount == 1)
        }
    }

    @Test func twentyConcurrentRequestsAreAllAnswered() async throws {
        try await withLoopback { server, transport in
            let answers = try await withThrowingTaskGroup(of: (Int, String).self) { group in
                for index in 0..<20 {
                    group.addTask {
                        let response = try await transport.get(
                            HTTPRequest(url: server.baseURL + "/item/\(index)"))
                        return (index, response.text)
                    }
                }
                var answers: [Int: String] = [:]
                for try await (index, text) in group { answers[index] = text }
                return answers
            }
            #expect(answers.count == 20)
            for index in 0..<20 {
                #expect(answers[index] == #"{"path":"/item/\#(index)"}"#)
            }
            // One thread, one handle: the queue drains over one kept-alive connection.
            #expect(server.connectionCount == 1)
            #expect(server.requests.count == 20)
        }
    }
}

/// "/hop/N" redirects to "/hop/N-1"; "/hop/0" answers "arrived"; "/away?to=URL" redirects
/// to URL.
let hopHandler: @Sendable (RecordedRequest) -> CannedResponse = { request in
    if request.path == "/away", let target = request.queryValue("to") {
        return CannedResponse(status: 302, headers: [HeaderField(name: "Location", value: target)])
    }
    guard request.path.hasPrefix("/hop/"), let hops = Int(request.path.dropFirst(5)) else {
        return CannedResponse(status: 404)
    }
    if hops == 0 { return CannedResponse(body: Array("arrived".utf8)) }
    return CannedResponse(
        status: 302, headers: [HeaderField(name: "Location", value: "/hop/\(hops - 1)")])
}
