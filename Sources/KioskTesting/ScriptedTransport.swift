public import KioskCore
import Synchronization

/// An `HTTPTransport` that answers from a script, one entry per call, and records every
/// request it was given.
public final class ScriptedTransport: HTTPTransport {
    /// One scripted answer.
    public enum Answer: Sendable {
        /// A response with any status.
        case response(HTTPResponse)
        /// No response.
        case failure(HTTPTransportError)
    }

    private let state: Mutex<(answers: [Answer], requests: [HTTPRequest])>

    /// A transport that gives `answers` in order, then fails.
    public init(_ answers: [Answer]) {
        state = Mutex((answers, []))
    }

    /// A transport that answers every call with `status` and `body`.
    public convenience init(status: Int, body: String) {
        self.init(
            Array(
                repeating: .response(HTTPResponse(status: status, body: Array(body.utf8))), count: 8
            ))
    }

    /// Every request given so far, in order.
    public var requests: [HTTPRequest] { state.withLock { $0.requests } }

    /// The next scripted answer; records `request`.
    /// - Throws: the scripted failure, or `.other` when the script has run out.
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
