import FoundationEssentials
public import KioskCore

/// The NWS request for one place: `GET {nws_url}/alerts/active?point=LAT,LON`, GeoJSON back.
///
/// One request per place: NWS publishes a polygon only for storm-based warnings; most
/// alerts (watches, advisories, winter storms) name forecast zones and carry no geometry,
/// so a national request could not be matched to a point without a zone lookup. NWS sends
/// `Expires` about a minute ahead and no validators; its rate limit is not published
/// ("generous"; "retry after … typically 5 seconds"). It answers 403 without a User-Agent,
/// which must name the owner's contact.
public struct NWSAlertsRequest: Sendable, Hashable {
    /// The place's coordinate, sent with at most four decimals.
    public var coordinate: Coordinate

    /// Creates a request.
    public init(coordinate: Coordinate) {
        self.coordinate = coordinate
    }

    /// The URL under `baseURL` ("https://api.weather.gov").
    public func url(baseURL: String) -> String {
        ServiceAnswer.endpoint(baseURL, "/alerts/active") + "?point="
            + ServiceAnswer.degrees(coordinate.latitude) + ","
            + ServiceAnswer.degrees(coordinate.longitude)
    }

    /// The request: GeoJSON, the owner's User-Agent, and the validators of `conditional`.
    public func httpRequest(baseURL: String, contact: String, conditional: ConditionalRequest)
        -> HTTPRequest
    {
        HTTPRequest(
            url: url(baseURL: baseURL),
            headers: [HTTPHeader(name: "Accept", value: "application/geo+json")]
                + conditional.headers,
            userAgent: KioskVersion.userAgent(contact: contact))
    }

    /// The messages a 200 answer lists, as warnings for `place` (not yet resolved: an
    /// update and what it replaces both come back; see `WarningRules.resolve`). Only
    /// `status` "Actual" counts: tests and exercises are dropped, as are messages other
    /// than Alert, Update and Cancel. NWS's "Unknown" severity is shown as minor.
    /// - Throws: `WarningsError` of kind `.malformedResponse` for a body that is not NWS's
    ///   GeoJSON.
    public static func decode(_ body: [UInt8], place: String, url: String)
        throws(WarningsError) -> [WeatherWarning]
    {
        let collection = try ServiceAnswer.decode(
            NWSFeatureCollection.self, from: body, source: .nws, url: url)
        return collection.features.compactMap { $0.properties?.warning(place: place) }
    }
}

/// NWS's GeoJSON answer; only what the kiosk reads.
struct NWSFeatureCollection: Decodable {
    var features: [Feature]

    struct Feature: Decodable {
        var properties: Properties?
    }

    struct Reference: Decodable {
        var identifier: String?
    }

    struct Properties: Decodable {
        var id: String?
        var event: String?
        var severity: String?
        var certainty: String?
        var urgency: String?
        var headline: String?
        var description: String?
        var instruction: String?
        var sent: String?
        var effective: String?
        var onset: String?
        var expires: String?
        var ends: String?
        var status: String?
        var messageType: String?
        var references: [Reference]?

        func warning(place: String) -> WeatherWarning? {
            guard let id, status?.lowercased() == "actual",
                let type = messageType.flatMap(WarningMessageType.init(capValue:)),
                let onset = [onset, effective, sent].lazy.compactMap({
                    $0.flatMap(ServiceTimestamp.parse)
                }).first
            else { return nil }
            let event = self.event ?? "Weather alert"
            return WeatherWarning(
                id: id, references: references?.compactMap(\.identifier) ?? [],
                messageType: type, place: place, source: .nws, event: event,
                severity: severity.flatMap(WarningSeverity.init(capValue:)) ?? .minor,
                certainty: WarningCertainty(capValue: certainty),
                urgency: WarningUrgency(capValue: urgency), headline: headline ?? event,
                description: description ?? "", instruction: instruction, onset: onset,
                ends: ends.flatMap(ServiceTimestamp.parse),
                expires: expires.flatMap(ServiceTimestamp.parse))
        }
    }
}
