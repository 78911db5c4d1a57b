import FlyingSocks
import FoundationEssentials

/// One accepted TCP connection of `LoopbackHTTPServer`: reads requests, answers them or
/// misbehaves as the server's fault says, until the client closes or a fault ends it.
struct LoopbackConnection {
    /// Request heads larger than this are answered 431 and the connection closed.
    static let maximumHeadBytes = 64 * 1024

    let socket: AsyncSocket
    let server: LoopbackHTTPServer
    private var buffer: [UInt8] = []
    /// When the last write of the answer being sent that went into the socket began.
    private var lastWritten: ContinuousClock.Instant?

    init(socket: AsyncSocket, server: LoopbackHTTPServer) {
        self.socket = socket
        self.server = server
    }

    /// Serves the connection, then closes it. Cancellation (the server stopping) ends it.
    mutating func run() async {
        do {
            while let head = try await readHead() {
                try await discardBody(of: head)
                let fault = server.record(head.recorded)
                let began = ContinuousClock.now
                lastWritten = nil
                let answered: Bool
                do {
                    answered = try await respond(to: head, fault: fault)
                } catch {
                    // The client went away mid-answer (a body over its size limit): it did
                    // before this task learnt it, and after the last write that went in
                    // had begun (a later one would have failed).
                    server.answered(since: began, until: lastWritten ?? began)
                    throw error
                }
                // Its last write began: the client can have all of the answer from then on,
                // however late this task reads the clock after it.
                server.answered(since: began, until: lastWritten ?? ContinuousClock.now)
                guard answered, head.keepsAlive else { break }
            }
        } catch {
            // The client went away, the server is stopping, or a fault ended the
            // connection: in every case there is nothing more to say on it.
        }
        closeIgnoringFailure { try socket.close() }
    }

    // MARK: - Reading

    /// The next request head, or nil when the client closed between requests.
    private mutating func readHead() async throws -> RequestHead? {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var searchFrom = 0
        while true {
            if let end = buffer[searchFrom...].firstRange(of: separator) {
                let head = RequestHead(buffer[..<end.lowerBound])
                buffer.removeSubrange(..<end.upperBound)
                guard let head else {
                    try await send(CannedResponse(status: 400), keepAlive: false)
                    return nil
                }
                return head
            }
            // A request starts with a method in capitals; anything else (a TLS
            // ClientHello, say) gets 400 at once instead of a wait for a blank line.
            if let first = buffer.first, !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) {
                try await send(CannedResponse(status: 400), keepAlive: false)
                return nil
            }
            if buffer.count > Self.maximumHeadBytes {
                try await send(CannedResponse(status: 431), keepAlive: false)
                return nil
            }
            searchFrom = max(0, buffer.count - separator.count)
            do {
                buffer += try await socket.read(atMost: 16 * 1024)
            } catch SocketError.disconnected {
                return nil
            }
        }
    }

    /// Reads and drops a request body announced by Content-Length (the kiosk sends none).
    private mutating func discardBody(of head: RequestHead) async throws {
        guard var remaining = head.header("Content-Length").flatMap({ Int($0) }) else { return }
        let buffered = min(remaining, buffer.count)
        buffer.removeFirst(buffered)
        remaining -= buffered
        while remaining > 0 {
            remaining -= try await socket.read(atMost: min(remaining, 16 * 1024)).count
        }
    }

    // MARK: - Answering

    /// Answers one request; returns false when the connection must close afterwards.
    private mutating func respond(to head: RequestHead, fault: ServerFault?) async throws -> Bool {
        switch fault {
        case nil:
            try await send(answer(head), keepAlive: head.keepsAlive)
            return true
        case .status(let status, let body)?:
            try await send(.json(body, status: status), keepAlive: head.keepsAlive)
            return true
        case .malformedJSON?:
            try await send(.json(ServerFault.malformedJSONBody), keepAlive: head.keepsAlive)
            return true
        case .stall(let seconds)?:
            try await Task.sleep(for: .seconds(seconds))
            return false
        case .closeWithoutResponse?:
            return false
        case .truncatedBody?:
            let response = answer(head)
            let sent = response.body.prefix(response.body.count / 2)
            let announced = max(response.body.count, sent.count + 1)
            try await write(Self.head(of: response, length: announced, keepAlive: true))
            try await write(Array(sent))
            return false
        case .hugeBody(let bytes)?:
            try await sendHuge(bytes: bytes, keepAlive: head.keepsAlive)
            return true
        case .drip(let bytesPerSecond)?:
            try await drip(answer(head), bytesPerSecond: bytesPerSecond, keepAlive: head.keepsAlive)
            return true
        }
    }

    /// The handler's response, or 406 when it is gzip-encoded and the client did not say
    /// it accepts gzip (the server cannot decompress for it).
    private func answer(_ head: RequestHead) -> CannedResponse {
        let response = server.handle(head.recorded)
        guard response.contentCoding == "gzip", !head.acceptsGzip else { return response }
        return CannedResponse(
            status: 406, headers: [HeaderField(name: "Content-Type", value: "text/plain")],
            body: Array("the response is gzip-encoded but the request did not accept gzip".utf8))
    }

    private mutating func send(_ response: CannedResponse, keepAlive: Bool) async throws {
        if response.isChunked {
            try await write(Self.head(of: response, length: nil, keepAlive: keepAlive))
            var offset = 0
            while offset < response.body.count {
                let chunk = response.body[offset..<min(offset + 64 * 1024, response.body.count)]
                try await write(Array(String(chunk.count, radix: 16).utf8) + [13, 10])
                try await write(Array(chunk) + [13, 10])
                offset += chunk.count
            }
            try await write(Array("0\r\n\r\n".utf8))
        } else {
            var bytes = Self.head(of: response, length: response.body.count, keepAlive: keepAlive)
            bytes += response.body
            try await write(bytes)
        }
    }

    private mutating func sendHuge(bytes: Int, keepAlive: Bool) async throws {
        let response = CannedResponse(
            status: 200, headers: [HeaderField(name: "Content-Type", value: "application/json")])
        try await write(Self.head(of: response, length: bytes, keepAlive: keepAlive))
        let block = [UInt8](repeating: UInt8(ascii: " "), count: 64 * 1024)
        var remaining = bytes
        while remaining > 0 {
            let count = min(remaining, block.count)
            try await write(Array(block[..<count]))
            remaining -= count
        }
    }

    private mutating func drip(_ response: CannedResponse, bytesPerSecond: Int, keepAlive: Bool)
        async throws
    {
        try await write(Self.head(of: response, length: response.body.count, keepAlive: keepAlive))
        // At most ten writes a second, each with the bytes due by then.
        let rate = max(1, bytesPerSecond)
        let perWrite = max(1, rate / 10)
        let interval = Duration.seconds(Double(perWrite) / Double(rate))
        var offset = 0
        while offset < response.body.count {
            try await Task.sleep(for: interval)
            let end = min(offset + perWrite, response.body.count)
            try await write(Array(response.body[offset..<end]))
            offset = end
        }
    }

    private mutating func write(_ bytes: [UInt8]) async throws {
        let started = ContinuousClock.now
        try await socket.write(Data(bytes))
        lastWritten = started
    }

    /// The status line and header fields; Content-Length (or chunked) and Connection are
    /// the server's, so the handler's own are dropped.
    static func head(of response: CannedResponse, length: Int?, keepAlive: Bool) -> [UInt8] {
        var text = "HTTP/1.1 \(response.status) \(reasonPhrase(response.status))\r\n"
        let managed: Set<String> = ["content-length", "connection", "transfer-encoding"]
        for field in response.headers where !managed.contains(field.name.lowercased()) {
            text += "\(field.name): \(field.value)\r\n"
        }
        text += length.map { "Content-Length: \($0)\r\n" } ?? "Transfer-Encoding: chunked\r\n"
        text += "Connection: \(keepAlive ? "keep-alive" : "close")\r\n\r\n"
        return Array(text.utf8)
    }

    static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 406: "Not Acceptable"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: "Status \(status)"
        }
    }
}

extension CannedResponse {
    fileprivate func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }

    /// The Content-Encoding the handler set, lowercased.
    fileprivate var contentCoding: String? { header("Content-Encoding")?.lowercased() }

    /// Whether the handler asked for `Transfer-Encoding: chunked` (no Content-Length).
    fileprivate var isChunked: Bool {
        header("Transfer-Encoding")?.lowercased().contains("chunked") ?? false
    }
}

/// Runs a close call; a failing close means the descriptor is already gone, and in a test
/// server nothing is left to free or to report.
func closeIgnoringFailure(_ close: () throws -> Void) {
    do {
        try close()
    } catch {
        return
    }
}
