public import FoundationEssentials
public import KioskCore

/// MET Norway's Locationforecast 2.0 behind the `ForecastProvider` port: one request per
/// place, one at a time, each as the terms ask (see `LocationforecastRequest`).
///
/// It keeps no state: each place brings its `validity` (the `Last-Modified` and `Expires` of
/// the answer the kiosk keeps) and gets the new one back. A place whose `Expires` has not
/// passed is answered `.notModified` without a request; otherwise the request carries
/// `If-Modified-Since` with the exact `Last-Modified`, and a 304 keeps the cached forecast.
/// Spreading the requests over the interval (no requests on the full hour) is the caller's
/// part: it calls at the slots of a `RequestSchedule`.
public struct METNorwayProvider: ForecastProvider {
    /// Fetches the URLs.
    public let transport: any HTTPTransport
    /// `forecast.fallback_url`.
    public var baseURL: String
    /// The config's top-level `contact`, sent in the User-Agent.
    public var contact: String
    /// Which answer to ask for.
    public var product: LocationforecastProduct

    /// Creates the provider.
    public init(
        transport: any HTTPTransport, baseURL: String = LocationforecastRequest.defaultBaseURL,
        contact: String, product: LocationforecastProduct = .complete
    ) {
        self.transport = transport
        self.baseURL = baseURL
        self.contact = contact
        self.product = product
    }

    /// `.metNorway`.
    public var id: ForecastProviderID { .metNorway }

    /// Forecasts for the query's places, one request after another.
    public func forecasts(for query: ForecastQuery, at now: Date) async -> ForecastAnswer {
        var outcomes: [ForecastOutcome] = []
        var notices: [ForecastProviderNotice] = []
        outcomes.reserveCapacity(query.places.count)
        for place in query.places {
            let (outcome, notice) = await forecast(for: place, units: query.units, at: now)
            outcomes.append(outcome)
            if let notice, !notices.contains(notice) { notices.append(notice) }
        }
        return ForecastAnswer(provider: .metNorway, outcomes: outcomes, notices: notices)
    }

    /// One place's outcome: no request before its `Expires`.
    private func forecast(for place: ForecastPlace, units: ForecastUnits, at now: Date) async
        -> (ForecastOutcome, ForecastProviderNotice?)
    {
        if let freshUntil = place.validity.freshUntil, now < freshUntil {
            return (.notModified(validity: place.validity), nil)
        }
        let request = LocationforecastRequest(
            coordinate: place.coordinate, altitude: place.elevation, product: product)
        let http = request.httpRequest(baseURL: baseURL, contact: contact, validity: place.validity)
        let reply = LocationforecastReply(
            request: request, url: http.url, place: place, units: units, contact: contact)
        if Task.isCancelled { return (reply.outcome(of: cancelled(http)), nil) }
        do {
            return reply.outcome(of: try await transport.get(http), at: now)
        } catch {
            return (reply.outcome(of: error), nil)
        }
    }

    private func cancelled(_ request: HTTPRequest) -> HTTPTransportError {
        HTTPTransportError(
            kind: .cancelled, url: request.url,
            message: "The request to \(LocationforecastRequest.shown(request.url)) was cancelled.")
    }
}
