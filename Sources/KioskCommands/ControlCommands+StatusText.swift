import FoundationEssentials
import KioskConfig
import KioskControl
import KioskCore
import LinuxPlatform

/// `status`'s text, in the config's language (its sentences from the daemon, a device or a
/// service are shown as they come).
extension ControlCommands {
    /// An e-paper panel's refreshes: "last 4 min ago · 12 today · next possible in 11 min
    /// (at most every 15 min)".
    static func describe(
        _ refreshes: KioskStatus.Display.Refreshes, now: Date, language l: Language = .en
    ) -> String {
        var parts: [String] = []
        if let last = refreshes.last {
            parts.append(
                l.localized(
                    "last {age} ago", context: "status, e-paper refreshes",
                    ["age": WeatherFormat.duration(now.timeIntervalSince(last), language: l)]))
        } else {
            parts.append(l.localized("none yet", context: "status, e-paper refreshes"))
        }
        parts.append(
            l.localized(
                "{count} today", context: "status, e-paper refreshes",
                ["count": String(refreshes.today)]))
        if refreshes.busy {
            parts.append(l.localized("refreshing now", context: "status, e-paper refreshes"))
        } else if let possible = refreshes.nextPossible, possible > now {
            parts.append(
                l.localized(
                    "next possible in {wait}", context: "status, e-paper refreshes",
                    [
                        "wait": WeatherFormat.countdown(
                            possible.timeIntervalSince(now), language: l)
                    ]))
        } else {
            parts.append(l.localized("next possible now", context: "status, e-paper refreshes"))
        }
        if let pending = refreshes.pending, !refreshes.busy {
            let wait = pending.timeIntervalSince(now)
            parts.append(
                wait > 0
                    ? l.localized(
                        "a change waits, drawn in {wait}", context: "status, e-paper refreshes",
                        ["wait": WeatherFormat.countdown(wait, language: l)])
                    : l.localized("a change is being drawn", context: "status, e-paper refreshes"))
        }
        return parts.joined(separator: " · ") + " "
            + l.localized(
                "(at most every {minutes} min)", context: "status, e-paper refreshes",
                ["minutes": String(refreshes.minimumMinutes)])
    }

    /// The status as a few aligned lines.
    static func describe(_ status: KioskStatus, now: Date, language l: Language = .en) -> String {
        var rows: [[String]] = []
        // TRANSLATORS: the labels of `status`'s lines, in a column as wide as the longest.
        rows.append([
            l.localized("Kiosk", context: "status label"),
            "weather-kiosk \(status.version) · "
                + l.localized(
                    "up {uptime}", context: "status",
                    ["uptime": WeatherFormat.duration(Double(status.uptimeSeconds), language: l)])
                + " · "
                + l.localized("board {board}", context: "status", ["board": status.board]),
        ])
        var showing = l.localized(
            "{page} page", context: "status", ["page": status.showing.page])
        if let city = status.showing.city, let number = status.showing.cityNumber {
            showing +=
                " "
                + l.localized(
                    "of {city} ({number} of {count})", context: "status",
                    [
                        "city": city, "number": String(number),
                        "count": String(status.cities.count),
                    ])
            if let provider = status.forecast.places?.first(where: { $0.name == city })?.provider,
                provider != .openMeteo
            {
                showing += " (" + providerForecast(provider, l) + ")"
            }
        }
        if status.display.refreshes != nil {
            showing +=
                " · " + l.localized("e-paper: stays until a press or a change", context: "status")
        } else if let paused = status.showing.pausedSeconds {
            showing +=
                " · "
                + l.localized(
                    "paused, cycling again in {seconds} s", context: "status",
                    ["seconds": String(paused)])
        } else {
            showing += " · " + l.localized("cycling", context: "status")
        }
        rows.append([l.localized("Showing", context: "status label"), showing])
        var display =
            "\(status.display.kind) \(status.display.size) · \(power(status.display.power, l)) · "
            + l.localized(
                "frame {frame}", context: "status", ["frame": String(status.display.frame)])
        if status.display.rotate != 0 {
            display +=
                " · "
                + l.localized(
                    "rotated {degrees}°", context: "status",
                    ["degrees": String(status.display.rotate)])
        }
        if let output = status.display.output { display += "\n\(output)" }
        if let error = status.display.error { display += " · \(error)" }
        if let warning = status.display.warning { display += " · \(warning)" }
        rows.append([l.localized("Display", context: "status label"), display])
        if let refreshes = status.display.refreshes {
            rows.append([
                l.localized("Refreshes", context: "status label"),
                describe(refreshes, now: now, language: l),
            ])
        }
        rows.append([l.localized("Forecast", context: "status label"), forecast(status, now, l)])
        // Only when there is something to say: a kiosk with warnings off has none either.
        let warnings =
            WarningCommands.lines(status.warnings ?? [], language: l)
            + (status.warningsUnavailable ?? [])
        if !warnings.isEmpty {
            rows.append([
                l.localized("Warnings", context: "status label"), warnings.joined(separator: "\n"),
            ])
        }
        rows.append([l.localized("Sensor", context: "status label"), sensor(status, l)])
        // In the kiosk's `[units]`; a kiosk too old to say which gets the defaults.
        for entry in status.sensors ?? [] {
            rows.append([
                "", SensorText.status(entry, units: status.units ?? Units(), language: l),
            ])
        }
        if let mqtt = status.mqtt {
            var line =
                "\(mqtt.broker) · "
                + (mqtt.connected
                    ? l.localized("connected", context: "status, MQTT")
                    : l.localized("not connected", context: "status, MQTT"))
            line +=
                " · "
                + l.localized(
                    "{count} message sent", plural: "{count} messages sent",
                    count: mqtt.messagesSent,
                    context: "status, MQTT")
            if !mqtt.connected, let error = mqtt.error { line += "\n\(error)" }
            if let warning = mqtt.warning { line += "\n\(warning)" }
            rows.append(["MQTT", line])
        }
        rows.append([
            l.localized("Config", context: "status label"), describeConfig(status.config, l),
        ])
        if let problem = status.stateProblem {
            rows.append([
                l.localized("State", context: "status label"),
                l.localized("nothing kept on disk", context: "status") + "\n\(problem)",
            ])
        }
        rows.append([
            l.localized("Recent", context: "status label"),
            status.recentCities.isEmpty ? "–" : status.recentCities.joined(separator: ", "),
        ])
        let width = max(10, (rows.map { $0[0].count }.max() ?? 0) + 2)
        return rows.map { row in
            let lines = row[1].split(separator: "\n", omittingEmptySubsequences: false)
            let label = row[0].padded(to: width)
            return
                ([label + (lines.first.map(String.init) ?? "")]
                + lines.dropFirst().map { String(repeating: " ", count: width) + $0 }).joined(
                    separator: "\n")
        }.joined(separator: "\n")
    }

    /// The forecast line: its age, the next refresh, the error and the providers.
    private static func forecast(_ status: KioskStatus, _ now: Date, _ l: Language) -> String {
        var forecast: String
        if let fetched = status.forecast.fetchedAt, status.forecast.nothingToFetch != true {
            let age = WeatherFormat.duration(now.timeIntervalSince(fetched), language: l)
            forecast =
                status.forecast.stale
                ? l.localized("updated {age} ago (stale)", context: "status", ["age": age])
                : l.localized("updated {age} ago", context: "status", ["age": age])
        } else {
            forecast = l.localized("no forecast yet", context: "status")
        }
        if status.forecast.nothingToFetch == true {
            forecast +=
                " · "
                + l.localized(
                    "nothing to fetch: no favourites and no station (city add NAME)",
                    context: "status")
        } else {
            // Counted down as the stale notice on the screen counts the same wait.
            let seconds = Double(status.forecast.nextRefreshSeconds)
            forecast +=
                " · "
                + (WeatherFormat.countdown(seconds) == "now"
                    ? l.localized("refreshing now", context: "status")
                    : l.localized(
                        "next refresh in {wait}", context: "status",
                        ["wait": WeatherFormat.countdown(seconds, language: l)]))
        }
        if let error = status.forecast.error { forecast += "\n\(error)" }
        if let providers = describeProviders(status.forecast.places ?? [], language: l) {
            forecast += "\n" + providers
        }
        return forecast
    }

    /// The sensor line: the kind and chip, the reading in the kiosk's units, the error.
    private static func sensor(_ status: KioskStatus, _ l: Language) -> String {
        let units = status.units ?? Units()
        var sensor = status.sensor.kind
        if let chip = status.sensor.chip { sensor += " (\(chip))" }
        if let temperature = status.sensor.temperature {
            sensor +=
                " · "
                + WeatherFormat.temperature(
                    temperature, in: units.temperature, symbol: true, digits: 1, language: l)
            if let humidity = status.sensor.humidity {
                sensor += " · " + WeatherFormat.percent(humidity, language: l)
            }
            if let pressure = status.sensor.seaLevelPressure ?? status.sensor.pressure {
                sensor +=
                    " · " + WeatherFormat.pressure(pressure, unit: units.pressure, language: l)
            }
            if let tendency = status.sensor.tendency { sensor += " \(tendency)" }
        }
        if let error = status.sensor.error { sensor += "\n\(error)" }
        return sensor
    }

    /// "MET Norway's forecast".
    private static func providerForecast(_ provider: ForecastProviderID, _ l: Language) -> String {
        l.localized("{provider}'s forecast", context: "status", ["provider": provider.displayName])
    }

    /// The places whose forecast on screen is not Open-Meteo's, beside their provider:
    /// "Oslo (MET Norway's forecast) · Rome, Lazio (MET Norway's forecast)", or "every place:
    /// MET Norway's forecast"; nil while every forecast is Open-Meteo's.
    static func describeProviders(
        _ places: [KioskStatus.Forecast.Place], language l: Language = .en
    ) -> String? {
        let served = places.filter { $0.provider != nil }
        let others = served.filter { $0.provider != .openMeteo }
        guard let first = others.first?.provider else { return nil }
        if others.count == served.count, served.count > 1,
            others.allSatisfy({ $0.provider == first })
        {
            return l.localized(
                "every place: {forecast}", context: "status",
                ["forecast": providerForecast(first, l)])
        }
        return others.compactMap { place in
            place.provider.map { "\(place.name) (\(providerForecast($0, l)))" }
        }.joined(separator: " · ")
    }

    /// The config line of `status`: which file, what chose it, and what the kiosk runs on.
    static func describeConfig(_ config: KioskStatus.Config, _ l: Language = .en) -> String {
        let origin: String
        switch config.origin.flatMap(ConfigStore.Origin.init(rawValue:)) {
        case .option: origin = " (--config)"
        case .environment: origin = " (\(ConfigStore.environmentVariable))"
        case .user: origin = " (" + l.localized("the per-user config", context: "status") + ")"
        case .system, nil: origin = ""
        }
        let pending = (config.restartPending ?? []).map {
            "\n"
                + l.localized(
                    "{key} takes effect after a restart; the kiosk keeps the value it started with",
                    context: "status", ["key": $0])
        }.joined()
        guard !config.problems.isEmpty else {
            // A kiosk started before any `config set` or `city add` runs on the defaults
            // of a file that does not exist yet.
            let state =
                FileSystem.exists(config.path)
                ? l.localized("in use", context: "status, config")
                : l.localized(
                    "not written yet: the built-in defaults are in use", context: "status, config")
            return "\(config.path)\(origin) · \(state)" + pending
        }
        let inUse =
            config.lastGood.map {
                l.localized(
                    "the kiosk runs on its last good copy, {path}:", context: "status, config",
                    ["path": $0])
            }
            ?? l.localized(
                "the kiosk runs on safe defaults until it is fixed:", context: "status, config")
        return "\(config.path)\(origin) "
            + l.localized(
                "was refused; {consequence}", context: "status, config", ["consequence": inUse])
            + "\n" + config.problems.joined(separator: "\n") + pending
    }
}

extension ControlCommands {
    /// The screen's power in `status`'s line: "on", "dim" or "off" in `language` (another
    /// word from a newer daemon as it is).
    static func power(_ power: String, _ language: Language) -> String {
        switch power {
        // TRANSLATORS: `status`: the screen is on, dimmed or off (power saving).
        case "on": language.localized("on", context: "screen power")
        case "dim": language.localized("dim", context: "screen power")
        case "off": language.localized("off", context: "screen power")
        default: power
        }
    }
}
