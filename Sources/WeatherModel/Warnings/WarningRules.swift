public import FoundationEssentials

/// The pure rules every source's messages go through before the wall shows them.
///
/// - An update replaces the messages it references; a cancel removes them and is never shown.
///   The rule follows the references, not the order messages arrive in: NWS lists the
///   newest first, MET Norway in no stated order.
/// - A warning vanishes at its end (`ends`, else `expires`) without a fetch.
/// - The wall lists the worst first: severity, then the earlier onset.
public enum WarningRules {
    /// The warnings left when `messages` (one source's answer for one place) are applied to
    /// each other: cancels and every message an update or cancel references are dropped;
    /// of two messages with the same identifier the later in the list is kept. Ordered as
    /// ``ordered(_:)``.
    public static func resolve(_ messages: [WeatherWarning]) -> [WeatherWarning] {
        let superseded = Set(messages.filter { $0.messageType != .alert }.flatMap(\.references))
        var byID: [String: Int] = [:]
        var kept: [WeatherWarning] = []
        for message in messages
        where message.messageType != .cancel && !superseded.contains(message.id) {
            if let index = byID[message.id] {
                kept[index] = message
            } else {
                byID[message.id] = kept.count
                kept.append(message)
            }
        }
        return ordered(kept)
    }

    /// `warnings` after `messages` arrive one by one (a source that sends only what changed):
    /// each update or cancel removes what it references from what was there before.
    public static func apply(_ messages: [WeatherWarning], to warnings: [WeatherWarning])
        -> [WeatherWarning]
    {
        resolve(warnings + messages)
    }

    /// The warnings still to be shown at `now` (not ended, not cancelled), worst first.
    public static func current(_ warnings: [WeatherWarning], at now: Date) -> [WeatherWarning] {
        ordered(warnings.filter { $0.isCurrent(at: now) })
    }

    /// Worst first: higher severity, then earlier onset, then the earlier end, then by event
    /// and identifier so that the order never depends on how a source listed them.
    public static func ordered(_ warnings: [WeatherWarning]) -> [WeatherWarning] {
        warnings.sorted { first, second in
            if first.severity != second.severity { return first.severity > second.severity }
            if first.onset != second.onset { return first.onset < second.onset }
            let firstEnd = first.end ?? .distantFuture
            let secondEnd = second.end ?? .distantFuture
            if firstEnd != secondEnd { return firstEnd < secondEnd }
            if first.event != second.event { return first.event < second.event }
            return first.id < second.id
        }
    }

    /// The next instant after `now` at which what `warnings` show changes by the clock alone:
    /// a warning ending or one coming into effect. Nil when nothing changes without a fetch.
    /// The kiosk wakes then, and not before, to redraw.
    public static func nextChange(in warnings: [WeatherWarning], after now: Date) -> Date? {
        var instants: [Date] = []
        for warning in warnings where warning.isCurrent(at: now) {
            if let end = warning.end { instants.append(end) }
            if warning.onset > now { instants.append(warning.onset) }
        }
        return instants.min()
    }
}
