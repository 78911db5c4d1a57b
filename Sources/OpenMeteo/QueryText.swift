// Text helpers for building request URLs: percent-encoding, numbers without locale surprises,
// and the host name that error messages show instead of the whole URL.

import KioskCore

/// `text` percent-encoded for a URL query value: everything but RFC 3986's unreserved
/// characters (letters, digits, `-`, `.`, `_`, `~`) becomes `%XX` of its UTF-8 bytes, so a
/// space is `%20`, `+` is `%2B`, `&` is `%26` and `/` is `%2F`.
func percentEncoded(_ text: some StringProtocol) -> String {
    let hexDigits = Array("0123456789ABCDEF".unicodeScalars)
    var encoded = ""
    encoded.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "_"), UInt8(ascii: "~"):
            encoded.unicodeScalars.append(Unicode.Scalar(byte))
        default:
            encoded.unicodeScalars.append("%")
            encoded.unicodeScalars.append(hexDigits[Int(byte >> 4)])
            encoded.unicodeScalars.append(hexDigits[Int(byte & 0x0F)])
        }
    }
    return encoded
}

/// `value` in plain decimal with at most `fractionDigits` digits: `DecimalText.plain`.
func decimalText(_ value: Double, fractionDigits: Int = 6) -> String {
    DecimalText.plain(value, fractionDigits: fractionDigits)
}

/// `base` without surrounding whitespace and trailing slashes, followed by `path`: both
/// "https://api.open-meteo.com" and "https://api.open-meteo.com/" give
/// "https://api.open-meteo.com/v1/forecast".
func endpoint(_ base: String, _ path: String) -> String {
    var trimmed = trimmingWhitespace(base)
    while trimmed.hasSuffix("/") { trimmed.removeLast() }
    return trimmed + path
}

/// The host (and port) of `url`, for messages: "api.open-meteo.com", "127.0.0.1:8080".
/// Never the path or query, so an `apikey` parameter cannot leak into a log line.
func hostDescription(of url: String) -> String {
    var rest = trimmingWhitespace(url)
    if let scheme = rest.firstRange(of: "://") { rest = rest[scheme.upperBound...] }
    if let end = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) {
        rest = rest[..<end]
    }
    if let userInfo = rest.lastIndex(of: "@") { rest = rest[rest.index(after: userInfo)...] }
    return rest.isEmpty ? url : String(rest)
}

/// `text` without leading and trailing whitespace.
func trimmingWhitespace(_ text: String) -> Substring {
    var trimmed = Substring(text)
    while let first = trimmed.first, first.isWhitespace { trimmed.removeFirst() }
    while let last = trimmed.last, last.isWhitespace { trimmed.removeLast() }
    return trimmed
}

/// A URL query built from name/value pairs in order.
struct QueryBuilder {
    private var parts: [String] = []

    /// Adds `name=value`, percent-encoding the value.
    mutating func append(_ name: String, _ value: some StringProtocol) {
        parts.append("\(name)=\(percentEncoded(value))")
    }

    /// Adds `name=a,b,c`: each item percent-encoded, the commas literal as Open-Meteo's own
    /// examples write them.
    mutating func appendList(_ name: String, _ items: [String]) {
        parts.append("\(name)=" + items.map { percentEncoded($0) }.joined(separator: ","))
    }

    /// What every batched request starts with: the places' `latitude` and `longitude` lists,
    /// each block's variables, `timezone=auto` and unix times.
    mutating func appendPlaces(_ coordinates: [Coordinate], blocks: [(String, [String])]) {
        appendList("latitude", coordinates.map { decimalText($0.latitude) })
        appendList("longitude", coordinates.map { decimalText($0.longitude) })
        for (name, variables) in blocks { appendList(name, variables) }
        append("timezone", "auto")
        append("timeformat", "unixtime")
    }

    /// "a=1&b=2".
    var text: String { parts.joined(separator: "&") }
}

/// `coordinates` in runs of at most `size` (at least 1), in order; none for none.
func batched(_ coordinates: [Coordinate], _ size: Int) -> [[Coordinate]] {
    let size = max(1, size)
    return stride(from: 0, to: coordinates.count, by: size).map { start in
        Array(coordinates[start..<min(start + size, coordinates.count)])
    }
}
