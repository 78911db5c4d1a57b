public import FoundationEssentials
import KioskCore

/// Stand-ins for the three warning services on one loopback server, in their own answers'
/// shapes (as the recorded answers in Tests/WarningsTests/Fixtures have them) with times
/// around `now`: NWS under `/nws` (a severe Winter Storm Warning for any point, and a Wind
/// Advisory that ended an hour ago), MET Norway's MetAlerts under `/metalerts` (an orange
/// wind warning whose polygon holds Oslo), Bright Sky under `/dwd` (a minor frost warning
/// for any point). Like the real NWS and MET Norway, the stand-ins refuse (403) a request
/// whose User-Agent names no contact. Each service can be made to fail.
public struct FakeWarningServices: Sendable {
    /// How a service answers.
    public enum Behaviour: Sendable, Hashable {
        /// As the service would.
        case normal
        /// With this HTTP status and a short error body.
        case status(Int)
        /// With a 200 whose body is not the service's JSON.
        case malformed
    }

    /// The time the warnings are placed around.
    public var now: Date
    /// How NWS answers.
    public var nws = Behaviour.normal
    /// How MetAlerts answers.
    public var metAlerts = Behaviour.normal
    /// How Bright Sky answers.
    public var brightSky = Behaviour.normal

    /// Stand-ins with the warnings placed around `now`.
    public init(now: Date) {
        self.now = now
    }

    /// The base URLs under `server`, as `[warnings]` keys.
    public static func configTable(baseURL: String) -> String {
        """
        [warnings]
        nws_url = "\(baseURL)/nws"
        metalerts_url = "\(baseURL)/metalerts"
        dwd_url = "\(baseURL)/dwd"

        """
    }

    /// The answer to `request`; a path of no service is a 404.
    public func respond(to request: RecordedRequest) -> CannedResponse {
        let userAgent = request.header("User-Agent") ?? ""
        let hasContact = userAgent.contains(";")
        switch request.path {
        case "/nws/alerts/active":
            guard hasContact else { return Self.forbidden }
            return answer(nws, body: nwsBody)
        case "/metalerts/current.json":
            guard hasContact else { return Self.forbidden }
            return answer(metAlerts, body: metAlertsBody)
        case "/dwd/alerts":
            return answer(brightSky, body: brightSkyBody)
        default:
            return CannedResponse(status: 404, body: Array("no such service".utf8))
        }
    }

    private static let forbidden = CannedResponse(
        status: 403,
        headers: [HeaderField(name: "Content-Type", value: "text/html")],
        body: Array(
            "<html><body>Access denied: a User-Agent with contact is required</body></html>".utf8))

    private func answer(_ behaviour: Behaviour, body: String) -> CannedResponse {
        switch behaviour {
        case .normal: .json(body)
        case .status(let status): .json("{\"error\":\"stand-in failure\"}", status: status)
        case .malformed: .json("{\"features\": [tru")
        }
    }

    /// `now` moved by `hours`, as the services write times.
    private func at(_ hours: Double) -> String {
        let time = LocalDateTime(now.addingTimeInterval(hours * 3600), utcOffsetSeconds: 0)
        return "\(time.date)T\(pad(time.hour)):\(pad(time.minute)):00+00:00"
    }

    private func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    private var nwsBody: String {
        """
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "properties": {"id": "urn:oid:stand-in.storm", "status": "Actual",
            "messageType": "Alert", "event": "Winter Storm Warning", "severity": "Severe",
            "certainty": "Likely", "urgency": "Expected",
            "headline": "Winter Storm Warning until tomorrow morning",
            "description": "Heavy snow, 30 to 50 cm.", "instruction": "Stay off the roads.",
            "sent": "\(at(-1))", "effective": "\(at(-1))", "onset": "\(at(-1))",
            "expires": "\(at(3))", "ends": "\(at(6))", "references": []}},
          {"type": "Feature", "properties": {"id": "urn:oid:stand-in.wind", "status": "Actual",
            "messageType": "Alert", "event": "Wind Advisory", "severity": "Moderate",
            "certainty": "Likely", "urgency": "Expected", "headline": "Wind Advisory",
            "sent": "\(at(-7))", "onset": "\(at(-6))", "expires": "\(at(-1))", "ends": "\(at(-1))"}}
        ], "title": "Current watches, warnings, and advisories"}
        """
    }

    private var metAlertsBody: String {
        """
        {"type": "FeatureCollection", "lastChange": "\(at(-2))", "features": [
          {"type": "Feature",
           "geometry": {"type": "Polygon",
             "coordinates": [[[10, 59], [11.5, 59], [11.5, 60.5], [10, 60.5], [10, 59]]]},
           "properties": {"id": "stand-in.wind", "event": "wind",
             "awareness_level": "3; orange; Severe", "geographicDomain": "land",
             "type": "Alert", "status": "Actual", "title": "Strong wind, orange level, Oslo"},
           "when": {"interval": ["\(at(-1))", "\(at(9))"]}}
        ]}
        """
    }

    private var brightSkyBody: String {
        """
        {"alerts": [{"id": 1, "alert_id": "stand-in.frost", "effective": "\(at(-2))",
          "onset": "\(at(-1))", "expires": "\(at(10))", "category": "met",
          "response_type": "prepare", "urgency": "immediate", "severity": "minor",
          "certainty": "likely", "event_code": 22, "event_en": "frost", "event_de": "FROST",
          "headline_en": "Official WARNING of FROST", "headline_de": "Amtliche WARNUNG vor FROST"}],
         "location": {"warn_cell_id": 111000000, "name": "Berlin", "state": "Berlin"}}
        """
    }
}
