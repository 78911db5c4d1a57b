import FoundationEssentials
import KioskCore
import KioskTesting
import Warnings

/// The bytes of `Fixtures/<name>` next to this file.
func fixture(_ name: String, filePath: String = #filePath) throws -> [UInt8] {
    try FixtureFile.bytes(name, besides: filePath)
}

/// An instant from a timestamp with an offset, as the services write them.
func instant(_ text: String) -> Date {
    let parts = text.split(separator: "T")
    let offsetStart = parts[1].lastIndex { $0 == "+" || $0 == "-" }!
    let clock = parts[1][..<offsetStart]
    let offset = parts[1][offsetStart...]
    let sign = offset.first == "-" ? -1 : 1
    let fields = offset.dropFirst().split(separator: ":").map { Int($0)! }
    let local = LocalDateTime(iso8601: parts[0] + "T" + clock)!
    return local.instant(utcOffsetSeconds: sign * (fields[0] * 3600 + fields[1] * 60))
}

/// A 200 answer with `body` and header fields.
func answer(_ body: [UInt8], status: Int = 200, headers: [(String, String)] = [])
    -> ScriptedTransport.Answer
{
    .response(
        HTTPResponse(
            status: status, body: body, headers: headers.map { HTTPHeader(name: $0.0, value: $0.1) }
        ))
}

let anchorage = WarningPlace(
    name: "Anchorage", coordinate: Coordinate(latitude: 61.2181, longitude: -149.9003),
    countryCode: "US")
let oslo = WarningPlace(
    name: "Oslo", coordinate: Coordinate(latitude: 59.9127, longitude: 10.7461), countryCode: "NO")
let tromso = WarningPlace(
    name: "Tromsø", coordinate: Coordinate(latitude: 69.6496, longitude: 18.956), countryCode: "NO")
let berlin = WarningPlace(
    name: "Berlin", coordinate: Coordinate(latitude: 52.52437, longitude: 13.41053),
    countryCode: "DE")
let rome = WarningPlace(
    name: "Rome", coordinate: Coordinate(latitude: 41.89193, longitude: 12.51133), countryCode: "IT"
)
