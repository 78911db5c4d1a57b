public import KioskCore
import Synchronization

/// An `HTTPTransport` that answers from a script, one entry per call, and records every
/// request it was given; past the end of the script it fails with a sentence that says so.
public final class ScriptedTransport: HTTPTransport {
    /// One answer of the script.
    public enum Answer: Sendable {
        /// This response.
        case response(HTTPResponse)
        /// This failure.
        case failure(HTTPTransportError)
    }

    private let state: Mutex<(answers: [Answer], requests: [HTTPRequest])>

    /// A transport that answers with `answers`, in order.
    public init(_ answers: [Answer]) {
        state = Mutex((answers, []))
    }

    /// A transport that answers eight calls with `status` and `body`.
    public convenience init(status: Int, body: String) {
        self.init(
            Array(
                repeating: .response(HTTPResponse(status: status, body: Array(body.utf8))), count: 8
            ))
    }

    /// The requests so far, in order.
    public var requests: [HTTPRequest] { state.withLock { $0.requests } }

    /// The next answer of the script.
    /// - Throws: the script's failure, or `.other` when the script has ended.
    public func get(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse {
        let answer = state.withLock { state -> Answer? in
            state.requests.append(request)
            return state.answers.isEmpty ? nil : state.answers.removeFirst()
        }
        switch answer {
        case .response(let response)?:
            return response
        case .failure(let error)?:
            throw error
        case nil:
            throw HTTPTransportError(
                kind: .other, url: request.url, message: "The test script has no more answers.")
        }
    }
}
