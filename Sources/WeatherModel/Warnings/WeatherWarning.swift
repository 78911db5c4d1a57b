public import FoundationEssentials

/// Where a warning comes from: a national weather service, or the kiosk's own reading of its
/// forecast and barometer.
public enum WarningSource: String, Sendable, Hashable, Codable, CaseIterable {
    /// The US National Weather Service (api.weather.gov).
    case nws
    /// MET Norway's MetAlerts 2.0 (api.met.no).
    case metalerts
    /// Deutscher Wetterdienst, through Bright Sky (api.brightsky.dev).
    case dwd
    /// The kiosk's own reading of the forecast it fetched and of its barometer.
    case derived

    /// Whether warnings from here are a weather service's official warnings.
    public var isOfficial: Bool { self != .derived }

    /// The name a sentence uses: "NWS", "MET Norway", "DWD", "the kiosk".
    public var displayName: String {
        switch self {
        case .nws: "NWS"
        case .metalerts: "MET Norway"
        case .dwd: "DWD"
        case .derived: "the kiosk"
        }
    }
}

/// How bad the hazard is, on the scale of the Common Alerting Protocol (CAP) that all three
/// services use. Ordered: minor < moderate < severe < extreme.
public enum WarningSeverity: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// Minimal threat to life or property.
    case minor
    /// Possible threat to life or property.
    case moderate
    /// Significant threat to life or property.
    case severe
    /// Extraordinary threat to life or property.
    case extreme

    /// The severity a CAP `severity` value names, in any case ("Severe", "severe"); nil for
    /// "Unknown" and anything else.
    public init?(capValue: String) {
        self.init(rawValue: capValue.lowercased())
    }

    /// Orders by how bad.
    public static func < (lhs: WarningSeverity, rhs: WarningSeverity) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// The colour a warning is shown in: MeteoAlarm's and MET Norway's awareness levels.
public enum WarningLevel: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// Be aware: potentially dangerous weather.
    case yellow
    /// Be prepared: dangerous weather.
    case orange
    /// Take action: very dangerous weather.
    case red

    /// MeteoAlarm's mapping (also MET Norway's): moderate is yellow, severe orange, extreme
    /// red. MeteoAlarm shows minor as green, "no particular awareness"; a service that still
    /// issues a minor warning gets yellow, the lowest colour the wall shows.
    public init(meteoAlarmSeverity severity: WarningSeverity) {
        switch severity {
        case .minor, .moderate: self = .yellow
        case .severe: self = .orange
        case .extreme: self = .red
        }
    }

    /// The DWD's own four colours as its WarnWetter app shows them, with its violet
    /// (level 4, extreme) as red: minor (level 1) yellow, moderate ("markantes Wetter")
    /// orange, severe ("Unwetter") and extreme red. A German reader expects these.
    public init(dwdSeverity severity: WarningSeverity) {
        switch severity {
        case .minor: self = .yellow
        case .moderate: self = .orange
        case .severe, .extreme: self = .red
        }
    }

    /// The level a MeteoAlarm `awareness_level` names: "3; orange; Severe" is orange. Nil
    /// when no colour the wall shows is named (green is "no warning").
    public init?(awarenessLevel text: String) {
        let parts = text.split(separator: ";", omittingEmptySubsequences: false)
        guard parts.count >= 2,
            let level = WarningLevel(rawValue: parts[1].filter { $0 != " " }.lowercased())
        else {
            return nil
        }
        self = level
    }

    /// Orders by how urgent the colour is.
    public static func < (lhs: WarningLevel, rhs: WarningLevel) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// How sure the issuer is (CAP `certainty`).
public enum WarningCertainty: String, Sendable, Hashable, Codable, CaseIterable {
    /// It is happening or has happened.
    case observed
    /// More likely than not.
    case likely
    /// Possible but not likely.
    case possible
    /// Not expected.
    case unlikely
    /// Not known, or a value CAP does not define.
    case unknown

    /// The certainty a CAP value names, in any case; `.unknown` for anything else.
    public init(capValue: String?) {
        self = capValue.flatMap { WarningCertainty(rawValue: $0.lowercased()) } ?? .unknown
    }
}

/// How soon to act (CAP `urgency`).
public enum WarningUrgency: String, Sendable, Hashable, Codable, CaseIterable {
    /// Act now.
    case immediate
    /// Act within the next hour.
    case expected
    /// Act in the near future.
    case future
    /// No longer needed.
    case past
    /// Not known, or a value CAP does not define.
    case unknown

    /// The urgency a CAP value names, in any case; `.unknown` for anything else.
    public init(capValue: String?) {
        self = capValue.flatMap { WarningUrgency(rawValue: $0.lowercased()) } ?? .unknown
    }
}

/// What a message does to the warnings before it (CAP `msgType`).
public enum WarningMessageType: String, Sendable, Hashable, Codable, CaseIterable {
    /// A new warning.
    case alert
    /// Replaces the warnings it references.
    case update
    /// Withdraws the warnings it references; never shown itself.
    case cancel

    /// The type a CAP value names, in any case; nil for "Ack", "Error" and anything else.
    public init?(capValue: String) {
        self.init(rawValue: capValue.lowercased())
    }
}

/// One warning for one place, official or the kiosk's own.
public struct WeatherWarning: Sendable, Hashable, Codable {
    /// The message's identifier at its source (CAP `identifier`); derived warnings have
    /// "derived:<hazard>".
    public var id: String
    /// Identifiers of the earlier messages this one updates or cancels.
    public var references: [String]
    /// Alert, update or cancel.
    public var messageType: WarningMessageType
    /// The favourite (or the station) the warning is shown for: its display name.
    public var place: String
    /// Where it comes from.
    public var source: WarningSource
    /// The hazard, as the source names it: "Flood Watch", "gale", "persistent rain".
    public var event: String
    /// How bad.
    public var severity: WarningSeverity
    /// The colour it is shown in.
    public var level: WarningLevel
    /// How sure the issuer is.
    public var certainty: WarningCertainty
    /// How soon to act.
    public var urgency: WarningUrgency
    /// One line: "Flood Watch issued December 20 … until December 22 at 10:00AM PST".
    public var headline: String
    /// What is expected, as the source wrote it.
    public var description: String
    /// What to do, when the source says.
    public var instruction: String?
    /// When the hazard begins.
    public var onset: Date
    /// When the hazard ends (CAP `ends`, MET's interval end); nil when the source gives only
    /// the message's expiry.
    public var ends: Date?
    /// When the message expires (CAP `expires`); nil when the source gives none.
    public var expires: Date?

    /// Creates a warning.
    public init(
        id: String, references: [String] = [], messageType: WarningMessageType = .alert,
        place: String, source: WarningSource, event: String, severity: WarningSeverity,
        level: WarningLevel? = nil, certainty: WarningCertainty = .unknown,
        urgency: WarningUrgency = .unknown, headline: String, description: String = "",
        instruction: String? = nil, onset: Date, ends: Date? = nil, expires: Date? = nil
    ) {
        self.id = id
        self.references = references
        self.messageType = messageType
        self.place = place
        self.source = source
        self.event = event
        self.severity = severity
        self.level = level ?? WarningLevel(meteoAlarmSeverity: severity)
        self.certainty = certainty
        self.urgency = urgency
        self.headline = headline
        self.description = description
        self.instruction = instruction
        self.onset = onset
        self.ends = ends
        self.expires = expires
    }

    /// Whether it is a weather service's warning; always false for the kiosk's own.
    public var official: Bool { source.isOfficial }

    /// When it vanishes from the wall without a fetch: the end of the hazard, else the
    /// message's expiry; nil when the source gives neither (it stays until a fetch drops it).
    public var end: Date? { ends ?? expires }

    /// Whether it is still to be shown at `now`: not cancelled and not ended. A warning
    /// whose onset is still ahead is shown (as "from … until …").
    public func isCurrent(at now: Date) -> Bool {
        guard messageType != .cancel else { return false }
        guard let end else { return true }
        return now < end
    }

    /// Whether the hazard is under way at `now`: current and past its onset.
    public func isInEffect(at now: Date) -> Bool {
        isCurrent(at: now) && onset <= now
    }
}
