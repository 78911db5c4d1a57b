public import FoundationEssentials
public import KioskCore

/// Open-Meteo behind the `ForecastProvider` port: the existing client, one batched request
/// for every place (split above 100), so a failure is every place's failure.
///
/// Open-Meteo sends no validators: each forecast comes back with an empty
/// `ConditionalRequest`. It answers in the place's own zone, so the places' offsets and
/// zone names are not needed; nor are their elevations (Open-Meteo uses its own model's).
public struct OpenMeteoForecastProvider: ForecastProvider {
    /// The client.
    public let client: OpenMeteoClient

    /// Creates the provider over `client`.
    public init(client: OpenMeteoClient) {
        self.client = client
    }

    /// `.openMeteo`.
    public var id: ForecastProviderID { .openMeteo }

    /// Forecasts for the query's places, in one request (or one per 100 places).
    public func forecasts(for query: ForecastQuery, at now: Date) async -> ForecastAnswer {
        let outcomes: [ForecastOutcome]
        do {
            let forecasts = try await client.forecasts(
                for: query.places.map(\.coordinate), units: query.units)
            outcomes = forecasts.map { .forecast($0, validity: ConditionalRequest()) }
        } catch {
            let failure = Self.failure(error, at: now)
            outcomes = Array(repeating: .failed(failure), count: query.places.count)
        }
        return ForecastAnswer(provider: .openMeteo, outcomes: outcomes)
    }

    /// `error` in the port's terms: the same sentence and summary, the rate limit's reset
    /// as `notBefore`.
    public static func failure(_ error: OpenMeteoError, at now: Date) -> ForecastFailure {
        let kind: ForecastFailure.Kind
        switch error.kind {
        case .transport(let transport):
            kind = transport.kind == .cancelled ? .cancelled : .unreachable(transport.kind)
        case .overloaded: kind = .serverError(status: 503)
        case .serverError(let status): kind = .serverError(status: status)
        case .rateLimited(let window, _): kind = .rateLimited(daily: window == .day)
        case .malformedResponse: kind = .malformed
        case .rejected: kind = .rejected(status: 400)
        case .unexpectedStatus(let status, _):
            kind =
                status == 401 || status == 403
                ? .refused(status: status) : .rejected(status: status)
        case .invalidQuery: kind = .rejected(status: nil)
        }
        return ForecastFailure(
            kind: kind, provider: .openMeteo, message: error.message, summary: error.summary,
            notBefore: error.rateLimitWindow?.resetDate(after: now))
    }
}
