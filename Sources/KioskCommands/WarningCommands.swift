public import FoundationEssentials
public import KioskConfig
import KioskControl
public import KioskCore
import KioskDaemon
import Warnings

/// The `warnings` verb: what the running kiosk shows for its favourites, or, when no kiosk
/// runs, what the services answer now. A failing service is named, never read as "no
/// warnings".
public struct WarningCommands: Sendable {
    /// The config file.
    public let store: ConfigStore
    /// Where output goes.
    public let console: Console
    /// The HTTP transport for the services, when no kiosk runs.
    public let transport: any HTTPTransport
    /// The clock.
    public let now: @Sendable () -> Date

    /// Creates the verb.
    public init(
        store: ConfigStore, console: Console, transport: any HTTPTransport,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.store = store
        self.console = console
        self.transport = transport
        self.now = now
    }

    /// `warnings [CITY] [--json]`: every favourite's warnings (or one's), worst first.
    /// - Throws: `CommandFailure` (exit 1) when a service that covers a place shown failed,
    ///   after printing what there is.
    public func show(city reference: String?, json: Bool) async throws {
        let configuration = try ConfigCommands(store: store, console: console).load().configuration
        guard !configuration.cities.isEmpty else {
            throw CommandFailure.runtime(
                configuration.languageChoice.language.localized(
                    "There are no favourites to look up warnings for: add one with `weather-kiosk city add NAME`."
                ))
        }
        let places =
            try reference.map {
                [configuration.cities[try CityCommands.resolve($0, in: configuration.cities) - 1]]
            } ?? configuration.cities
        let names = Set(places.map(\.name))
        var (warnings, unavailable) = try await current(configuration)
        warnings = warnings.filter { names.contains($0.place) }
        unavailable = unavailable.filter { names.contains($0.place) }
        if json {
            console.print(try JSONText.encode(warnings))
        } else {
            console.print(
                Self.describe(
                    warnings, places: places, unavailable: Set(unavailable.map(\.place)),
                    language: configuration.languageChoice.language))
        }
        guard unavailable.isEmpty else {
            throw CommandFailure.runtime(unavailable.map(\.sentence).joined(separator: "\n"))
        }
    }

    private struct Unavailable {
        var place: String
        var sentence: String
    }

    /// From the running kiosk when one answers, else from the services now.
    private func current(_ configuration: KioskConfiguration) async throws
        -> ([KioskStatus.Warning], [Unavailable])
    {
        let control = try ControlCommands(store: store, console: console)
        if control.client.answers() {
            guard case .status(let status) = try control.exchange(.status) else {
                throw control.unexpected()
            }
            // The kiosk's sentences name no place: every shown place may be affected.
            let failures = (status.warningsUnavailable ?? []).flatMap { sentence in
                configuration.cities.map { Unavailable(place: $0.name, sentence: sentence) }
            }
            return (status.warnings ?? [], configuration.warnings.enabled ? failures : [])
        }
        let start = now()
        let (updates, _) = await WarningAsker().ask(
            configuration, transport: transport, now: start)
        var board = WarningBoard()
        for update in updates { update.apply(to: &board, at: start) }
        let failures = board.failures.map { failure in
            Unavailable(
                place: failure.feed.place,
                sentence: failure.summary(
                    now: start, utcOffsetSeconds: 0, clock: configuration.units.clock)
                    + ": " + failure.message)
        }
        return (board.allWarnings(at: start).map(KioskStatus.Warning.init), failures)
    }

    /// One paragraph per place: its warnings, or that there are none and from which service
    /// (or that the service could not be asked: never "none" then).
    static func describe(
        _ warnings: [KioskStatus.Warning], places: [City], unavailable: Set<String>,
        language: Language = .en
    ) -> String {
        places.map { city in
            let source = WarningCoverage.source(
                countryCode: city.countryCode, coordinate: city.coordinate)
            let own = warnings.filter { $0.place == city.name }
            guard !own.isEmpty else {
                guard let source else {
                    return language.localized(
                        "{place}: no official warning service covers it",
                        context: "warnings text", ["place": city.name])
                }
                let values: KeyValuePairs<String, String> = [
                    "place": city.name, "service": source.displayName,
                ]
                return unavailable.contains(city.name)
                    ? language.localized(
                        "{place}: warnings from {service} unavailable (see below)",
                        context: "warnings text", values)
                    : language.localized(
                        "{place}: no warnings from {service}", context: "warnings text", values)
            }
            return "\(city.name):\n"
                + own.map { warning in
                    let until = warning.expires.map { utcText($0, language) }
                    return "  " + describe(warning, until: until, language) + ": "
                        + warning.headline
                }.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// "severe wind until Sat 11:25 UTC (MET Norway)": the warning's severity, event, end
    /// and source, in `language` (the event is the service's own words; the kiosk's own
    /// reading names its hazard in `language`).
    private static func describe(
        _ warning: KioskStatus.Warning, until: String?, _ language: Language
    ) -> String {
        let severity = severityName(warning.severity, language)
        let source = label(warning, language)
        let event =
            warning.official
            ? warning.event : DerivedWarnings.hazardName(warning.event, in: language)
        guard let until else {
            return language.localized(
                "{severity} {event} ({source})", context: "warnings text",
                ["severity": severity, "event": event, "source": source])
        }
        return language.localized(
            "{severity} {event} until {time} ({source})", context: "warnings text",
            ["severity": severity, "event": event, "time": until, "source": source])
    }

    /// A severity as the warnings text says it: "severe".
    private static func severityName(_ severity: String, _ language: Language) -> String {
        // TRANSLATORS: a warning's severity before the service's name for the event
        // ("severe wind", "vento forte": put it where your language puts it).
        switch severity {
        case "minor": language.localized("minor", context: "warning severity, warnings text")
        case "moderate":
            language.localized("moderate", context: "warning severity, warnings text")
        case "severe": language.localized("severe", context: "warning severity, warnings text")
        case "extreme": language.localized("extreme", context: "warning severity, warnings text")
        default: severity
        }
    }

    /// One line per warning for `status`, worst first as the kiosk keeps them: "Oslo:
    /// severe wind until Sat 11:25 UTC (MET Norway)".
    static func lines(_ warnings: [KioskStatus.Warning], language: Language = .en) -> [String] {
        warnings.map { warning in
            let until = warning.expires.map { utcText($0, language) }
            return "\(warning.place): " + describe(warning, until: until, language)
        }
    }

    /// Who says so: the service as the wall names it, or the kiosk's own reading.
    private static func label(_ warning: KioskStatus.Warning, _ language: Language) -> String {
        guard warning.official else {
            return language.localized("the kiosk's own", context: "warnings text, source")
        }
        return WarningSource(rawValue: warning.source)?.displayName ?? warning.source.uppercased()
    }

    private static func utcText(_ date: Date, _ language: Language) -> String {
        let time = LocalDateTime(date, utcOffsetSeconds: 0)
        return
            "\(time.date.weekdayName(.abbreviated, language: language)) \(time.clockText(.twentyFourHour)) UTC"
    }
}
