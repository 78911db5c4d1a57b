public import FoundationEssentials

/// Why a provider gave no forecast for a place, in the terms the kiosk acts on: whether to
/// try the other provider, when to ask again, and what to tell the person.
public struct ForecastFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of failure the kiosk reacts to differently.
    public enum Kind: Sendable, Hashable {
        /// No complete response: name not resolved, no connection, timed out, TLS failed, the
        /// body cut off or too large.
        case unreachable(HTTPTransportError.Kind)
        /// A 5xx status (503: overloaded).
        case serverError(status: Int)
        /// HTTP 429: too many requests. `daily` when the allowance that ran out is the day's
        /// (Open-Meteo says which), which only midnight UTC restores.
        case rateLimited(daily: Bool)
        /// HTTP 401 or 403: the service refuses who is asking (MET Norway: a User-Agent
        /// without a contact, or a blocked address).
        case refused(status: Int)
        /// The service refused the request itself: a 400, a 404 from a wrong base URL, a
        /// status it does not document. Nil status: refused before anything was sent.
        case rejected(status: Int?)
        /// A body that is not the JSON the service sends.
        case malformed
        /// The task was cancelled (the kiosk is stopping or the refresh was replaced).
        case cancelled
    }

    /// What went wrong.
    public var kind: Kind
    /// Who failed.
    public var provider: ForecastProviderID
    /// One sentence that says what happened and what to do, naming the service, the URL or
    /// the config key.
    public var message: String
    /// The few words a screen has room for: "Open-Meteo error 500", "offline".
    public var summary: String
    /// The earliest instant worth asking again (a rate limit's reset), when the service
    /// says or implies one.
    public var notBefore: Date?

    /// Creates a failure.
    public init(
        kind: Kind, provider: ForecastProviderID, message: String, summary: String,
        notBefore: Date? = nil
    ) {
        self.kind = kind
        self.provider = provider
        self.message = message
        self.summary = summary
        self.notBefore = notBefore
    }

    /// The message.
    public var description: String { message }

    /// Whether this failure of Open-Meteo is one the second provider is for: the service is
    /// unreachable, failing (5xx), out of its daily allowance or answering garbage. A
    /// minute's or an hour's rate limit passes soon, a refused request is a config mistake
    /// the other service would not fix, and a cancelled one is no failure at all.
    public var warrantsFallback: Bool {
        switch kind {
        case .unreachable(let transport): transport != .cancelled
        case .serverError, .malformed: true
        case .rateLimited(let daily): daily
        case .refused, .rejected, .cancelled: false
        }
    }
}
