public import FoundationEssentials
public import KioskCore
import Warnings

/// Asks the warning services for the favourites, as few times as their terms allow: one
/// request per service and point (MetAlerts once for all of Norway), each sent with the
/// validators of its last answer (`If-Modified-Since`, `If-None-Match`) and not before its
/// `Expires` or `max-age` allows, with the owner's contact in the User-Agent. It keeps
/// each URL's conditional-request state between asks; the kiosk's board keeps the rest.
public actor WarningAsker {
    private var conditional: [String: ConditionalRequest] = [:]

    /// An asker that has asked nothing yet.
    public init() {}

    /// One ask at `now` for the favourites of `configuration`: what each feed brought, and
    /// when the services allow the next ask (at least `warnings.refresh_minutes` away).
    /// Requests whose last answer is still fresh are not sent this time.
    public func ask(
        _ configuration: KioskConfiguration, transport: any HTTPTransport, now: Date
    ) async -> (updates: [WarningFeedUpdate], nextAsk: Date) {
        let settings = configuration.warnings
        let client = WarningsClient(
            transport: transport,
            endpoints: WarningEndpoints(
                nwsURL: settings.nwsURL, metAlertsURL: settings.metAlertsURL,
                dwdURL: settings.dwdURL),
            contact: configuration.contact ?? "")
        let interval = TimeInterval(settings.refreshMinutes * 60)
        let plan = WarningRequestPlan.requests(for: Self.places(configuration))
        var updates: [WarningFeedUpdate] = []
        var nextAsk = now.addingTimeInterval(interval)
        var asked: [String: ConditionalRequest] = [:]
        var unreachable: [WarningSource: WarningsError] = [:]
        for planned in plan {
            let url = planned.request.url(client.endpoints)
            let last = conditional[url] ?? ConditionalRequest()
            if let fresh = last.freshUntil, fresh > now {
                asked[url] = last
                nextAsk = min(nextAsk, fresh)
                continue
            }
            if let failure = unreachable[planned.request.source] {
                // A service that did not answer one point this time is not asked about the
                // next ones until the next ask: each would wait out the whole timeout, and
                // hold up the forecast on the same transport meanwhile.
                asked[url] = last
                updates += planned.places.map {
                    WarningFeedUpdate(
                        feed: WarningFeed(source: failure.source, place: $0.name),
                        outcome: .failed(failure.message))
                }
                continue
            }
            let fetch = await client.fetch(planned, conditional: last, at: now)
            asked[url] = fetch.conditional
            nextAsk = min(nextAsk, fetch.conditional.nextRequest(after: now, interval: interval))
            updates += Self.updates(fetch, for: planned)
            if case .failed(let error) = fetch.outcome, error.isUnreachable {
                unreachable[planned.request.source] = error
            }
        }
        conditional = asked
        return (updates, max(nextAsk, now.addingTimeInterval(60)))
    }

    /// The favourites as the services' coverage sees them.
    static func places(_ configuration: KioskConfiguration) -> [WarningPlace] {
        configuration.cities.map {
            WarningPlace(name: $0.name, coordinate: $0.coordinate, countryCode: $0.countryCode)
        }
    }

    /// The answer to `planned` as one update per place.
    static func updates(_ fetch: WarningFetch, for planned: PlannedWarningRequest)
        -> [WarningFeedUpdate]
    {
        planned.places.map { place in
            let feed = WarningFeed(source: planned.request.source, place: place.name)
            switch fetch.outcome {
            case .warnings(let byPlace):
                return WarningFeedUpdate(feed: feed, outcome: .warnings(byPlace[place.name] ?? []))
            case .notModified:
                return WarningFeedUpdate(feed: feed, outcome: .unchanged)
            case .failed(let error):
                return WarningFeedUpdate(feed: feed, outcome: .failed(error.message))
            }
        }
    }
}
