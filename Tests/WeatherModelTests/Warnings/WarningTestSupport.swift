import FoundationEssentials
import WeatherModel

/// An instant from a UTC "YYYY-MM-DDTHH:MM" text.
func utcInstant(_ text: String) -> Date {
    LocalDateTime(iso8601: text)!.instant(utcOffsetSeconds: 0)
}

/// A warning for the rules' tests: only what a rule looks at is given.
func sampleWarning(
    _ id: String, type: WarningMessageType = .alert, references: [String] = [],
    severity: WarningSeverity = .moderate, onset: String = "2026-01-10T06:00",
    ends: String? = "2026-01-10T18:00", expires: String? = nil, place: String = "Berlin",
    source: WarningSource = .dwd, event: String = "gale"
) -> WeatherWarning {
    WeatherWarning(
        id: id, references: references, messageType: type, place: place, source: source,
        event: event, severity: severity, headline: "\(event) \(id)", onset: utcInstant(onset),
        ends: ends.map(utcInstant), expires: expires.map(utcInstant))
}
