public import FoundationEssentials
public import KioskCore

/// What one request brought: warnings per place, "not modified", or a failure, with the
/// conditional-request state to keep for the next one.
public struct WarningFetch: Sendable, Hashable {
    /// What the answer means.
    public enum Outcome: Sendable, Hashable {
        /// The complete current warnings of each place (by name); empty lists are "none".
        case warnings([String: [WeatherWarning]])
        /// HTTP 304: the last answer still holds.
        case notModified
        /// No usable answer.
        case failed(WarningsError)
    }

    /// What the answer means.
    public var outcome: Outcome
    /// The validators and freshness to keep for the next request to the same URL.
    public var conditional: ConditionalRequest
    /// api.met.no answered 203: the product is deprecated and will be switched off; log it.
    public var deprecated: Bool
    /// The URL asked.
    public var url: String

    /// Applies the outcome to `board` for every place of `planned`: new warnings replace
    /// the feed's, "not modified" keeps them, a failure is recorded beside them.
    public func apply(
        to board: inout WarningBoard, for planned: PlannedWarningRequest, at now: Date
    ) {
        for place in planned.places {
            let feed = WarningFeed(source: planned.request.source, place: place.name)
            switch outcome {
            case .warnings(let byPlace):
                board.receive(byPlace[place.name] ?? [], for: feed, at: now)
            case .notModified: board.unchanged(feed, at: now)
            case .failed(let error): board.fail(feed, message: error.message, at: now)
            }
        }
    }
}

/// The three warning services over any `HTTPTransport`. It keeps no state and logs
/// nothing: the caller keeps each URL's `ConditionalRequest` and schedules the next fetch
/// (`ConditionalRequest.nextRequest(after:interval:)`).
public struct WarningsClient: Sendable {
    /// Fetches the URLs.
    public let transport: any HTTPTransport
    /// The services' base URLs.
    public var endpoints: WarningEndpoints
    /// The owner's contact for the User-Agent (config `contact`); NWS and MET Norway
    /// require one.
    public var contact: String

    /// Creates a client.
    public init(
        transport: any HTTPTransport, endpoints: WarningEndpoints = WarningEndpoints(),
        contact: String
    ) {
        self.transport = transport
        self.endpoints = endpoints
        self.contact = contact
    }

    /// Sends `planned`, conditionally on `conditional`, and reads the answer for its places.
    /// `now` is when the request starts; freshness counts from it.
    public func fetch(
        _ planned: PlannedWarningRequest, conditional: ConditionalRequest = ConditionalRequest(),
        at now: Date
    ) async -> WarningFetch {
        let source = planned.request.source
        let url = planned.request.url(endpoints)
        let httpRequest: HTTPRequest
        switch planned.request {
        case .nws(let request):
            httpRequest = request.httpRequest(
                baseURL: endpoints.nwsURL, contact: contact, conditional: conditional)
        case .metAlerts(let request):
            httpRequest = request.httpRequest(
                baseURL: endpoints.metAlertsURL, contact: contact, conditional: conditional)
        case .brightSky(let request):
            httpRequest = request.httpRequest(baseURL: endpoints.dwdURL, conditional: conditional)
        }
        var next = conditional
        func result(_ outcome: WarningFetch.Outcome, deprecated: Bool = false) -> WarningFetch {
            WarningFetch(outcome: outcome, conditional: next, deprecated: deprecated, url: url)
        }
        let response: HTTPResponse
        do {
            response = try await transport.get(httpRequest)
        } catch {
            return result(.failed(WarningsError(.transport(error), source: source, url: url)))
        }
        if response.status == 304 {
            next.record(response, at: now)
            return result(.notModified)
        }
        do {
            let body = try ServiceAnswer.body(of: response, source: source, url: url)
            let byPlace = try Self.decode(body, for: planned, url: url)
            next.record(response, at: now)
            return result(.warnings(byPlace), deprecated: response.status == 203)
        } catch {
            if case .rateLimited(let retryAfter?) = error.kind {
                next.freshUntil = now.addingTimeInterval(retryAfter)
            }
            return result(.failed(error))
        }
    }

    /// Each place's warnings in a 200 body.
    static func decode(_ body: [UInt8], for planned: PlannedWarningRequest, url: String)
        throws(WarningsError) -> [String: [WeatherWarning]]
    {
        var byPlace: [String: [WeatherWarning]] = [:]
        switch planned.request {
        case .nws:
            let messages = try NWSAlertsRequest.decode(body, place: "", url: url)
            for place in planned.places { byPlace[place.name] = stamped(messages, place.name) }
        case .metAlerts:
            let bulletin = try MetAlertsRequest.decode(body, url: url)
            for place in planned.places {
                byPlace[place.name] = bulletin.warnings(for: place.name, at: place.coordinate)
            }
        case .brightSky(let request):
            let answer = try request.decode(body, place: "", url: url)
            for place in planned.places {
                byPlace[place.name] = stamped(answer.warnings, place.name)
            }
        }
        return byPlace
    }

    private static func stamped(_ warnings: [WeatherWarning], _ place: String) -> [WeatherWarning] {
        warnings.map { warning in
            var warning = warning
            warning.place = place
            return warning
        }
    }
}
