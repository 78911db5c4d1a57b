import FoundationEssentials
import KioskCore
import KioskTesting
import Synchronization
import Testing

/// The bytes of `Fixtures/<name>`, read next to this source file (a resource bundle's
/// accessor would need full Foundation's `Bundle`).
func fixture(_ name: String, filePath: String = #filePath) throws -> [UInt8] {
    try FixtureFile.bytes(name, besides: filePath)
}

/// An instant from a UTC "YYYY-MM-DDTHH:MM" text.
func utc(_ text: String) -> Date {
    LocalDateTime(iso8601: text)!.instant(utcOffsetSeconds: 0)
}

/// What a server would record for `request`: path, raw query and decoded parameters.
func recordedRequest(from request: HTTPRequest) -> RecordedRequest {
    var rest = Substring(request.url)
    if let scheme = rest.firstRange(of: "://") { rest = rest[scheme.upperBound...] }
    let pathStart = rest.firstIndex(of: "/") ?? rest.endIndex
    let target = rest[pathStart...]
    let path = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? "/"
    let rawQuery =
        target.firstIndex(of: "?").map { String(target[target.index(after: $0)...]) } ?? ""
    let items = rawQuery.split(separator: "&").map { part in
        let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        return QueryItem(
            name: percentDecoded(pair[0]), value: pair.count > 1 ? percentDecoded(pair[1]) : "")
    }
    return RecordedRequest(
        path: path, rawQuery: rawQuery, query: items,
        headers: request.headers.map { (name: $0.name, value: $0.value) })
}

/// `text` with `%XX` escapes decoded and `+` read as a space.
func percentDecoded(_ text: some StringProtocol) -> String {
    var bytes: [UInt8] = []
    var utf8 = Array(text.utf8)[...]
    while let byte = utf8.popFirst() {
        if byte == UInt8(ascii: "%"), utf8.count >= 2,
            let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
        {
            bytes.append(value)
            utf8 = utf8.dropFirst(2)
        } else {
            bytes.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
        }
    }
    return String(decoding: bytes, as: UTF8.self)
}
