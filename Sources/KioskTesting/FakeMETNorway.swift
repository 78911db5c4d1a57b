import Synchronization

/// What a stand-in for MET Norway's Locationforecast answers, for the loopback server: a
/// recorded answer with MET Norway's caching headers, 304 without a body to a request whose
/// `If-Modified-Since` is the answer's exact `Last-Modified`, and any status a test sets
/// (203 still carries the answer; 403, 429 and 5xx carry a short text). It checks what the
/// terms ask of a client and refuses as MET Norway does: a User-Agent without a contact or
/// a coordinate with more than 4 decimals gets 403.
public final class FakeMETNorway: Sendable {
    private struct State {
        var body: [UInt8]
        var headers: [HeaderField]
        var status: Int
    }

    private let state: Mutex<State>

    /// A stand-in that answers `body` with `headers` (the recorded `Date`, `Expires`,
    /// `Last-Modified`…).
    public init(body: [UInt8], headers: [HeaderField]) {
        state = Mutex(State(body: body, headers: headers, status: 200))
    }

    /// Answers every later request with `status` (200 to go back to normal).
    public func setStatus(_ status: Int) {
        state.withLock { $0.status = status }
    }

    /// Replaces the answer, as a new model run does.
    public func setAnswer(body: [UInt8], headers: [HeaderField]) {
        state.withLock {
            $0.body = body
            $0.headers = headers
        }
    }

    /// The answer to `request`.
    public func respond(to request: RecordedRequest) -> CannedResponse {
        let state = state.withLock { $0 }
        guard request.path.hasSuffix("/compact") || request.path.hasSuffix("/complete") else {
            return text(404, "Not Found")
        }
        if let refusal = refusal(of: request) { return text(403, refusal) }
        switch state.status {
        case 200, 203:
            let lastModified = state.headers.first { $0.name.lowercased() == "last-modified" }
            if let lastModified, request.header("If-Modified-Since") == lastModified.value {
                let kept = state.headers.filter {
                    ["date", "expires", "last-modified"].contains($0.name.lowercased())
                }
                return CannedResponse(status: 304, headers: kept)
            }
            return CannedResponse(
                status: state.status,
                headers: state.headers.filter {
                    !Self.transportFields.contains($0.name.lowercased())
                },
                body: state.body)
        default:
            return text(state.status, "Status \(state.status)")
        }
    }

    /// Fields the loopback server sets itself, or that would describe another encoding.
    private static let transportFields: Set<String> = [
        "content-length", "content-encoding", "connection", "transfer-encoding",
    ]

    /// Why MET Norway would refuse `request`, if it would.
    private func refusal(of request: RecordedRequest) -> String? {
        let agent = request.header("User-Agent") ?? ""
        // A contact is an e-mail address or a web address beside the program's name.
        guard agent.contains("@") || agent.contains(";") else {
            return "Forbidden: identify yourself with contact information in the User-Agent"
        }
        for name in ["lat", "lon"] {
            guard let value = request.queryValue(name) else { return "Missing \(name)" }
            if let point = value.firstIndex(of: "."), value[value.index(after: point)...].count > 4
            {
                return "Forbidden: more than 4 decimals in \(name)"
            }
        }
        return nil
    }

    private func text(_ status: Int, _ message: String) -> CannedResponse {
        CannedResponse(
            status: status, headers: [HeaderField(name: "Content-Type", value: "text/plain")],
            body: Array(message.utf8))
    }
}
