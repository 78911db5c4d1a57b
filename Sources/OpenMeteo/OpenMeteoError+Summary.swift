import KioskCore

/// The few words a screen has room for.
extension OpenMeteoError {
    /// What happened, in a few words for the stale notice: "offline", "cannot resolve
    /// api.open-meteo.com", "Open-Meteo error 500", "Open-Meteo rate limit". The full
    /// sentence (`message`) stays in `status` and the log.
    public var summary: String {
        let name = host.isEmpty ? "Open-Meteo" : host
        switch kind {
        case .rejected: return "Open-Meteo refused the request (400)"
        case .rateLimited: return "Open-Meteo rate limit"
        case .overloaded: return "Open-Meteo overloaded (503)"
        case .serverError(let status): return "Open-Meteo error \(status)"
        case .unexpectedStatus(let status, _): return "HTTP \(status) from \(name)"
        case .malformedResponse: return "bad answer from \(name)"
        case .invalidQuery: return "invalid request"
        case .transport(let error): return error.kind.summary(host: name)
        }
    }
}
