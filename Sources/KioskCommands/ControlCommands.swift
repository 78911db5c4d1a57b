public import FoundationEssentials
public import KioskConfig
public import KioskControl
import KioskCore
import LinuxPlatform
import Pixels
import Rendering

/// The verbs that talk to the running daemon: status, next, previous, show, page, refresh,
/// reload, screenshot.
public struct ControlCommands: Sendable {
    /// The socket client.
    public let client: ControlClient
    /// Where output goes.
    public let console: Console

    /// Creates the verbs for the daemon whose socket the config names. The config need not
    /// be valid: `status` is how one finds out what is wrong with it while the kiosk runs on
    /// its last good one, so the first of `ConfigStore.socketCandidates()` that answers is
    /// used; when none does, the first that refuses this user (a user outside the kiosk's
    /// group, who cannot read the system config either, gets the sentence that says how to
    /// join it), else the first one, for the "not running" message.
    public init(store: ConfigStore, console: Console) throws {
        let candidates = store.socketCandidates()
        let path =
            candidates.count == 1
            ? candidates[0]
            : candidates.first { ControlClient(path: $0).answers() }
                ?? candidates.first { ControlClient(path: $0).refusesThisUser() }
                ?? candidates[0]
        self.init(client: ControlClient(path: path), console: console)
    }

    /// Creates the verbs over a given client.
    public init(client: ControlClient, console: Console) {
        self.client = client
        self.console = console
    }

    /// `status`: what the kiosk shows, its data, sensor, display and config.
    /// - Throws: `CommandFailure` (exit 3 when the daemon is not running).
    public func status(json: Bool, now: Date = Date()) throws {
        guard case .status(let status) = try exchange(.status) else { throw unexpected() }
        if json {
            console.print(try JSONText.encode(status))
            return
        }
        console.print(Self.describe(status, now: now))
    }

    /// `next`, `previous`, `show CITY`, `page P`, `refresh`, `reload`: a command and the
    /// sentence the kiosk answers with; with `json`, the whole `ControlResult` (what is shown
    /// now, what became of a refresh).
    /// - Throws: `CommandFailure` when the kiosk refuses (exit 2) or is not running (3).
    public func send(_ command: ControlCommand, json: Bool = false) throws {
        guard case .result(let result) = try exchange(command) else { throw unexpected() }
        console.print(json ? try JSONText.encode(result) : result.message)
    }

    /// `reload`: makes the kiosk read its config now.
    /// - Throws: `CommandFailure` (exit 2) listing the problems when the file is refused.
    public func reload(json: Bool = false) throws {
        try send(.reload, json: json)
    }

    /// `screenshot -o FILE` (`-` = stdout): the frame on screen as PNG.
    /// - Throws: `CommandFailure` when there is no frame yet or the file cannot be written.
    public func screenshot(to path: String) throws {
        guard case .screenshot(let image) = try exchange(.screenshot) else { throw unexpected() }
        guard let png = Data(base64Encoded: image.png) else {
            throw CommandFailure.runtime("The kiosk sent a screenshot that is not base64 PNG data.")
        }
        if path == "-" {
            try writeStandardOutput(Array(png))
            return
        }
        do {
            try FileSystem.writeAtomically(Array(png), to: path)
        } catch {
            throw CommandFailure.runtime(error.message)
        }
        console.printError("Wrote \(path) (\(image.width)x\(image.height), frame \(image.frame)).")
    }

    /// `preview`: the kiosk's screen in this terminal, redrawn whenever it changes, until
    /// Ctrl-C (or, with `frames`, after that many frames).
    /// - Throws: `CommandFailure` when the daemon is not running or stops answering.
    public func preview(frames: Int? = nil) throws {
        let terminal = TerminalDisplay(descriptor: 1)
        let colors = terminal.colors == .trueColor ? "truecolor" : "256"
        var last = -1
        var shown = 0
        // On the alternate screen, so that Ctrl-C gives the terminal back as it was.
        if CurrentProcess.isTerminal(1) {
            TerminalScreen.leaveOnInterrupt()
            FileDescriptor.writeAll(1, TerminalScreen.enter)
        }
        defer {
            if CurrentProcess.isTerminal(1) { FileDescriptor.writeAll(1, TerminalScreen.leave) }
        }
        while frames.map({ shown < $0 }) ?? true {
            let (columns, rows) = terminal.cells()
            let request = ControlCommand.preview(
                after: last, columns: columns, rows: max(1, rows - 1), colors: colors)
            guard case .preview(let reply) = try exchange(request, timeout: 40) else {
                throw unexpected()
            }
            guard reply.frame != last else { continue }
            last = reply.frame
            shown += 1
            FileDescriptor.writeAll(1, "\u{1B}[H" + reply.ansi)
        }
    }

    // MARK: Replies

    /// The kiosk's reply to `command`; a refusal throws its sentence and exit code.
    func exchange(_ command: ControlCommand, timeout: Double = 15) throws -> ControlReply {
        let reply = try client.exchange(command, timeout: timeout)
        if case .failure(let failure) = reply { throw failure.commandFailure }
        return reply
    }

    /// A reply of another kind than the command has: a daemon of another version.
    func unexpected() -> CommandFailure {
        CommandFailure.runtime(
            "The kiosk's answer lacks what this version of the command expects; are the daemon and the command the same version?"
        )
    }

    // MARK: Text

    /// An e-paper panel's refreshes: "last 4 min ago · 12 today · next possible in 11 min
    /// (at most every 15 min)".
    static func describe(_ refreshes: KioskStatus.Display.Refreshes, now: Date) -> String {
        var parts: [String] = []
        if let last = refreshes.last {
            parts.append("last \(WeatherFormat.duration(now.timeIntervalSince(last))) ago")
        } else {
            parts.append("none yet")
        }
        parts.append("\(refreshes.today) today")
        if refreshes.busy {
            parts.append("refreshing now")
        } else if let possible = refreshes.nextPossible, possible > now {
            parts.append(
                "next possible in \(WeatherFormat.countdown(possible.timeIntervalSince(now)))")
        } else {
            parts.append("next possible now")
        }
        if let pending = refreshes.pending, !refreshes.busy {
            let wait = pending.timeIntervalSince(now)
            parts.append(
                wait > 0
                    ? "a change waits, drawn in \(WeatherFormat.countdown(wait))"
                    : "a change is being drawn")
        }
        return parts.joined(separator: " · ") + " (at most every \(refreshes.minimumMinutes) min)"
    }

    /// The status as a few aligned lines.
    static func describe(_ status: KioskStatus, now: Date) -> String {
        var rows: [[String]] = []
        rows.append([
            "Kiosk",
            "weather-kiosk \(status.version) · up \(WeatherFormat.duration(Double(status.uptimeSeconds))) · board \(status.board)",
        ])
        var showing = status.showing.page + " page"
        if let city = status.showing.city, let number = status.showing.cityNumber {
            showing += " of \(city) (\(number) of \(status.cities.count))"
            if let provider = status.forecast.places?.first(where: { $0.name == city })?.provider,
                provider != .openMeteo
            {
                showing += " (\(provider.displayName)'s forecast)"
            }
        }
        if status.display.refreshes != nil {
            showing += " · e-paper: stays until a press or a change"
        } else if let paused = status.showing.pausedSeconds {
            showing += " · paused, cycling again in \(paused) s"
        } else {
            showing += " · cycling"
        }
        rows.append(["Showing", showing])
        var display =
            "\(status.display.kind) \(status.display.size) · \(status.display.power) · frame \(status.display.frame)"
        if status.display.rotate != 0 { display += " · rotated \(status.display.rotate)°" }
        if let output = status.display.output { display += "\n\(output)" }
        if let error = status.display.error { display += " · \(error)" }
        if let warning = status.display.warning { display += " · \(warning)" }
        rows.append(["Display", display])
        if let refreshes = status.display.refreshes {
            rows.append(["Refreshes", Self.describe(refreshes, now: now)])
        }
        var forecast: String
        if let fetched = status.forecast.fetchedAt, status.forecast.nothingToFetch != true {
            forecast = "updated \(WeatherFormat.duration(now.timeIntervalSince(fetched))) ago"
            if status.forecast.stale { forecast += " (stale)" }
        } else {
            forecast = "no forecast yet"
        }
        if status.forecast.nothingToFetch == true {
            forecast += " · nothing to fetch: no favourites and no station (city add NAME)"
        } else {
            // Counted down as the stale notice on the screen counts the same wait.
            let next = WeatherFormat.countdown(Double(status.forecast.nextRefreshSeconds))
            forecast += next == "now" ? " · refreshing now" : " · next refresh in \(next)"
        }
        if let error = status.forecast.error { forecast += "\n\(error)" }
        if let providers = Self.describeProviders(status.forecast.places ?? []) {
            forecast += "\n" + providers
        }
        rows.append(["Forecast", forecast])
        // Only when there is something to say: a kiosk with warnings off has none either.
        let warnings =
            WarningCommands.lines(status.warnings ?? []) + (status.warningsUnavailable ?? [])
        if !warnings.isEmpty { rows.append(["Warnings", warnings.joined(separator: "\n")]) }
        // In the kiosk's `[units]`; a kiosk too old to say which gets the defaults.
        let units = status.units ?? Units()
        var sensor = status.sensor.kind
        if let chip = status.sensor.chip { sensor += " (\(chip))" }
        if let temperature = status.sensor.temperature {
            sensor +=
                " · "
                + WeatherFormat.temperature(
                    temperature, in: units.temperature, symbol: true, digits: 1)
            if let humidity = status.sensor.humidity {
                sensor += " · " + WeatherFormat.percent(humidity)
            }
            if let pressure = status.sensor.seaLevelPressure ?? status.sensor.pressure {
                sensor += " · " + WeatherFormat.pressure(pressure, unit: units.pressure)
            }
            if let tendency = status.sensor.tendency { sensor += " \(tendency)" }
        }
        if let error = status.sensor.error { sensor += "\n\(error)" }
        rows.append(["Sensor", sensor])
        for entry in status.sensors ?? [] {
            rows.append(["", SensorText.status(entry, units: units)])
        }
        if let mqtt = status.mqtt {
            var line = "\(mqtt.broker) · " + (mqtt.connected ? "connected" : "not connected")
            line += " · \(mqtt.messagesSent) messages sent"
            if !mqtt.connected, let error = mqtt.error { line += "\n\(error)" }
            if let warning = mqtt.warning { line += "\n\(warning)" }
            rows.append(["MQTT", line])
        }
        rows.append(["Config", Self.describeConfig(status.config)])
        if let problem = status.stateProblem {
            rows.append(["State", "nothing kept on disk\n\(problem)"])
        }
        rows.append([
            "Recent",
            status.recentCities.isEmpty ? "–" : status.recentCities.joined(separator: ", "),
        ])
        return rows.map { row in
            let lines = row[1].split(separator: "\n", omittingEmptySubsequences: false)
            let label = row[0] + String(repeating: " ", count: 10 - row[0].count)
            return
                ([label + (lines.first.map(String.init) ?? "")]
                + lines.dropFirst().map { String(repeating: " ", count: 10) + $0 }).joined(
                    separator: "\n")
        }.joined(separator: "\n")
    }
}

extension ControlCommands {
    /// The places whose forecast on screen is not Open-Meteo's, beside their provider:
    /// "Oslo (MET Norway's forecast) · Rome, Lazio (MET Norway's forecast)", or "every place:
    /// MET Norway's forecast"; nil while every forecast is Open-Meteo's.
    static func describeProviders(_ places: [KioskStatus.Forecast.Place]) -> String? {
        let served = places.filter { $0.provider != nil }
        let others = served.filter { $0.provider != .openMeteo }
        guard let first = others.first?.provider else { return nil }
        if others.count == served.count, served.count > 1,
            others.allSatisfy({ $0.provider == first })
        {
            return "every place: \(first.displayName)'s forecast"
        }
        return others.map { "\($0.name) (\($0.provider?.displayName ?? "")'s forecast)" }
            .joined(separator: " · ")
    }

    /// The config line of `status`: which file, what chose it, and what the kiosk runs on.
    static func describeConfig(_ config: KioskStatus.Config) -> String {
        let origin: String
        switch config.origin.flatMap(ConfigStore.Origin.init(rawValue:)) {
        case .option: origin = " (--config)"
        case .environment: origin = " (\(ConfigStore.environmentVariable))"
        case .user: origin = " (the per-user config)"
        case .system, nil: origin = ""
        }
        let pending = (config.restartPending ?? []).map {
            "\n\($0) takes effect after a restart; the kiosk keeps the value it started with"
        }.joined()
        guard !config.problems.isEmpty else {
            // A kiosk started before any `config set` or `city add` runs on the defaults
            // of a file that does not exist yet.
            let state =
                FileSystem.exists(config.path)
                ? "in use" : "not written yet: the built-in defaults are in use"
            return "\(config.path)\(origin) · \(state)" + pending
        }
        let inUse =
            config.lastGood.map { "the kiosk runs on its last good copy, \($0):" }
            ?? "the kiosk runs on safe defaults until it is fixed:"
        return "\(config.path)\(origin) was refused; \(inUse)\n"
            + config.problems.joined(separator: "\n") + pending
    }
}
