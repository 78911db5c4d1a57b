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
    /// One sentence: what was found, and for WARN and FAIL what to do.
    public var message: String

    /// Creates a finding.
    public init(_ level: Level, _ subject: String, _ message: String) {
        self.level = level
        self.subject = subject
        self.message = message
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
            findings.append(
                DoctorFinding(
                    .ok, "config",
                    loaded.exists
                        ? "\(store.path) (\(store.originDescription)) is valid: board \(loaded.configuration.board), \(count) favourite\(count == 1 ? "" : "s")."
                        : "\(store.path) (\(store.originDescription)) does not exist yet: built-in defaults (board \(loaded.configuration.board)); `weather-kiosk city add NAME` creates it."
                ))
        } catch {
            findings.append(
                contentsOf: error.problems.map { DoctorFinding(.failure, "config", $0.text) })
            try finish(findings, json: json)
            return
        }
        let configuration = loaded.configuration
        findings.append(
            DoctorFinding(
                .ok, "board",
                "Profile \"\(configuration.board)\" (\(Self.boardSummary(configuration)))."))
        findings.append(Self.stationFinding(configuration))
        for check in deviceChecks { findings += await check(configuration) }
        findings.append(clockFinding())
        findings.append(await networkFinding(configuration))
        findings.append(budgetFinding(configuration))
        findings.append(Self.warningsFinding(configuration))
        try finish(findings, json: json)
    }

    private func finish(_ findings: [DoctorFinding], json: Bool) throws {
        if json {
            console.print(try JSONText.encode(findings))
        } else {
            let rows = findings.map { [$0.level.rawValue, $0.subject, $0.message] }
            console.print(TextTable.render(rows))
        }
        let failures = findings.filter { $0.level == .failure }.count
        if failures > 0 {
            throw CommandFailure.runtime(
                "doctor found \(failures) problem\(failures == 1 ? "" : "s"); the FAIL lines say what to do."
            )
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
                "The system clock says \(year): it was never set. Boards without a real-time clock need the network time"
                    + " (`timedatectl set-ntp true`, and a network at boot); TLS to Open-Meteo fails until then."
            )
        }
        switch SystemClock.state {
        case .synchronized:
            return DoctorFinding(.ok, "clock", "The system clock is synchronised.")
        case .unsynchronized:
            return DoctorFinding(
                .warning, "clock",
                "The system clock is not synchronised: a board without a real-time clock boots with a wrong time;"
                    + " check `timedatectl` and that systemd-timesyncd (or chrony) can reach a time server."
            )
        case .unknown:
            return DoctorFinding(
                .warning, "clock", "Could not ask the kernel whether the clock is synchronised.")
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
                "Open-Meteo at \(HTTPRequest.shortened(configuration.forecast.baseURL)) answered in \(milliseconds) ms."
            )
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
        let airText =
            airPlaces == 0
            ? ""
            : " and the air quality of \(airPlaces) every \(air.airQualityRefreshMinutes ?? 60) min"
        let text =
            "\(locations) location\(locations == 1 ? "" : "s") every \(configuration.forecast.refreshMinutes) min"
            + airText
            + " cost about \(CityCommands.thousands(calls)) of the 10,000 free API calls a day"
        if calls > 10_000 {
            return DoctorFinding(
                .failure, "api budget",
                text
                    + ": raise [forecast] refresh_minutes, remove favourites, or set an api_key for a commercial plan."
            )
        }
        if calls > 8_000 {
            return DoctorFinding(
                .warning, "api budget",
                text + ": close to the limit; nothing else on this network can use Open-Meteo.")
        }
        return DoctorFinding(.ok, "api budget", Sentence.ended(text))
    }
}

extension DoctorCommands {
    /// Whether the kiosk knows where it hangs: without `station.latitude` and
    /// `station.longitude` nothing is fetched for it, and without an elevation the indoor
    /// pressure is shown at station level, not reduced to sea level.
    static func stationFinding(_ configuration: KioskConfiguration) -> DoctorFinding {
        let station = configuration.station
        if let coordinate = station.coordinate {
            let elevation =
                station.elevation.map { "elevation \(WeatherFormat.decimal($0, digits: 0)) m" }
                ?? "Open-Meteo's elevation for it"
            return DoctorFinding(
                .ok, "station",
                "\(station.name) at \(coordinate.latitude), \(coordinate.longitude); sea-level pressure from \(elevation)."
            )
        }
        let pressure =
            station.elevation == nil
            ? "the indoor pressure is shown at station level, not at sea level"
            : "the sea-level pressure uses station.elevation"
        let opening =
            "No station set: nothing is fetched for the kiosk's own place and \(pressure); "
        // With a favourite, its place is the example of the lines to run (the kiosk often
        // hangs in its first favourite); without one there is no place to suggest.
        guard let example = configuration.cities.first else {
            let keys = [
                station.latitude == nil ? "station.latitude" : nil,
                station.longitude == nil ? "station.longitude" : nil,
            ].compactMap { $0 }
            return DoctorFinding(
                .warning, "station",
                opening + "set " + keys.joined(separator: " and ")
                    + " to where the kiosk hangs, in decimal degrees (`weather-kiosk city search"
                    + " YOUR-TOWN` prints them), with `weather-kiosk config set`.")
        }
        let latitude = station.latitude ?? example.coordinate.latitude
        let longitude = station.longitude ?? example.coordinate.longitude
        var missing: [String] = []
        if station.latitude == nil {
            missing.append("`weather-kiosk config set station.latitude \(latitude)`")
        }
        if station.longitude == nil {
            missing.append("`weather-kiosk config set station.longitude \(longitude)`")
        }
        return DoctorFinding(
            .warning, "station",
            opening + "run " + missing.joined(separator: " and ")
                + " with the kiosk's own place (shown: \(example.name)'s, the first favourite).")
    }
}
