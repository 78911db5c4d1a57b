import CurlHTTP
import KioskCore
import KioskTesting
import Testing

/// Cancellation and shutdown. The transport's total timeout (30 s) and the server's stall
/// (60 s) are only safety nets: a request that ends by timing out instead of being
/// cancelled fails these tests with `.timedOut`.
@Suite(.timeLimit(.minutes(1)))
struct CurlCancellationTests {
    static let patientOptions = CurlTransport.Options(totalTimeout: .seconds(30))

    @Test func cancellingAStalledRequestEndsItWithCancelled() async throws {
        try await withLoopback(options: Self.patientOptions) { server, transport in
            server.setFault(.stall(seconds: 60))
            let request = Task {
                try await transport.get(HTTPRequest(url: server.baseURL + "/v1/forecast"))
            }
            await server.waitForRequests(count: 1)
            request.cancel()
            let error = try #require(await errorOf(request))
            #expect(error.kind == .cancelled)
            #expect(error.message.contains(server.baseURL + "/v1/forecast"))
        }
    }

    @Test func aCancelledQueuedRequestNeverStarts() async throws {
        try await withLoopback(options: Self.patientOptions) { server, transport in
            server.setFault(.stall(seconds: 60))
            let first = Task {
                try await transport.get(HTTPRequest(url: server.baseURL + "/first"))
            }
            await server.waitForRequests(count: 1)
            // The worker is busy with `first`: `second` waits in the queue.
            let second = Task {
                try await transport.get(HTTPRequest(url: server.baseURL + "/second"))
            }
            second.cancel()
            let secondError = try #require(await errorOf(second))
            #expect(secondError.kind == .cancelled)
            // `first` is still stalled (were `second` answered only after it, `first` would
            // have timed out): cancelling it now ends it too.
            first.cancel()
            let firstError = try #require(await errorOf(first))
            #expect(firstError.kind == .cancelled)
            #expect(server.requests.map(\.path) == ["/first"])
        }
    }

    @Test func shutdownCancelsInFlightAndQueuedRequestsAndRefusesLaterOnes() async throws {
        let server = try await LoopbackHTTPServer.start { _ in .json("{}") }
        let transport = CurlTransport(options: Self.patientOptions)
        server.setFault(.stall(seconds: 60))
        let inFlight = Task { try await transport.get(HTTPRequest(url: server.baseURL + "/a")) }
        await server.waitForRequests(count: 1)
        let queued = Task { try await transport.get(HTTPRequest(url: server.baseURL + "/b")) }
        await transport.shutdown()
        let inFlightError = try #require(await errorOf(inFlight))
        #expect(inFlightError.kind == .cancelled)
        #expect(inFlightError.message.contains("shut down"))
        let queuedError = try #require(await errorOf(queued))
        #expect(queuedError.kind == .cancelled)
        let later = await failure(of: HTTPRequest(url: server.baseURL + "/c"), on: transport)
        #expect(later?.kind == .cancelled)
        #expect(server.requests.map(\.path) == ["/a"])
        await server.stop()
    }

    @Test func aTaskCancelledBeforeItAsksNeverReachesTheServer() async throws {
        try await withLoopback { server, transport in
            let request = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await transport.get(HTTPRequest(url: server.baseURL + "/never"))
            }
            let error = try #require(await errorOf(request))
            #expect(error.kind == .cancelled)
            // The transport still works afterwards, and /never was not sent before it.
            let response = try await transport.get(HTTPRequest(url: server.baseURL + "/after"))
            #expect(response.status == 200)
            #expect(server.requests.map(\.path) == ["/after"])
        }
    }

    /// The transport's error a task ended with; records an issue if it ended otherwise.
    private func errorOf(
        _ task: Task<HTTPResponse, any Error>, sourceLocation: SourceLocation = #_sourceLocation
    ) async -> HTTPTransportError? {
        switch await task.result {
        case .success(let response):
            Issue.record(
                "expected a failure, got \(response.status)", sourceLocation: sourceLocation)
            return nil
        case .failure(let error as HTTPTransportError):
            return error
        case .failure(let error):
            Issue.record(
                "expected HTTPTransportError, got \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }
}
