import FoundationEssentials
import KioskCore

/// Reads the times of one location of a response: unix seconds (`timeformat=unixtime`) or
/// local ISO text read with the location's `utc_offset_seconds`.
struct TimeReader {
    /// The location's offset; 0 when the response's is missing or impossible.
    let utcOffsetSeconds: Int
    /// The location's place in the request, for messages.
    let index: Int
    /// The server, for messages.
    let host: String

    init(utcOffset: Double?, index: Int, host: String) {
        let offset = utcOffset ?? 0
        self.utcOffsetSeconds = offset.isFinite && offset.magnitude < 86_400 ? Int(offset) : 0
        self.index = index
        self.host = host
    }

    /// The instant a time value names; nil for a missing one.
    /// - Throws: `OpenMeteoError` `.malformedResponse` naming `field` for a value that is
    ///   not a time.
    func instant(_ value: TimeValue?, field: String) throws(OpenMeteoError) -> Date? {
        switch value {
        case nil:
            return nil
        case .unixSeconds(let seconds):
            guard seconds.isFinite else { throw unreadable(field) }
            return Date(timeIntervalSince1970: seconds)
        case .text(let text):
            if let local = LocalDateTime(iso8601: text) {
                return local.instant(utcOffsetSeconds: utcOffsetSeconds)
            }
            throw unreadable(field)
        }
    }

    /// "location 2 daily.time[3] is not a time".
    func unreadable(_ field: String) -> OpenMeteoError {
        let place = index == 0 ? field : "location \(index + 1) \(field)"
        return OpenMeteoError(.malformedResponse(detail: "\(place) is not a time"), host: host)
    }
}

/// One location's object of a response body, which may be Open-Meteo's error object.
protocol LocationObject: Decodable {
    /// `true` in an error object.
    var error: Bool? { get }
    /// The error object's reason.
    var reason: String? { get }
}

/// The location objects of `body`, in request order: a single object or an array of them.
/// - Throws: `OpenMeteoError` `.rejected` for an error object, `.malformedResponse` for a
///   body that is not JSON, a `null` location or another number of locations than
///   `expected`.
func decodeLocationObjects<Object: LocationObject>(
    _ type: Object.Type, from body: [UInt8], expected: Int, host: String
) throws(OpenMeteoError) -> [Object] {
    let locations: [Object?]
    if firstSignificantByte(of: body) == UInt8(ascii: "[") {
        locations = try decodeJSON([Object?].self, from: body, host: host)
    } else {
        locations = [try decodeJSON(Object.self, from: body, host: host)]
    }
    if locations.count == 1, let only = locations[0], only.error == true {
        throw OpenMeteoError(.rejected(reason: only.reason ?? "no reason given"), host: host)
    }
    guard locations.count == expected else {
        let detail =
            "\(locations.count) location\(locations.count == 1 ? "" : "s") for"
            + " \(expected) requested"
        throw OpenMeteoError(.malformedResponse(detail: detail), host: host)
    }
    var objects: [Object] = []
    objects.reserveCapacity(locations.count)
    for (index, location) in locations.enumerated() {
        guard let location else {
            throw OpenMeteoError(
                .malformedResponse(detail: "location \(index + 1) is null"), host: host)
        }
        if location.error == true {
            throw OpenMeteoError(
                .rejected(reason: location.reason ?? "no reason given"), host: host)
        }
        objects.append(location)
    }
    return objects
}
