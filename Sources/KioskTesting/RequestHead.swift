/// The request line and header fields of one HTTP/1.x request, as the loopback server
/// parses them.
struct RequestHead {
    var method: String
    var target: String
    var version: String
    var headers: [(name: String, value: String)]

    /// Parses the bytes before the blank line; nil when they are not an HTTP request.
    init?(_ bytes: ArraySlice<UInt8>) {
        let text = String(decoding: bytes, as: UTF8.self)
        var lines = text.split(separator: "\r\n", omittingEmptySubsequences: false)[...]
        guard let requestLine = lines.popFirst() else { return nil }
        let parts = requestLine.split(separator: " ")
        guard parts.count == 3, parts[2].hasPrefix("HTTP/1.") else { return nil }
        method = String(parts[0])
        target = String(parts[1])
        version = String(parts[2])
        headers = []
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let name = line[..<colon].trimmingSpaces
            let value = line[line.index(after: colon)...].trimmingSpaces
            headers.append((String(name), String(value)))
        }
    }

    /// The first value of header `name`, compared case-insensitively.
    func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }

    /// Whether the connection stays open after the response (HTTP/1.1 unless "close";
    /// HTTP/1.0 only with "keep-alive").
    var keepsAlive: Bool {
        let connection = header("Connection")?.lowercased() ?? ""
        if version == "HTTP/1.0" { return connection.contains("keep-alive") }
        return !connection.contains("close")
    }

    /// Whether the client accepts a gzip-encoded body.
    var acceptsGzip: Bool {
        guard let accepted = header("Accept-Encoding")?.lowercased() else { return false }
        return accepted.split(separator: ",").contains { coding in
            let parameters = coding.split(separator: ";").map(\.trimmingSpaces)
            guard parameters.first == "gzip" else { return false }
            guard let quality = parameters.dropFirst().first(where: { $0.hasPrefix("q=") })
            else { return true }
            return (Double(quality.dropFirst(2)) ?? 1) > 0
        }
    }

    /// The request as a test sees it.
    var recorded: RecordedRequest { RecordedRequest(target: target[...], headers: headers) }

    /// Decodes `%XX` escapes (and `+` as a space in a query); a broken escape stays as it is.
    static func percentDecoded(_ text: Substring, plusIsSpace: Bool = true) -> String {
        let bytes = Array(text.utf8)
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            {
                decoded.append(high << 4 | low)
                index += 3
                continue
            }
            decoded.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index += 1
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: Substring {
        let view = Substring(self)
        let start = view.firstIndex { $0 != " " && $0 != "\t" } ?? view.endIndex
        let end = view.lastIndex { $0 != " " && $0 != "\t" }.map { view.index(after: $0) }
        return view[start..<(end ?? start)]
    }
}
