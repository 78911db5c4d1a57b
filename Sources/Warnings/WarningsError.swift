public import FoundationEssentials
public import KioskCore

/// Why a warning source gave no warnings. Every throwing function of this module throws this
/// type. The message is one sentence that names the service and the URL (without its query)
/// and says what to do.
public struct WarningsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of failure the caller reacts to differently.
    public enum Kind: Sendable, Hashable {
        /// HTTP 403: NWS and api.met.no refuse requests whose User-Agent does not identify
        /// the application and its owner.
        case forbidden
        /// HTTP 404 from Bright Sky: the place is not in any DWD warn cell (outside
        /// Germany, or at sea).
        case notCovered(detail: String?)
        /// HTTP 429: too many requests; ask again after `retryAfter` seconds if the service
        /// said.
        case rateLimited(retryAfter: TimeInterval?)
        /// A 5xx status: the service is down or overloaded.
        case serverError(status: Int)
        /// A status the service does not send for this request, such as 404 from a wrong
        /// base URL.
        case unexpectedStatus(status: Int, detail: String?)
        /// A body that is not the JSON the service sends: cut off, an error page, the wrong
        /// shape.
        case malformedResponse(detail: String)
        /// The transport got no complete response.
        case transport(HTTPTransportError)
    }

    /// What went wrong.
    public var kind: Kind
    /// The service that failed.
    public var source: WarningSource
    /// The URL without its query, as the message shows it.
    public var url: String
    /// One sentence that says what happened and what to do.
    public var message: String

    /// Creates an error whose message is the standard sentence for `kind`.
    public init(_ kind: Kind, source: WarningSource, url: String) {
        self.kind = kind
        self.source = source
        // The query holds only the place's coordinates: the sentence names the service.
        self.url = String(url.prefix { $0 != "?" && $0 != "#" })
        self.message = Self.sentence(for: kind, source: source, url: self.url)
    }

    /// The message.
    public var description: String { message }

    /// Whether the service could not be reached at all (no answer in time, no connection,
    /// no such host, no TLS): asking it about another place now would fail the same way.
    public var isUnreachable: Bool {
        guard case .transport(let failure) = kind else { return false }
        switch failure.kind {
        case .timedOut, .connectionFailed, .hostNotFound, .tls: return true
        case .tooLarge, .incomplete, .cancelled, .other: return false
        }
    }

    /// The `[warnings]` key that holds the service's base URL.
    public static func configKey(for source: WarningSource) -> String {
        switch source {
        case .nws: "nws_url"
        case .metalerts: "metalerts_url"
        case .dwd, .derived: "dwd_url"
        }
    }

    private static func sentence(for kind: Kind, source: WarningSource, url: String) -> String {
        let service = "\(source.displayName) at \(url)"
        switch kind {
        case .forbidden:
            return "\(service) refused the request (HTTP 403), as it does when the User-Agent"
                + " does not name the kiosk's owner: set contact = \"you@example.org\" at the top"
                + " of the config."
        case .notCovered(let detail):
            let said = detail.map { " (\(trimmed($0)))" } ?? ""
            return "\(service) has no warnings for this place\(said): it lies outside the"
                + " service's area, so the kiosk shows only its own reading of the forecast there."
        case .rateLimited(let retryAfter):
            let wait = retryAfter.map { " for \(Int($0.rounded(.up))) s" } ?? ""
            return "\(service) is limiting requests from this address (HTTP 429); the kiosk"
                + " waits\(wait) before asking again, and a larger refresh_minutes in the"
                + " [warnings] table keeps under the limit."
        case .serverError(let status):
            return "\(service) failed with HTTP \(status)."
        case .unexpectedStatus(let status, let detail):
            let said = detail.map { " (\(trimmed($0)))" } ?? ""
            return "\(service) answered HTTP \(status)\(said), which it does not send for this"
                + " request; check \(configKey(for: source)) in the [warnings] table of the config."
        case .malformedResponse(let detail):
            return "The answer from \(service) is not the JSON \(source.displayName) sends"
                + " (\(detail)); it was probably cut off or replaced by an error page."
        case .transport(let error):
            return error.message
        }
    }

    /// `text` on one line, without a trailing full stop, at most 160 characters.
    static func trimmed(_ text: String) -> String {
        var line = String(text.map { $0.isNewline ? " " : $0 })
        while line.last == "." || line.last == " " { line.removeLast() }
        while line.first == " " { line.removeFirst() }
        return line.count > 160 ? String(line.prefix(159)) + "…" : line
    }
}
