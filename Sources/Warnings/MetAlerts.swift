public import FoundationEssentials
public import KioskCore

/// The MetAlerts 2.0 request: by default the whole country,
/// `GET {metalerts_url}/current.json?lang=en`, one request for every Norwegian place, each
/// alert with its polygon so that the kiosk picks a place's alerts by point-in-polygon.
/// A single place can also be asked for with `lat`/`lon`.
///
/// api.met.no's terms: a User-Agent naming the application and a contact (403 without),
/// `If-Modified-Since` with the last `Last-Modified` (a 304 answers it), no asking before
/// `Expires`, gzip, at most 20 requests a second; 429 means throttled, 203 a deprecated
/// product. Coordinates have at most four decimals.
public struct MetAlertsRequest: Sendable, Hashable {
    /// Which alerts to ask for.
    public enum Scope: Sendable, Hashable {
        /// Every current alert in Norway and its waters, with polygons.
        case national
        /// The alerts covering one point.
        case point(Coordinate)
    }

    /// Which alerts.
    public var scope: Scope
    /// "en" or "no": the language of titles and texts.
    public var language: String

    /// Creates a request; any language but Norwegian ("no", "nb", "nn") asks for English.
    public init(scope: Scope = .national, language: String = "en") {
        self.scope = scope
        self.language = ["no", "nb", "nn"].contains(language.lowercased()) ? "no" : "en"
    }

    /// The URL under `baseURL` ("https://api.met.no/weatherapi/metalerts/2.0").
    public func url(baseURL: String) -> String {
        let base = ServiceAnswer.endpoint(baseURL, "/current.json")
        switch scope {
        case .national:
            return base + "?lang=" + language
        case .point(let coordinate):
            return base + "?lat=" + ServiceAnswer.degrees(coordinate.latitude) + "&lon="
                + ServiceAnswer.degrees(coordinate.longitude) + "&lang=" + language
        }
    }

    /// The request: the owner's User-Agent and the validators of `conditional`.
    public func httpRequest(baseURL: String, contact: String, conditional: ConditionalRequest)
        -> HTTPRequest
    {
        HTTPRequest(
            url: url(baseURL: baseURL),
            headers: [HTTPHeader(name: "Accept", value: "application/json")] + conditional.headers,
            userAgent: KioskVersion.userAgent(contact: contact))
    }

    /// The alerts of a 200 answer, each with its area.
    /// - Throws: `WarningsError` of kind `.malformedResponse` for a body that is not
    ///   MetAlerts' GeoJSON.
    public static func decode(_ body: [UInt8], url: String) throws(WarningsError)
        -> MetAlertsBulletin
    {
        let collection = try ServiceAnswer.decode(
            MetAlertsCollection.self, from: body, source: .metalerts, url: url)
        return MetAlertsBulletin(
            alerts: collection.features.compactMap(\.alert),
            lastChange: collection.lastChange.flatMap(ServiceTimestamp.parse))
    }
}

/// One MetAlerts answer: every alert with the area it covers.
public struct MetAlertsBulletin: Sendable, Hashable {
    /// One alert and its area.
    public struct Alert: Sendable, Hashable {
        /// The warning, with an empty place until it is picked for one.
        public var warning: WeatherWarning
        /// Where it applies.
        public var area: GeoArea
        /// "land" or "marine".
        public var geographicDomain: String?
    }

    /// Every alert with status "Actual".
    public var alerts: [Alert]
    /// When MET last changed the list.
    public var lastChange: Date?

    /// The warnings for `place` at `coordinate`: the land alerts whose polygon holds it.
    /// Marine alerts (gale for boats in a sea area) are left out: their polygons cover the
    /// coastal waters, not the towns on the shore.
    public func warnings(for place: String, at coordinate: Coordinate) -> [WeatherWarning] {
        alerts.filter { alert in
            alert.geographicDomain?.lowercased() != "marine" && alert.area.contains(coordinate)
        }.map { alert in
            var warning = alert.warning
            warning.place = place
            return warning
        }
    }
}

/// MetAlerts' GeoJSON answer; only what the kiosk reads.
struct MetAlertsCollection: Decodable {
    var features: [Feature]
    var lastChange: String?

    struct When: Decodable {
        var interval: [String]?
    }

    struct Properties: Decodable {
        var id: String?
        var event: String?
        var eventAwarenessName: String?
        var awarenessLevel: String?
        var severity: String?
        var certainty: String?
        var title: String?
        var description: String?
        var instruction: String?
        var type: String?
        var status: String?
        var geographicDomain: String?

        enum CodingKeys: String, CodingKey {
            case id, event, eventAwarenessName, severity, certainty, title, description
            case instruction, type, status, geographicDomain
            case awarenessLevel = "awareness_level"
        }
    }

    struct Feature: Decodable {
        var geometry: GeoJSONGeometry?
        var properties: Properties?
        var when: When?

        var alert: MetAlertsBulletin.Alert? {
            guard let properties, let id = properties.id,
                properties.status.map({ $0.lowercased() == "actual" }) ?? true,
                let interval = when?.interval, interval.count == 2,
                let onset = ServiceTimestamp.parse(interval[0]),
                let end = ServiceTimestamp.parse(interval[1])
            else { return nil }
            // "3; orange; Severe": the colour and the severity, where `severity` is missing.
            let named = properties.awarenessLevel?.split(separator: ";").last.map {
                String($0.filter { $0 != " " })
            }
            guard
                let severity = (properties.severity ?? named).flatMap(
                    WarningSeverity.init(capValue:))
            else { return nil }
            let event = properties.eventAwarenessName ?? properties.event ?? "Weather warning"
            let warning = WeatherWarning(
                id: id,
                messageType: properties.type.flatMap(WarningMessageType.init(capValue:)) ?? .alert,
                place: "", source: .metalerts, event: event, severity: severity,
                level: properties.awarenessLevel.flatMap(WarningLevel.init(awarenessLevel:)),
                certainty: WarningCertainty(capValue: properties.certainty), urgency: .unknown,
                headline: properties.title ?? event, description: properties.description ?? "",
                instruction: properties.instruction, onset: onset, ends: end)
            return MetAlertsBulletin.Alert(
                warning: warning, area: geometry?.area ?? GeoArea(polygons: []),
                geographicDomain: properties.geographicDomain)
        }
    }
}
