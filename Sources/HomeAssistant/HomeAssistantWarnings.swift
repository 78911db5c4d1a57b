import FoundationEssentials
public import KioskCore

/// Each favourite's "weather warning" for Home Assistant: a binary_sensor, on while an
/// official warning of moderate or worse is in effect or coming, with the worst one's event,
/// level, headline and end as attributes. The kiosk's own readings never turn it on.
public enum HomeAssistantWarnings {
    /// The `warnings` object of the state payload: one member per favourite, by its id.
    public static func payload(_ snapshot: KioskSnapshot) -> JSONValue {
        var members: [String: JSONValue] = [:]
        for city in snapshot.configuration.cities {
            let worst = snapshot.warnings.first {
                $0.place == city.name && $0.official && $0.severity >= .moderate
            }
            members[HomeAssistantTopics.cityID(city)] = .object([
                "state": .string(worst == nil ? "OFF" : "ON"),
                "event": worst.map { .string($0.event) } ?? .null,
                "level": worst.map { .string($0.level.rawValue) } ?? .null,
                "severity": worst.map { .string($0.severity.rawValue) } ?? .null,
                "headline": worst.map { .string($0.headline) } ?? .null,
                "source": worst.map { .string($0.source.displayName) } ?? .null,
                "end": worst?.end.map { .string(ServiceTime.iso8601($0)) } ?? .null,
            ])
        }
        return .object(members)
    }

    /// The binary_sensor's discovery fields for the favourite with `id`, but its name.
    static func discoveryFields(id: String, stateTopic: String) -> [String: JSONValue] {
        [
            "device_class": .string("safety"),
            "state_topic": .string(stateTopic),
            "value_template": .string("{{ value_json.warnings['\(id)'].state }}"),
            "json_attributes_topic": .string(stateTopic),
            "json_attributes_template": .string(
                "{{ value_json.warnings['\(id)'] | tojson }}"),
        ]
    }
}

/// Instants as Home Assistant reads them.
enum ServiceTime {
    /// "2026-11-22T14:05:00Z".
    static func iso8601(_ date: Date) -> String {
        let time = LocalDateTime(date, utcOffsetSeconds: 0)
        let clock = time.clockText(.twentyFourHour)
        let seconds = time.second < 10 ? "0\(time.second)" : "\(time.second)"
        return "\(time.date)T\(clock):\(seconds)Z"
    }
}
