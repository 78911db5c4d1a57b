/// A GET request: the only kind the kiosk makes.
public struct HTTPRequest: Sendable, Hashable {
    /// Absolute URL with its query, already percent-encoded.
    public var url: String
    /// Extra header fields, in order. `User-Agent` and `Accept-Encoding` are the
    /// transport's business.
    public var headers: [HTTPHeader]
    /// The `User-Agent` to send instead of the transport's `KioskVersion.userAgent`: for a
    /// service whose terms ask for the owner's contact (`KioskVersion.userAgent(contact:)`).
    /// Nil sends the default.
    public var userAgent: String?

    /// Creates a request.
    public init(url: String, headers: [HTTPHeader] = [], userAgent: String? = nil) {
        self.url = url
        self.headers = headers
        self.userAgent = userAgent
    }
}

/// One header field.
public struct HTTPHeader: Sendable, Hashable {
    /// Field name, for example "Accept".
    public var name: String
    /// Field value.
    public var value: String

    /// Creates a header field.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// A complete response: the status, the header fields and the decoded (decompressed) body.
public struct HTTPResponse: Sendable, Hashable {
    /// HTTP status code.
    public var status: Int
    /// Body bytes, after content decoding.
    public var body: [UInt8]
    /// Header fields of the final response (after any redirect), in the order they came;
    /// what conditional requests need (`Last-Modified`, `ETag`, `Expires`, `Date`,
    /// `Cache-Control`).
    public var headers: [HTTPHeader]

    /// Creates a response.
    public init(status: Int, body: [UInt8], headers: [HTTPHeader] = []) {
        self.status = status
        self.body = body
        self.headers = headers
    }

    /// The value of the first header field named `name`, compared without regard to case;
    /// nil when there is none.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }
}

/// Fetches URLs. The contract every implementation keeps:
/// - any status code is a response, not an error (the caller reads error bodies);
/// - the request's `userAgent`, when set, is the `User-Agent` sent, else the transport's own;
/// - the response carries the final response's header fields;
/// - a failure to get a complete response throws `HTTPTransportError`, whose message names
///   the URL and what to do;
/// - bodies larger than the transport's cap are refused with `.tooLarge`, never truncated;
/// - task cancellation ends the transfer promptly with `.cancelled`;
/// - the calling task is not blocked on a thread of the cooperative pool.
public protocol HTTPTransport: Sendable {
    /// Performs a GET request.
    /// - Throws: `HTTPTransportError` when no complete response arrived.
    func get(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse
}

/// Why a request produced no response.
public struct HTTPTransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of failure a user can act on differently.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// The host name did not resolve.
        case hostNotFound
        /// Nothing listens at the address, or the route is down.
        case connectionFailed
        /// Connecting or the whole transfer took too long.
        case timedOut
        /// The TLS handshake or certificate check failed.
        case tls
        /// The body was larger than the transport accepts.
        case tooLarge
        /// The connection broke before the body was complete.
        case incomplete
        /// The task was cancelled.
        case cancelled
        /// Anything else.
        case other
    }

    /// What went wrong.
    public var kind: Kind
    /// The URL, without its query string's secrets.
    public var url: String
    /// One sentence that says what happened and what to do.
    public var message: String

    /// Creates an error.
    public init(kind: Kind, url: String, message: String) {
        self.kind = kind
        self.url = url
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

extension HTTPTransportError.Kind {
    /// What happened, in the few words a screen has room for: "offline", "cannot resolve
    /// api.met.no", "api.met.no timed out". `host` names the server.
    public func summary(host: String) -> String {
        switch self {
        case .hostNotFound: "cannot resolve \(host)"
        case .connectionFailed, .other: "offline"
        case .timedOut: "\(host) timed out"
        case .tls: "TLS failed with \(host)"
        case .tooLarge: "answer too large"
        case .incomplete: "connection dropped"
        case .cancelled: "cancelled"
        }
    }
}
