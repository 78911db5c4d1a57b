public import KioskCore

/// A request the loopback server received, as a test sees it.
public struct RecordedRequest: Sendable, Hashable {
    /// The path without the query, for example "/v1/forecast".
    public var path: String
    /// The query string as sent, still percent-encoded.
    public var rawQuery: String
    /// The query parameters in order, percent-decoded ("+" is a space).
    public var query: [QueryItem]
    /// Header fields in order, names as sent.
    public var headers: [(name: String, value: String)] {
        get { headerPairs.map { ($0.name, $0.value) } }
        set { headerPairs = newValue.map { HeaderPair(name: $0.name, value: $0.value) } }
    }

    private var headerPairs: [HeaderPair]

    /// Creates a recorded request.
    public init(
        path: String, rawQuery: String, query: [QueryItem],
        headers: [(name: String, value: String)]
    ) {
        self.path = path
        self.rawQuery = rawQuery
        self.query = query
        self.headerPairs = headers.map { HeaderPair(name: $0.name, value: $0.value) }
    }

    /// The request a client sends for `url` ("http://127.0.0.1:8080/v1/search?name=X"), parsed
    /// as the loopback server parses a request line: for in-memory transports in tests.
    public init(url: String) {
        var target = Substring(url)
        let schemeParts = url.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)
        if schemeParts.count == 4, schemeParts[0].hasSuffix(":"), schemeParts[1].isEmpty {
            target = "/" + schemeParts[3]
        } else if schemeParts.count == 3, schemeParts[0].hasSuffix(":"), schemeParts[1].isEmpty {
            target = "/"
        }
        self.init(target: target, headers: [])
    }

    /// `request` as the loopback server would record it: its URL parsed as `init(url:)`
    /// does, with its header fields.
    public init(_ request: HTTPRequest) {
        self.init(url: request.url)
        headers = request.headers.map { (name: $0.name, value: $0.value) }
    }

    /// Parses a request target: path, raw query, decoded query items.
    init(target: Substring, headers: [(name: String, value: String)]) {
        let path: Substring
        let rawQuery: Substring
        if let question = target.firstIndex(of: "?") {
            path = target[..<question]
            rawQuery = target[target.index(after: question)...]
        } else {
            path = target[...]
            rawQuery = ""
        }
        let query = rawQuery.split(separator: "&").map { pair -> QueryItem in
            let equals = pair.firstIndex(of: "=") ?? pair.endIndex
            let value = equals == pair.endIndex ? "" : pair[pair.index(after: equals)...]
            return QueryItem(
                name: RequestHead.percentDecoded(pair[..<equals]),
                value: RequestHead.percentDecoded(value))
        }
        self.init(
            path: RequestHead.percentDecoded(path, plusIsSpace: false), rawQuery: String(rawQuery),
            query: query, headers: headers)
    }

    /// The first value of query parameter `name`.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// The first value of header `name`, compared case-insensitively.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headerPairs.first { $0.name.lowercased() == wanted }?.value
    }

    private struct HeaderPair: Sendable, Hashable {
        var name: String
        var value: String
    }
}

/// One query parameter.
public struct QueryItem: Sendable, Hashable {
    /// Parameter name, decoded.
    public var name: String
    /// Parameter value, decoded.
    public var value: String

    /// Creates a query parameter.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// What a test handler answers; the server adds Content-Length and Connection headers.
public struct CannedResponse: Sendable, Hashable {
    /// HTTP status code.
    public var status: Int
    /// Header fields in order, for example `("Content-Type", "application/json")`.
    public var headers: [HeaderField]
    /// The body bytes, sent as they are (already compressed when a test wants gzip).
    public var body: [UInt8]

    /// Creates a response.
    public init(status: Int = 200, headers: [HeaderField] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON response with the given status and body text.
    public static func json(_ text: String, status: Int = 200) -> CannedResponse {
        CannedResponse(
            status: status, headers: [HeaderField(name: "Content-Type", value: "application/json")],
            body: Array(text.utf8))
    }
}

/// One response header field.
public struct HeaderField: Sendable, Hashable {
    /// Field name.
    public var name: String
    /// Field value.
    public var value: String

    /// Creates a header field.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
