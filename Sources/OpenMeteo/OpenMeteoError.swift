public import FoundationEssentials
public import KioskCore

/// Why an Open-Meteo call produced no forecast or search results. Every throwing function of
/// this module throws this type (typed throws, like the `HTTPTransport` port it sits on).
/// The message is one sentence that names the host (never the `apikey`) and what to do.
public struct OpenMeteoError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of failure the caller reacts to differently.
    public enum Kind: Sendable, Hashable {
        /// HTTP 400 (or an `"error": true` body): the API refused the parameters.
        case rejected(reason: String)
        /// HTTP 429: a rate limit; wait until `window` resets.
        case rateLimited(window: RateLimitWindow, reason: String)
        /// HTTP 503: the service is overloaded.
        case overloaded
        /// Another 5xx status.
        case serverError(status: Int)
        /// A status the API does not document, such as 404 from a wrong base URL.
        case unexpectedStatus(status: Int, reason: String?)
        /// A body that is not the JSON Open-Meteo sends: cut off, followed by an error text,
        /// the wrong shape, or the wrong number of locations.
        case malformedResponse(detail: String)
        /// The transport got no complete response.
        case transport(HTTPTransportError)
        /// The request was refused locally before anything was sent.
        case invalidQuery
    }

    /// What went wrong.
    public var kind: Kind
    /// Host (and port) of the endpoint, for example "api.open-meteo.com"; empty when nothing
    /// was sent.
    public var host: String
    /// One sentence that says what happened and what to do.
    public var message: String

    /// Creates an error with an explicit message.
    public init(kind: Kind, host: String, message: String) {
        self.kind = kind
        self.host = host
        self.message = message
    }

    /// Creates an error whose message is the standard sentence for `kind` and `host`.
    public init(_ kind: Kind, host: String) {
        self.init(kind: kind, host: host, message: Self.sentence(for: kind, host: host))
    }

    /// The message.
    public var description: String { message }

    /// The rate-limit window, when the API refused for that reason.
    public var rateLimitWindow: RateLimitWindow? {
        if case .rateLimited(let window, _) = kind { return window }
        return nil
    }

    /// The message for a one-shot verb (`city search`, `forecast`): what the user does
    /// next ("try again in a minute") where `message` says what the running kiosk does.
    public var oneShotMessage: String {
        guard message == Self.sentence(for: kind, host: host) else { return message }
        return Self.oneShotSentence(for: kind, host: host) ?? message
    }

    private static func oneShotSentence(for kind: Kind, host: String) -> String? {
        let service = "Open-Meteo at \(host)"
        let refused = "\(service) refused the request because this address used up its"
        switch kind {
        case .rateLimited(.minute, _):
            return refused + " per-minute allowance of 600 API calls; try again in a minute."
        case .rateLimited(.hour, _):
            return refused + " hourly allowance of 5,000 API calls; try again after the full"
                + " hour (UTC), and stop anything else on this network that polls Open-Meteo."
        case .rateLimited(.day, _):
            return refused + " daily allowance of 10,000 API calls; try again after midnight"
                + " UTC, or set an api_key in the [forecast] table of the config."
        case .rateLimited(.concurrentRequests, _):
            return "\(service) refused the request because too many requests from this"
                + " address run at once; try again in a few seconds."
        case .rateLimited(.unspecified, let reason):
            return "\(service) is rate-limiting this address (\(trimmedReason(reason)));"
                + " try again in a minute."
        case .overloaded:
            return "\(service) is overloaded (HTTP 503); try again in a few minutes."
        case .serverError(let status):
            return "\(service) failed with HTTP \(status); try again in a few minutes."
        case .malformedResponse(let detail):
            return "The response from \(host) is not the JSON Open-Meteo sends (\(detail));"
                + " it was probably cut off or replaced by an error page: try again."
        default:
            return nil
        }
    }

    private static func sentence(for kind: Kind, host: String) -> String {
        let service = "Open-Meteo at \(host)"
        switch kind {
        case .rejected(let reason):
            return "Open-Meteo rejected the request: \(trimmedReason(reason)) (\(host)); check"
                + " the city coordinates and the [forecast] settings in the config."
        case .rateLimited(let window, let reason):
            switch window {
            case .minute:
                return "\(service) refused the request because this address used up its"
                    + " per-minute allowance of 600 API calls; the kiosk waits for the next"
                    + " minute."
            case .hour:
                return "\(service) refused the request because this address used up its"
                    + " hourly allowance of 5,000 API calls; the kiosk waits for the next hour,"
                    + " and a larger [forecast] refresh_minutes or fewer cities keeps under it."
            case .day:
                return "\(service) refused the request because this address used up its"
                    + " daily allowance of 10,000 API calls; the kiosk waits until midnight UTC,"
                    + " and a larger [forecast] refresh_minutes, fewer cities or an api_key"
                    + " keeps under it."
            case .concurrentRequests:
                return "\(service) refused the request because too many requests from this"
                    + " address run at once; the kiosk retries in a few seconds, and nothing"
                    + " else on this network should poll Open-Meteo in parallel."
            case .unspecified:
                return "\(service) is rate-limiting this address (\(trimmedReason(reason)));"
                    + " the kiosk waits a minute before trying again."
            }
        // What the kiosk does next (shows what it has, tries again when) is for the kiosk
        // to say: it knows whether it has a forecast and when the next attempt is.
        case .overloaded:
            return "\(service) is overloaded (HTTP 503)."
        case .serverError(let status):
            return "\(service) failed with HTTP \(status)."
        case .unexpectedStatus(let status, let reason):
            let said = reason.map { " (\(trimmedReason($0)))" } ?? ""
            return "\(service) answered HTTP \(status)\(said), which Open-Meteo does not send;"
                + " check base_url and geocoding_url in the [forecast] table of the config."
        case .malformedResponse(let detail):
            return "The response from \(host) is not the JSON Open-Meteo sends (\(detail));"
                + " it was probably cut off or replaced by an error page."
        case .transport(let error):
            return error.message
        case .invalidQuery:
            return "The request to \(host) is invalid."
        }
    }

    private static func trimmedReason(_ reason: String) -> String {
        var text = trimmingWhitespace(reason)
        while text.hasSuffix(".") { text.removeLast() }
        return text.isEmpty ? "no reason given" : String(text)
    }
}

/// The rate-limit window a 429 names. Open-Meteo sends no `Retry-After`; its reason text says
/// which allowance ran out, and that window's end is when to try again.
public enum RateLimitWindow: String, Sendable, Hashable, Codable, CaseIterable {
    /// "Minutely API request limit exceeded. Please try again in one minute."
    case minute
    /// "Hourly API request limit exceeded. Please try again in the next hour."
    case hour
    /// "Daily API request limit exceeded. Please try again tomorrow."
    case day
    /// "Too many concurrent requests": the free tier queues few requests per address.
    case concurrentRequests
    /// A 429 whose reason names none of the above.
    case unspecified

    /// How long to wait after a refusal for too many concurrent requests.
    public static let concurrentRequestsRetrySeconds: TimeInterval = 10

    /// The window a 429 reason names, matched case-insensitively on its key words so that
    /// rewordings ("per-minute limit", "Daily limit reached, try tomorrow") still classify.
    public init(reason: String) {
        let text = reason.lowercased()
        if text.contains("concurrent") {
            self = .concurrentRequests
        } else if text.contains("minute") {
            self = .minute
        } else if text.contains("hour") {
            self = .hour
        } else if text.contains("daily") || text.contains("tomorrow") || text.contains("day") {
            self = .day
        } else {
            self = .unspecified
        }
    }

    /// When the window that refused at `now` has reset: the start of the next UTC minute or
    /// hour, the next UTC midnight, or a short pause for concurrency. An unspecified limit
    /// waits for the next minute.
    public func resetDate(after now: Date) -> Date {
        let seconds = now.timeIntervalSince1970
        func nextMultiple(of period: TimeInterval) -> Date {
            Date(timeIntervalSince1970: ((seconds / period).rounded(.down) + 1) * period)
        }
        switch self {
        case .minute, .unspecified: return nextMultiple(of: 60)
        case .hour: return nextMultiple(of: 3600)
        case .day: return nextMultiple(of: 86_400)
        case .concurrentRequests:
            return now.addingTimeInterval(Self.concurrentRequestsRetrySeconds)
        }
    }
}
