import FoundationEssentials
public import KioskCore

/// The DWD's warnings through Bright Sky for one place: `GET {dwd_url}/alerts?lat=&lon=`.
///
/// One request per place: the DWD warns per municipality cell and Bright Sky publishes no
/// polygons; its answer for a point names the cell (`location.warn_cell_id`). Bright Sky
/// is a free volunteer service without a key or a published rate limit; it asks for fair
/// use. A point outside every cell is a 404.
public struct BrightSkyAlertsRequest: Sendable, Hashable {
    /// The place's coordinate.
    public var coordinate: Coordinate
    /// "de" for the DWD's German texts; anything else gets the English ones.
    public var language: String

    /// Creates a request.
    public init(coordinate: Coordinate, language: String = "en") {
        self.coordinate = coordinate
        self.language = language.lowercased() == "de" ? "de" : "en"
    }

    /// The URL under `baseURL` ("https://api.brightsky.dev").
    public func url(baseURL: String) -> String {
        ServiceAnswer.endpoint(baseURL, "/alerts") + "?lat="
            + ServiceAnswer.degrees(coordinate.latitude) + "&lon="
            + ServiceAnswer.degrees(coordinate.longitude)
    }

    /// The request with the validators of `conditional` and the kiosk's own User-Agent
    /// (Bright Sky asks for no contact).
    public func httpRequest(baseURL: String, conditional: ConditionalRequest) -> HTTPRequest {
        HTTPRequest(
            url: url(baseURL: baseURL),
            headers: [HTTPHeader(name: "Accept", value: "application/json")] + conditional.headers)
    }

    /// The alerts of a 200 answer as warnings for `place`, in the request's language. Only
    /// status "actual" (or none) counts. Colours are the DWD's own (`WarningLevel.init(dwdSeverity:)`).
    /// - Throws: `WarningsError` of kind `.malformedResponse` for a body that is not Bright
    ///   Sky's JSON.
    public func decode(_ body: [UInt8], place: String, url: String) throws(WarningsError)
        -> BrightSkyAnswer
    {
        let answer = try ServiceAnswer.decode(
            BrightSkyAlertsBody.self, from: body, source: .dwd, url: url)
        return BrightSkyAnswer(
            warnings: answer.alerts.compactMap {
                $0.warning(place: place, german: language == "de")
            },
            warnCellID: answer.location?.warnCellID?.value)
    }
}

/// Bright Sky's answer for a point.
public struct BrightSkyAnswer: Sendable, Hashable {
    /// The place's warnings.
    public var warnings: [WeatherWarning]
    /// The DWD municipality cell the point lies in, when Bright Sky named it.
    public var warnCellID: Int?
}

/// Bright Sky's JSON; only what the kiosk reads.
struct BrightSkyAlertsBody: Decodable {
    var alerts: [Alert]
    var location: Location?

    struct Location: Decodable {
        var warnCellID: LenientInteger?

        enum CodingKeys: String, CodingKey {
            case warnCellID = "warn_cell_id"
        }
    }

    struct Alert: Decodable {
        var alertID: String?
        var status: String?
        var effective: String?
        var onset: String?
        var expires: String?
        var urgency: String?
        var severity: String?
        var certainty: String?
        var eventEnglish: String?
        var eventGerman: String?
        var headlineEnglish: String?
        var headlineGerman: String?
        var descriptionEnglish: String?
        var descriptionGerman: String?
        var instructionEnglish: String?
        var instructionGerman: String?

        enum CodingKeys: String, CodingKey {
            case status, effective, onset, expires, urgency, severity, certainty
            case alertID = "alert_id"
            case eventEnglish = "event_en"
            case eventGerman = "event_de"
            case headlineEnglish = "headline_en"
            case headlineGerman = "headline_de"
            case descriptionEnglish = "description_en"
            case descriptionGerman = "description_de"
            case instructionEnglish = "instruction_en"
            case instructionGerman = "instruction_de"
        }

        func warning(place: String, german: Bool) -> WeatherWarning? {
            guard let alertID, status.map({ $0.lowercased() == "actual" }) ?? true,
                let severity = severity.flatMap(WarningSeverity.init(capValue:)),
                let onset = (onset ?? effective).flatMap(ServiceTimestamp.parse)
            else { return nil }
            // The asked-for language, else the other one: some texts exist only in German.
            func pick(_ english: String?, _ germanText: String?) -> String? {
                let preferred = german ? germanText : english
                let other = german ? english : germanText
                return preferred.flatMap { $0.isEmpty ? nil : $0 } ?? other
            }
            let event = pick(eventEnglish, eventGerman) ?? "Weather warning"
            return WeatherWarning(
                id: alertID, place: place, source: .dwd, event: event, severity: severity,
                level: WarningLevel(dwdSeverity: severity),
                certainty: WarningCertainty(capValue: certainty),
                urgency: WarningUrgency(capValue: urgency),
                headline: pick(headlineEnglish, headlineGerman) ?? event,
                description: pick(descriptionEnglish, descriptionGerman) ?? "",
                instruction: pick(instructionEnglish, instructionGerman), onset: onset,
                expires: expires.flatMap(ServiceTimestamp.parse))
        }
    }
}

/// An integer that some answers write as a string ("803159016").
struct LenientInteger: Decodable {
    var value: Int?

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        do {
            value = try container.decode(Int.self)
        } catch {
            // Not a number: a numeric string, or nothing usable (the cell is only shown).
            do {
                value = Int(try container.decode(String.self))
            } catch {
                value = nil
            }
        }
    }
}
