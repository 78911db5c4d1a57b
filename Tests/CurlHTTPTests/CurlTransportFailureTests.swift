import CurlHTTP
import KioskCore
import KioskTesting
import Testing

/// The transport against a loopback server that fails on purpose, and against addresses
/// that cannot work. Every error is checked for its kind and for naming what failed.
@Suite(.timeLimit(.minutes(1)))
struct CurlTransportFailureTests {
    @Test func refusedConnectionNamesTheAddressAndRedactsTheKey() async throws {
        try await withTransport { transport in
            let port = closedLoopbackPort()
            let url = "http://127.0.0.1:\(port)/v1/forecast?latitude=52.52&apikey=s3cr3t-K3y&x=1"
            let error = try #require(await failure(of: HTTPRequest(url: url), on: transport))
            #expect(error.kind == .connectionFailed)
            #expect(error.message.contains("127.0.0.1 port \(port)"))
            #expect(error.message.contains("refused"))
            #expect(!error.message.contains("s3cr3t-K3y"))
            #expect(!error.url.contains("s3cr3t-K3y"))
            #expect(error.url.contains("apikey=\(HTTPRequest.redactionMarker)&x=1"))
        }
    }

    @Test func stalledServerTimesOut() async throws {
        try await withLoopback(options: quickOptions) { server, transport in
            server.setFault(.stall(seconds: 30))
            let error = try #require(
                await failure(of: HTTPRequest(url: server.baseURL + "/v1/forecast"), on: transport))
            #expect(error.kind == .timedOut)
            #expect(error.message.contains("timed out after 1 s"))
            #expect(error.message.contains(server.baseURL + "/v1/forecast"))
        }
    }

    @Test func truncatedBodyIsIncomplete() async throws {
        try await withLoopback(
            options: safetyOptions,
            handler: answering(.json(String(repeating: "x", count: 1000)))
        ) { server, transport in
            server.setFault(.truncatedBody)
            let error = try #require(
                await failure(of: HTTPRequest(url: server.baseURL + "/v1/forecast"), on: transport))
            #expect(error.kind == .incomplete)
            #expect(error.message.contains("127.0.0.1"))
        }
    }

    @Test func tenMebibyteBodyWithContentLengthIsRefused() async throws {
        try await withLoopback(options: safetyOptions) { server, transport in
            server.setFault(.hugeBody(bytes: 10 * 1024 * 1024))
            let error = try #require(
                await failure(of: HTTPRequest(url: server.baseURL + "/big"), on: transport))
            #expect(error.kind == .tooLarge)
            #expect(error.message.contains("larger than 4 MiB"))
            #expect(error.message.contains(server.baseURL + "/big"))
        }
    }

    /// A request refused for its size is over when libcurl says so, and the loopback server's
    /// record of it (what `LoopbackHTTPServer.mostInFlight` reads) ends no later, however late
    /// the server's own task learns that the client went away.
    @Test func aRefusedBodysAnswerEndsWhenTheClientGaveUp() async throws {
        try await withLoopback(options: safetyOptions) { server, transport in
            server.setFault(.hugeBody(bytes: 10 * 1024 * 1024))
            _ = try #require(
                await failure(of: HTTPRequest(url: server.baseURL + "/big"), on: transport))
            let refused = ContinuousClock.now
            // A safety net while the server's task notices, not a measurement.
            let giveUp = refused + .seconds(60)
            while server.answerSpans.isEmpty && ContinuousClock.now < giveUp {
                try await Task.sleep(for: .milliseconds(10))
            }
            let span = try #require(server.answerSpans.first)
            #expect(span.upperBound <= refused)
        }
    }

    /// Without a Content-Length libcurl cannot refuse up front: the write callback must.
    @Test func tenMebibyteChunkedBodyIsRefusedByTheWriteCallback() async throws {
        let huge = [UInt8](repeating: UInt8(ascii: " "), count: 10 * 1024 * 1024)
        try await withLoopback(
            options: safetyOptions,
            handler: answering(
                CannedResponse(
                    headers: [HeaderField(name: "Transfer-Encoding", value: "chunked")],
                    body: huge))
        ) { server, transport in
            let error = try #require(
                await failure(of: HTTPRequest(url: server.baseURL + "/chunked"), on: transport))
            #expect(error.kind == .tooLarge)
            #expect(error.message.contains("larger than 4 MiB"))
        }
    }

    /// 6 KiB on the wire, 6 MiB decoded: only the decoded size can be checked.
    @Test func gzipBodyOverTheCapOnceDecodedIsRefused() async throws {
        let bomb = try Fixture.bytes("six-mebibytes-of-spaces.gz")
        try await withLoopback(
            options: safetyOptions,
            handler: answering(
                CannedResponse(
                    headers: [HeaderField(name: "Content-Encoding", value: "gzip")], body: bomb))
        ) { server, transport in
            let error = try #require(
                await failure(of: HTTPRequest(url: server.baseURL + "/bomb"), on: transport))
            #expect(error.kind == .tooLarge)
        }
    }

    @Test func drippingBodyTimesOut() async throws {
        try await withLoopback(
            options: quickOptions,
            handler: answering(.json(String(repeating: "x", count: 100)))
        ) { server, transport in
            server.setFault(.drip(bytesPerSecond: 1))
            let error = try #require(
                await failure(of: HTTPRequest(url: server.baseURL + "/drip"), on: transport))
            #expect(error.kind == .timedOut)
            #expect(error.message.contains("timed out after 1 s"))
        }
    }

    @Test func closeWithoutResponseIsAnError() async throws {
        try await withLoopback(options: safetyOptions) { server, transport in
            server.setFault(.closeWithoutResponse)
            let error = try #require(
                await failure(of: HTTPRequest(url: server.baseURL + "/v1/forecast"), on: transport))
            #expect(error.kind == .incomplete)
            #expect(error.message.contains("127.0.0.1 port \(server.port)"))
            #expect(server.requests.count == 1)
        }
    }

    /// `.invalid` never resolves (RFC 6761) and is refused before DNS is asked, so this
    /// test sends nothing beyond loopback.
    @Test func invalidHostIsNotFound() async throws {
        try await withTransport { transport in
            let error = try #require(
                await failure(
                    of: HTTPRequest(url: "http://something.invalid/v1/forecast?apikey=s3cr3t"),
                    on: transport))
            #expect(error.kind == .hostNotFound)
            #expect(error.message.contains("Could not resolve host something.invalid"))
            #expect(!error.message.contains("s3cr3t"))
        }
    }

    @Test func redirectToAnInvalidHostIsNotFound() async throws {
        try await withLoopback(options: safetyOptions, handler: hopHandler) { server, transport in
            let url = server.baseURL + "/away?to=http://elsewhere.invalid/v1/forecast"
            let error = try #require(await failure(of: HTTPRequest(url: url), on: transport))
            #expect(error.kind == .hostNotFound)
            #expect(error.message.contains("elsewhere.invalid"))
        }
    }

    @Test func moreThanThreeRedirectsAreRefused() async throws {
        try await withLoopback(options: safetyOptions, handler: hopHandler) { server, transport in
            let error = try #require(
                await failure(of: HTTPRequest(url: server.baseURL + "/hop/4"), on: transport))
            #expect(error.kind == .other)
            #expect(error.message.contains("redirected more than 3 times"))
            #expect(server.requests.count == 4)
        }
    }

    @Test func redirectToAnotherProtocolIsRefused() async throws {
        try await withLoopback(options: safetyOptions, handler: hopHandler) { server, transport in
            let url = server.baseURL + "/away?to=ftp://127.0.0.1:\(server.port)/file"
            let error = try #require(await failure(of: HTTPRequest(url: url), on: transport))
            #expect(error.kind == .other)
            #expect(error.message.contains("not an http or https URL"))
            #expect(server.requests.count == 1)
        }
    }

    @Test(arguments: ["file:///etc/hostname", "ftp://127.0.0.1/forecast"])
    func otherProtocolsAreRefused(url: String) async throws {
        try await withTransport { transport in
            let error = try #require(await failure(of: HTTPRequest(url: url), on: transport))
            #expect(error.kind == .other)
            #expect(error.message.contains(url))
        }
    }

    /// HTTPS to a plain-HTTP port: the handshake fails on the server's 400.
    @Test func tlsHandshakeFailureIsTLS() async throws {
        try await withLoopback(options: safetyOptions) { server, transport in
            let url = "https://127.0.0.1:\(server.port)/v1/forecast"
            let error = try #require(await failure(of: HTTPRequest(url: url), on: transport))
            #expect(error.kind == .tls)
            #expect(error.message.contains("TLS handshake with 127.0.0.1 port \(server.port)"))
        }
    }

    @Test func headerWithALineBreakIsRefusedBeforeSending() async throws {
        try await withLoopback(options: safetyOptions) { server, transport in
            let request = HTTPRequest(
                url: server.baseURL + "/", headers: [HTTPHeader(name: "X-Bad", value: "a\r\nB: c")])
            let error = try #require(await failure(of: request, on: transport))
            #expect(error.kind == .other)
            #expect(error.message.contains("X-Bad"))
            #expect(server.requests.isEmpty)
        }
    }

    @Test func theServerRecoversOnceTheFaultIsCleared() async throws {
        try await withLoopback(options: safetyOptions) { server, transport in
            server.setFault(.closeWithoutResponse)
            _ = await failure(of: HTTPRequest(url: server.baseURL + "/a"), on: transport)
            server.setFault(nil)
            let response = try await transport.get(HTTPRequest(url: server.baseURL + "/b"))
            #expect(response.text == #"{"path":"/b"}"#)
        }
    }
}

/// A timeout names the limit that fired: the connection was made, so the transfer's.
@Suite struct CurlTimeoutNamingTests {
    /// Connect and total limits that differ, so the message shows which one fired.
    private let distinctOptions = CurlTransport.Options(
        connectTimeout: .milliseconds(500), totalTimeout: .seconds(3))

    @Test(arguments: ["stall", "drip"])
    func aTransferTimeoutIsNotAConnectTimeout(_ fault: String) async throws {
        try await withLoopback(
            options: distinctOptions,
            handler: answering(.json(String(repeating: "x", count: 100)))
        ) { server, transport in
            // A first answer leaves a connection for the second request to reuse, as the
            // daemon's refreshes do: no connect happens for the one that times out.
            // On a loaded machine the first answer may itself run out of time: try again.
            var warmed = false
            for _ in 0..<5 where !warmed {
                warmed =
                    (try? await transport.get(HTTPRequest(url: server.baseURL + "/v1/forecast")))
                    != nil
            }
            try #require(warmed)
            server.setFault(fault == "stall" ? .stall(seconds: 30) : .drip(bytesPerSecond: 1))
            let error = try #require(
                await failure(of: HTTPRequest(url: server.baseURL + "/v1/forecast"), on: transport))
            #expect(error.kind == .timedOut)
            #expect(!error.message.contains("Connecting"), "\(error.message)")
            #expect(error.message.contains("timed out after 3 s"), "\(error.message)")
        }
    }
}
