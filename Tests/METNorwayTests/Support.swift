import FoundationEssentials
import KioskCore
import KioskTesting

/// The bytes of `Fixtures/<name>`, read next to this source file.
func fixture(_ name: String, filePath: String = #filePath) throws -> [UInt8] {
    try FixtureFile.bytes(name, besides: filePath)
}

/// The lines of a text fixture, without empty ones.
func fixtureLines(_ name: String) throws -> [String] {
    String(decoding: try fixture(name), as: UTF8.self).split(separator: "\n").map(String.init)
}

/// The header fields of a recorded answer (`Fixtures/<name>.headers`, `Name: value` lines).
func recordedHeaders(_ name: String) throws -> [HTTPHeader] {
    try fixtureLines(name + ".headers").compactMap { line in
        guard let colon = line.firstIndex(of: ":") else { return nil }
        return HTTPHeader(
            name: String(line[..<colon]),
            value: String(line[line.index(after: colon)...].drop { $0 == " " }))
    }
}

/// A recorded answer as the transport would return it: its status (200 unless a test says
/// otherwise), its body and its headers.
func recordedResponse(_ name: String, status: Int = 200) throws -> HTTPResponse {
    HTTPResponse(
        status: status, body: try fixture(name + ".json"), headers: try recordedHeaders(name))
}

/// An instant from a UTC "YYYY-MM-DDTHH:MM" or "…:SS" text.
func utc(_ text: String) -> Date {
    LocalDateTime(iso8601: text)!.instant(utcOffsetSeconds: 0)
}

/// A place at `latitude`, `longitude`, `offset` hours east of UTC.
func place(
    _ latitude: Double, _ longitude: Double, offsetHours: Int? = nil, elevation: Double? = nil,
    validity: ConditionalRequest = ConditionalRequest()
) -> ForecastPlace {
    ForecastPlace(
        coordinate: Coordinate(latitude: latitude, longitude: longitude), elevation: elevation,
        utcOffsetSeconds: offsetHours.map { $0 * 3600 }, validity: validity)
}
