public import KioskCore
import Synchronization

/// Open-Meteo in memory: an `HTTPTransport` that hands every request to a `FakeOpenMeteo`,
/// as the loopback server does over a socket, without one. It records what it was asked,
/// counts the requests still being answered, and answers with a fault instead when the
/// test says so (`answer(with:)`): an error status, a timeout, a truncated body.
public final class InMemoryOpenMeteo: HTTPTransport {
    /// What to answer instead of the fake for one request; nil lets the fake answer.
    public typealias Fault = @Sendable (HTTPRequest) -> Result<HTTPResponse, HTTPTransportError>?

    /// The fake that answers.
    public let fake: FakeOpenMeteo
    private let state = Mutex<(requests: [RecordedRequest], inFlight: Int, fault: Fault?)>(
        ([], 0, nil))

    /// A transport in front of `fake`.
    public init(fake: FakeOpenMeteo) {
        self.fake = fake
    }

    /// A transport in front of a fake whose "now" is `time`'s.
    public convenience init(time: ManualTimeSource) {
        self.init(fake: FakeOpenMeteo(now: { time.now().wall }))
    }

    /// Answers the following requests with `fault` where it gives an answer (nil: the fake
    /// answers every request again).
    public func answer(with fault: Fault?) {
        state.withLock { $0.fault = fault }
    }

    /// Answers every following request with `status` and Open-Meteo's error body: 429 with
    /// its daily-limit reason, anything else with "Internal error".
    public func fail(withStatus status: Int) {
        let reason =
            status == 429
            ? "Daily API request limit exceeded. Please try again tomorrow." : "Internal error"
        let body = Array("{\"error\":true,\"reason\":\"\(reason)\"}".utf8)
        answer { _ in .success(HTTPResponse(status: status, body: body)) }
    }

    /// The requests so far, as a server would have recorded them.
    public var requests: [RecordedRequest] { state.withLock { $0.requests } }

    /// How many requests came so far.
    public var requestCount: Int { state.withLock { $0.requests.count } }

    /// Requests not answered yet.
    public var inFlight: Int { state.withLock { $0.inFlight } }

    /// The fault's answer, or the fake's.
    /// - Throws: the fault's failure.
    public func get(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse {
        let recorded = RecordedRequest(request)
        let fault = state.withLock { state -> Fault? in
            state.requests.append(recorded)
            state.inFlight += 1
            return state.fault
        }
        defer { state.withLock { $0.inFlight -= 1 } }
        if let outcome = fault?(request) { return try outcome.get() }
        let answer = fake.respond(to: recorded)
        return HTTPResponse(status: answer.status, body: answer.body)
    }
}
