import CurlHTTP
public import FoundationEssentials
public import KioskConfig
import KioskControl
public import KioskCore
import KioskDaemon
import LinuxPlatform
import OpenMeteo

/// One line of `doctor`: what was checked, how it went, and what to do.
public struct DoctorFinding: Sendable, Hashable, Encodable {
    /// How it went.
    public enum Level: String, Sendable, Hashable, Encodable {
        /// Fine.
        case ok = "OK"
        /// Works, but something is off.
        case warning = "WARN"
        /// Does not work.
        case failure = "FAIL"
        /// Not applicable with this configuration.
        case skipped = "SKIP"
    }

    /// How it went.
    public var level: Level
    /// What was checked: "config", "i2c", "clock", …
    public var subject: String
    /// One sentence: what was found, and for WARN and FAIL what to do. In English: the
    /// JSON's `message`.
    public var message: String
    /// The sentence in the other languages, for the text output; empty for a sentence
    /// that is not in the catalogs (a device's or a service's failure), shown as it is.
    public var translations: [Language: String] = [:]

    /// Creates a finding whose sentence is not translated.
    public init(_ level: Level, _ subject: String, _ message: String) {
        self.level = level
        self.subject = subject
        self.message = message
    }

    /// Creates a finding whose sentence the text output shows in the reader's language.
    public init(_ level: Level, _ subject: String, _ message: LocalizedMessage) {
        self.init(level, subject) { message.text(in: $0) }
    }

    /// Creates a finding whose sentence `text` writes in each language (for numbers
    /// written the language's way as well as its words).
    public init(_ level: Level, _ subject: String, text: (Language) -> String) {
        self.init(level, subject, text(.en))
        for language in Language.allCases where language != .en {
            translations[language] = text(language)
        }
    }

    /// The sentence in `language`: its translation when it has one, else as it is.
    public func message(in language: Language) -> String {
        translations[language] ?? message
    }

    private enum CodingKeys: String, CodingKey {
        case level, subject, message
    }
}

/// `doctor`: checks config, board, devices, clock, network and API budget, one line each.
public struct DoctorCommands: Sendable {
    /// A check that needs the loaded configuration.
    public typealias Check = @Sendable (KioskConfiguration) async -> [DoctorFinding]

    /// The config file.
    public let store: ConfigStore
    /// Where output goes.
    public let console: Console
    /// The transport for the network check.
    public let transport: any HTTPTransport
    /// Device checks contributed by the adapters (sensor, buttons, display).
    public let deviceChecks: [Check]
    /// The clock.
    public let now: @Sendable () -> Date

    /// Creates the verb.
    public init(
        store: ConfigStore, console: Console, transport: any HTTPTransport,
        deviceChecks: [Check] = [], now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.store = store
        self.console = console
        self.transport = transport
        self.deviceChecks = deviceChecks
        self.now = now
    }

    /// Runs every check and prints one line each.
    /// - Throws: `CommandFailure` (exit 1) when any check failed.
    public func run(json: Bool) async throws {
        var findings: [DoctorFinding] = []
        let loaded: ConfigStore.Loaded
        do {
            loaded = try store.load()
            let count = loaded.configuration.cities.count
            let values: KeyValuePairs<String, String> = [
                "path": store.path, "origin": store.originDescription,
                "board": loaded.configuration.board,
            ]
            findings.append(
                DoctorFinding(
                    .ok, "config",
                    loaded.exists
                        ? LocalizedMessage(
                            "{path} ({origin}) is valid: board {board}, {count} favourite.",
                            plural:
                                "{path} ({origin}) is valid: board {board}, {count} favourites.",
                            count: count, context: "doctor", values)
                        : LocalizedMessage(
                            "{path} ({origin}) does not exist yet: built-in defaults (board {board}); `weather-kiosk city add NAME` creates it.",
                            context: "doctor", values)))
        } catch {
            findings.append(
                contentsOf: error.problems.map { DoctorFinding(.failure, "config", $0.text) })
            try finish(findings, json: json, language: store.systemLanguage.language)
            return
        }
        let configuration = loaded.configuration
        let choice = configuration.languageChoice
        findings.append(Self.languageFinding(choice))
        findings.append(
            DoctorFinding(
                .ok, "board",
                LocalizedMessage(
                    "Profile \"{board}\" ({summary}).", context: "doctor",
                    ["board": configuration.board, "summary": Self.boardSummary(configuration)])))
        findings.append(Self.stationFinding(configuration))
        for check in deviceChecks { findings += await check(configuration) }
        findings.append(clockFinding())
        findings.append(await networkFinding(configuration))
        findings.append(budgetFinding(configuration))
        findings.append(Self.warningsFinding(configuration))
        try finish(findings, json: json, language: choice.language)
    }

    private func finish(_ findings: [DoctorFinding], json: Bool, language: Language) throws {
        if json {
            console.print(try JSONText.encode(findings))
        } else {
            let rows = findings.map { [$0.level.rawValue, $0.subject, $0.message(in: language)] }
            console.print(TextTable.render(rows))
        }
        let failures = findings.filter { $0.level == .failure }.count
        if failures > 0 {
            // TRANSLATORS: `doctor`'s last line; FAIL is the level as the lines print it.
            throw CommandFailure.runtime(
                language.localized(
                    "doctor found {count} problem; the FAIL line says what to do.",
                    plural: "doctor found {count} problems; the FAIL lines say what to do.",
                    count: failures))
        }
    }

    static func boardSummary(_ configuration: KioskConfiguration) -> String {
        "display \(configuration.display.kind.rawValue), sensor \(configuration.sensor.kind.rawValue),"
            + " buttons \(configuration.buttons.backend.rawValue)"
    }

    // MARK: Clock

    /// A Pi has no real-time clock: until NTP sets it, forecasts look days old or from the
    /// future, and TLS certificates fail to verify.
    func clockFinding() -> DoctorFinding {
        let year = LocalDateTime(now(), utcOffsetSeconds: 0).date.year
        if year < 2025 {
            return DoctorFinding(
                .failure, "clock",
                LocalizedMessage(
                    "The system clock says {year}: it was never set. Boards without a real-time clock need the network time (`timedatectl set-ntp true`, and a network at boot); TLS to Open-Meteo fails until then.",
                    context: "doctor", ["year": String(year)]))
        }
        switch SystemClock.state {
        case .synchronized:
            return DoctorFinding(
                .ok, "clock",
                LocalizedMessage("The system clock is synchronised.", context: "doctor"))
        case .unsynchronized:
            return DoctorFinding(
                .warning, "clock",
                LocalizedMessage(
                    "The system clock is not synchronised: a board without a real-time clock boots with a wrong time; check `timedatectl` and that systemd-timesyncd (or chrony) can reach a time server.",
                    context: "doctor"))
        case .unknown:
            return DoctorFinding(
                .warning, "clock",
                LocalizedMessage(
                    "Could not ask the kernel whether the clock is synchronised.",
                    context: "doctor"))
        }
    }

    // MARK: Network

    func networkFinding(_ configuration: KioskConfiguration) async -> DoctorFinding {
        let fetcher = ForecastFetcher(configuration: configuration, transport: transport)
        let started = now()
        // Any place will do to see that Open-Meteo answers: the station, else the first
        // favourite, else Greenwich.
        let place =
            configuration.station.coordinate ?? configuration.cities.first?.coordinate
            ?? Coordinate(latitude: 51.4779, longitude: 0)
        do {
            _ = try await fetcher.fetch(
                [place], units: ForecastUnits(configuration.units), now: started)
            let milliseconds = Int(now().timeIntervalSince(started) * 1000)
            return DoctorFinding(
                .ok, "network",
                LocalizedMessage(
                    "Open-Meteo at {url} answered in {milliseconds} ms.", context: "doctor",
                    [
                        "url": HTTPRequest.shortened(configuration.forecast.baseURL),
                        "milliseconds": String(milliseconds),
                    ]))
        } catch {
            if case .rateLimited = error.kind {
                return DoctorFinding(.warning, "network", error.message)
            }
            return DoctorFinding(.failure, "network", error.message)
        }
    }

    // MARK: API budget

    func budgetFinding(_ configuration: KioskConfiguration) -> DoctorFinding {
        let locations = ForecastFetcher.locations(for: configuration).count
        let daily = ForecastRequest.estimatedDailyAPICalls(
            locations: locations, refreshMinutes: configuration.forecast.refreshMinutes)
        // The air quality of every favourite, at most hourly (`AirQualityWatch`).
        let airPlaces = AirQualityFetcher.places(for: configuration).count
        let air = APICallBudget(
            places: airPlaces, forecastRefreshMinutes: configuration.forecast.refreshMinutes,
            airQualityRefreshMinutes: 0)
        let calls = Int((daily + air.airQualityCallsPerDay).rounded())
        // The numbers are written each language's way ("10.000"), the JSON's the English.
        func finding(_ level: DoctorFinding.Level, _ advice: LocalizedMessage?) -> DoctorFinding {
            DoctorFinding(level, "api budget") { language in
                let minutes = String(configuration.forecast.refreshMinutes)
                let total = WeatherFormat.decimal(
                    Double(calls), digits: 0, grouped: true, language: language)
                let limit = WeatherFormat.decimal(
                    10_000, digits: 0, grouped: true, language: language)
                let cost =
                    airPlaces == 0
                    ? LocalizedMessage(
                        "{count} location every {minutes} min costs about {calls} of the {limit} free API calls a day",
                        plural:
                            "{count} locations every {minutes} min cost about {calls} of the {limit} free API calls a day",
                        count: locations, context: "doctor",
                        ["minutes": minutes, "calls": total, "limit": limit]
                    ).text(in: language)
                    : LocalizedMessage(
                        "{count} location every {minutes} min and the air quality of {places} every {air_minutes} min cost about {calls} of the {limit} free API calls a day",
                        plural:
                            "{count} locations every {minutes} min and the air quality of {places} every {air_minutes} min cost about {calls} of the {limit} free API calls a day",
                        count: locations, context: "doctor",
                        [
                            "minutes": minutes, "places": String(airPlaces),
                            "air_minutes": String(air.airQualityRefreshMinutes ?? 60),
                            "calls": total, "limit": limit,
                        ]
                    ).text(in: language)
                guard let advice else { return Sentence.ended(cost) }
                return cost + ": " + advice.text(in: language)
            }
        }
        if calls > 10_000 {
            return finding(
                .failure,
                LocalizedMessage(
                    "raise [forecast] refresh_minutes, remove favourites, or set an api_key for a commercial plan.",
                    context: "doctor"))
        }
        if calls > 8_000 {
            return finding(
                .warning,
                LocalizedMessage(
                    "close to the limit; nothing else on this network can use Open-Meteo.",
                    context: "doctor"))
        }
        return finding(.ok, nil)
    }
}
