import CurlHTTP
import FoundationEssentials
import KioskCore
import KioskTesting
import Testing

/// Test fixtures, read from `Fixtures/` next to this file.
enum Fixture {
    /// The bytes of fixture `name`.
    static func bytes(_ name: String) throws -> [UInt8] {
        let directory = URL(filePath: #filePath).deletingLastPathComponent()
            .appending(path: "Fixtures")
        return Array(try Data(contentsOf: directory.appending(path: name)))
    }
}

/// Options short enough that the timeout tests (stall, drip) finish in about a second.
let quickOptions = CurlTransport.Options(
    connectTimeout: .seconds(1), totalTimeout: .seconds(1))

/// For failure tests that are not about time: the timeout is only a safety net, long
/// enough that a loaded machine never turns "too large" or "incomplete" into "timed out".
let safetyOptions = CurlTransport.Options(
    connectTimeout: .seconds(30), totalTimeout: .seconds(30))

/// Runs `body` with a started server and a transport, stopping both afterwards.
func withLoopback(
    options: CurlTransport.Options = CurlTransport.Options(),
    handler: @Sendable @escaping (RecordedRequest) -> CannedResponse = { request in
        .json(#"{"path":"\#(request.path)"}"#)
    },
    _ body: (LoopbackHTTPServer, CurlTransport) async throws -> Void
) async throws {
    let server = try await LoopbackHTTPServer.start(handler: handler)
    let transport = CurlTransport(options: options)
    do {
        try await body(server, transport)
    } catch {
        await transport.shutdown()
        await server.stop()
        throw error
    }
    await transport.shutdown()
    await server.stop()
}

/// A handler that gives every request the same response.
func answering(_ response: CannedResponse) -> LoopbackHTTPServer.Handler {
    { _ in response }
}

/// Runs `body` with a transport (no server), shutting it down afterwards.
func withTransport(
    options: CurlTransport.Options = quickOptions,
    _ body: (CurlTransport) async throws -> Void
) async throws {
    let transport = CurlTransport(options: options)
    do {
        try await body(transport)
    } catch {
        await transport.shutdown()
        throw error
    }
    await transport.shutdown()
}

/// The error `request` fails with; records an issue (and returns nil) if it succeeds.
func failure(
    of request: HTTPRequest, on transport: CurlTransport,
    sourceLocation: SourceLocation = #_sourceLocation
) async -> HTTPTransportError? {
    do {
        let response = try await transport.get(request)
        Issue.record(
            "expected a failure, got status \(response.status) with \(response.body.count) bytes",
            sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

extension HTTPResponse {
    /// The body as UTF-8 text.
    var text: String { String(decoding: body, as: UTF8.self) }
}
