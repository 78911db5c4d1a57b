public import FoundationEssentials

/// What the last answer from a URL said about asking again, as data: the validators to send
/// (`If-Modified-Since` with the exact `Last-Modified` text, `If-None-Match` with the
/// `ETag`) and the earliest instant a new request is worth making (`Cache-Control: max-age`
/// or `Expires`). MET Norway's terms ask for both; NWS sends `Expires` a few seconds to a
/// minute ahead. Kept per URL by whoever schedules the fetches.
public struct ConditionalRequest: Sendable, Hashable, Codable {
    /// The last `Last-Modified`, sent back unchanged as `If-Modified-Since`.
    public var lastModified: String?
    /// The last `ETag`, sent back as `If-None-Match`.
    public var entityTag: String?
    /// Until when the last answer is fresh: asking before then gets the same answer.
    public var freshUntil: Date?

    /// The longest freshness believed: a wrong or hostile `Expires` must not silence a
    /// warning source for longer than this.
    public static let maximumFreshness: TimeInterval = 3600

    /// No validators yet: the first request is unconditional.
    public init(lastModified: String? = nil, entityTag: String? = nil, freshUntil: Date? = nil) {
        self.lastModified = lastModified
        self.entityTag = entityTag
        self.freshUntil = freshUntil
    }

    /// The header fields that make the next request conditional.
    public var headers: [HTTPHeader] {
        var fields: [HTTPHeader] = []
        if let lastModified {
            fields.append(HTTPHeader(name: "If-Modified-Since", value: lastModified))
        }
        if let entityTag { fields.append(HTTPHeader(name: "If-None-Match", value: entityTag)) }
        return fields
    }

    /// The earliest instant to ask again after an answer at `now`, with the kiosk's own
    /// interval: whichever is later, `now + interval` or the end of the answer's freshness.
    public func nextRequest(after now: Date, interval: TimeInterval) -> Date {
        max(now.addingTimeInterval(interval), freshUntil ?? now)
    }

    /// Takes the validators and freshness from `response`, received at `now`. A 304 keeps
    /// validators it does not repeat. Freshness is `max-age` (which wins, as RFC 9111 says),
    /// else `Expires − Date` measured on the server's own clock so that a wrong kiosk clock
    /// does not matter, at most ``maximumFreshness``; `no-cache`/`no-store` mean none.
    public mutating func record(_ response: HTTPResponse, at now: Date) {
        if let value = response.header("Last-Modified") {
            lastModified = value
        } else if response.status != 304 {
            lastModified = nil
        }
        if let value = response.header("ETag") {
            entityTag = value
        } else if response.status != 304 {
            entityTag = nil
        }
        freshUntil = Self.freshness(of: response).map {
            now.addingTimeInterval(min($0, Self.maximumFreshness))
        }
    }

    /// Seconds the response stays fresh, or nil when it says nothing usable.
    static func freshness(of response: HTTPResponse) -> TimeInterval? {
        if let control = response.header("Cache-Control")?.lowercased() {
            let directives = control.split(separator: ",").map {
                $0.filter { !$0.isWhitespace }
            }
            if directives.contains(where: { $0 == "no-cache" || $0 == "no-store" }) { return 0 }
            for directive in directives where directive.hasPrefix("max-age=") {
                if let seconds = Int(directive.dropFirst("max-age=".count)), seconds >= 0 {
                    return TimeInterval(seconds)
                }
            }
        }
        guard let expires = response.header("Expires") else { return nil }
        // An invalid Expires ("0", "-1") means already expired (RFC 9111 §5.3).
        guard let expiry = HTTPDate.parse(expires) else { return 0 }
        guard let date = response.header("Date").flatMap(HTTPDate.parse) else { return nil }
        return max(0, expiry.timeIntervalSince(date))
    }
}

/// HTTP dates (RFC 9110 §5.6.7) in the preferred IMF-fixdate form that every server sends
/// today: "Sun, 06 Nov 1994 08:49:37 GMT".
public enum HTTPDate {
    private static let months = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    /// The instant `text` names; nil for anything but an IMF-fixdate (the obsolete RFC 850
    /// and asctime forms are not sent by any service the kiosk uses).
    public static func parse(_ text: String) -> Date? {
        let fields = text.split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count == 6, fields[0].count == 4, fields[0].hasSuffix(","),
            weekdays.contains(String(fields[0].dropLast())), fields[5] == "GMT",
            fields[1].count == 2, let day = Int(fields[1]),
            let monthIndex = months.firstIndex(of: String(fields[2])),
            fields[3].count == 4, let year = Int(fields[3])
        else { return nil }
        let clock = fields[4].split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
            let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2]),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        let date = LocalDate(year: year, month: monthIndex + 1, day: day)
        // Rejects "31 Feb": the date must survive the round trip through days.
        guard (1...31).contains(day), LocalDate(daysSinceEpoch: date.daysSinceEpoch) == date
        else { return nil }
        return LocalDateTime(date: date, hour: hour, minute: minute, second: min(second, 59))
            .instant(utcOffsetSeconds: 0)
    }

    /// `date` as an IMF-fixdate.
    public static func format(_ date: Date) -> String {
        let time = LocalDateTime(date, utcOffsetSeconds: 0)
        return "\(weekdays[time.date.weekday]), \(pad(time.date.day, 2)) "
            + "\(months[time.date.month - 1]) \(pad(time.date.year, 4)) "
            + "\(pad(time.hour, 2)):\(pad(time.minute, 2)):\(pad(time.second, 2)) GMT"
    }
}
