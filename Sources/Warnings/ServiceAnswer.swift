import FoundationEssentials
import KioskCore

/// What every decoder shares: the status check, the JSON decoding with its error, the
/// timestamps and the URL text.
enum ServiceAnswer {
    /// The body of a 200 (or api.met.no's 203, "deprecated but served") answer.
    /// - Throws: `WarningsError` for every other status; 304 is the caller's to handle
    ///   before.
    static func body(of response: HTTPResponse, source: WarningSource, url: String)
        throws(WarningsError) -> [UInt8]
    {
        switch response.status {
        case 200, 203:
            return response.body
        case 403:
            throw WarningsError(.forbidden, source: source, url: url)
        case 404 where source == .dwd:
            throw WarningsError(
                .notCovered(detail: problemDetail(in: response.body)), source: source, url: url)
        case 429:
            let retry = response.header("Retry-After").flatMap { Int($0) }.map(TimeInterval.init)
            throw WarningsError(.rateLimited(retryAfter: retry), source: source, url: url)
        case 500...599:
            throw WarningsError(.serverError(status: response.status), source: source, url: url)
        default:
            throw WarningsError(
                .unexpectedStatus(
                    status: response.status, detail: problemDetail(in: response.body)),
                source: source, url: url)
        }
    }

    /// The `detail` (else `title`) of a JSON problem body: NWS sends RFC 7807 problems,
    /// Bright Sky FastAPI's `{"detail": …}`. Nil for any other body.
    static func problemDetail(in body: [UInt8]) -> String? {
        struct Problem: Decodable {
            var detail: String?
            var title: String?
        }
        guard case .success(let problem) = JSONBody.decode(Problem.self, from: body) else {
            return nil
        }
        return problem.detail ?? problem.title
    }

    /// `type` decoded from `body`.
    /// - Throws: `WarningsError` of kind `.malformedResponse` naming where the body went wrong.
    static func decode<Value: Decodable>(
        _ type: Value.Type, from body: [UInt8], source: WarningSource, url: String
    ) throws(WarningsError) -> Value {
        switch JSONBody.decode(type, from: body) {
        case .success(let value):
            return value
        case .failure(let problem):
            throw WarningsError(
                .malformedResponse(detail: problem.detail), source: source, url: url)
        }
    }

    /// `base` without surrounding whitespace and trailing slashes, followed by `path`.
    static func endpoint(_ base: String, _ path: String) -> String {
        var trimmed = Substring(base)
        while let first = trimmed.first, first.isWhitespace { trimmed.removeFirst() }
        while let last = trimmed.last, last.isWhitespace || last == "/" { trimmed.removeLast() }
        return trimmed + path
    }

    /// A coordinate value as NWS and api.met.no want it: at most four decimals (about 11 m),
    /// more than which api.met.no answers 403 and NWS redirects.
    static func degrees(_ value: Double) -> String {
        DecimalText.plain(value, fractionDigits: 4)
    }
}

/// Timestamps as the services write them: ISO 8601 with seconds and an offset,
/// "2019-12-20T13:34:00-08:00", "2026-03-07T20:00:00+00:00", "2023-08-26T10:41:00Z",
/// optionally with fractional seconds.
enum ServiceTimestamp {
    /// The instant `text` names; nil when it is not such a timestamp.
    static func parse(_ text: String) -> Date? {
        guard let split = text.firstIndex(where: { $0 == "T" || $0 == "t" }),
            let date = LocalDate(iso8601: text[..<split])
        else { return nil }
        var rest = text[text.index(after: split)...]
        let offsetStart = rest.firstIndex { $0 == "Z" || $0 == "z" || $0 == "+" || $0 == "-" }
        guard let offsetStart else { return nil }
        let offsetText = rest[offsetStart...]
        rest = rest[..<offsetStart]
        if let dot = rest.firstIndex(of: ".") {
            guard rest[rest.index(after: dot)...].allSatisfy(\.isASCIIDigit) else { return nil }
            rest = rest[..<dot]
        }
        let clock = rest.split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 3,
            clock.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCIIDigit) }),
            let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2]),
            hour <= 23, minute <= 59, second <= 60,
            let offset = offsetSeconds(offsetText),
            LocalDate(daysSinceEpoch: date.daysSinceEpoch) == date
        else { return nil }
        return LocalDateTime(date: date, hour: hour, minute: minute, second: min(second, 59))
            .instant(utcOffsetSeconds: offset)
    }

    /// "Z" is 0, "+02:00" 7200, "-0800" −28800; nil for anything else.
    private static func offsetSeconds(_ text: Substring) -> Int? {
        if text == "Z" || text == "z" { return 0 }
        guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
        let digits = text.dropFirst().filter { $0 != ":" }
        guard digits.count == 4, digits.allSatisfy(\.isASCIIDigit),
            text.dropFirst().count == 4 || text.dropFirst().count == 5,
            let hours = Int(digits.prefix(2)), let minutes = Int(digits.suffix(2)),
            hours <= 18, minutes <= 59
        else { return nil }
        return (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
