import KioskCore
import KioskTesting
import Synchronization

/// An `HTTPTransport` that hands every request to a `FakeOpenMeteo` in memory, the way the
/// loopback server does over a socket, and records what it was asked.
final class FakeOpenMeteoTransport: HTTPTransport {
    let fake: FakeOpenMeteo
    private let recorded = Mutex<[RecordedRequest]>([])

    init(_ fake: FakeOpenMeteo) {
        self.fake = fake
    }

    var requests: [RecordedRequest] { recorded.withLock { $0 } }

    func get(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse {
        let parsed = recordedRequest(from: request)
        recorded.withLock { $0.append(parsed) }
        let answer = fake.respond(to: parsed)
        return HTTPResponse(status: answer.status, body: answer.body)
    }
}
