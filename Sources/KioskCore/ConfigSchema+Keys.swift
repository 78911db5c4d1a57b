// The keys of config.toml, table by table. Each key checks its value, stores it, and reads
// it back for `config show` / `config get`.

extension ConfigSchema {
    static let rootKeys: [ConfigKey] = [
        text(
            "board", \.board,
            summary: "board profile: boards/<name>.toml, or \"simulator\" on a PC",
            check: { name in
                let allowed = name.unicodeScalars.allSatisfy {
                    ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
                }
                return allowed && !name.isEmpty
                    ? nil
                    : "must be a board profile name such as \"raspberry-pi-4\", not \"\(name)\""
            }),
        text(
            "state_dir", \.stateDirectory, summary: "where state and the forecast cache live",
            check: absolutePath),
    ]

    static let stationKeys: [ConfigKey] = [
        text(
            "station.name", \.station.name, summary: "name shown for the kiosk's own location",
            check: nonEmpty),
        float(
            "station.latitude", \.station.coordinate.latitude, -90...90,
            summary: "decimal degrees, north positive"),
        float(
            "station.longitude", \.station.coordinate.longitude, -180...180,
            summary: "decimal degrees, east positive"),
        optionalFloat(
            "station.elevation", \.station.elevation, -500...9000, unit: "metres",
            summary: "metres above sea level; absent: Open-Meteo's elevation"),
    ]

    static let unitKeys: [ConfigKey] = [
        choice("units.temperature", \.units.temperature, summary: "celsius | fahrenheit"),
        choice("units.wind", \.units.wind, summary: "kmh | ms | mph | kn"),
        choice("units.pressure", \.units.pressure, summary: "hPa | inHg | mmHg"),
        choice("units.precipitation", \.units.precipitation, summary: "mm | inch"),
        choice("units.clock", \.units.clock, summary: "24h | 12h"),
    ]

    static let forecastKeys: [ConfigKey] = [
        integer(
            "forecast.refresh_minutes", \.forecast.refreshMinutes, 5...1440, unit: "minutes",
            summary: "minutes between forecast refreshes"),
        text(
            "forecast.base_url", \.forecast.baseURL, summary: "Open-Meteo forecast API",
            check: httpURL),
        text(
            "forecast.geocoding_url", \.forecast.geocodingURL,
            summary: "Open-Meteo geocoding API", check: httpURL),
        text(
            "forecast.api_key", \.forecast.apiKey,
            summary: "commercial API key, sent as apikey=; empty for the free API",
            check: { key in
                key.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F }
                    ? nil : "must be the key alone, without spaces or quotes inside"
            }),
        text(
            "forecast.language", \.forecast.language,
            summary: "language of place names, an ISO 639-1 code such as \"en\"",
            check: { code in
                code.count == 2 && code.unicodeScalars.allSatisfy { ("a"..."z").contains($0) }
                    ? nil
                    : "must be a two-letter ISO 639-1 code such as \"en\" or \"de\", not \"\(code)\""
            }),
    ]

    static let displayKeys: [ConfigKey] = [
        choice(
            "display.kind", \.display.kind,
            summary: "framebuffer | hd44780 | ssd1306 | sh1106 | png | terminal"),
        text(
            "display.device", \.display.device,
            summary: "device path, or the PNG file for kind = \"png\"", check: nonEmpty),
        ConfigKey(
            path: "display.pages", kind: .stringList,
            summary: "pages to cycle through: city, hourly, indoor, map",
            apply: { value, configuration in
                guard case .array(let items) = value else {
                    return
                        "must be a list such as [\"city\", \"hourly\"], not \(value.typeDescription)"
                }
                var pages: [Page] = []
                for item in items {
                    switch checkChoice(item, Page.self) {
                    case .success(let page):
                        if pages.contains(page) { return "lists \"\(page.rawValue)\" twice" }
                        pages.append(page)
                    case .failure(let refused):
                        return "entries " + refused.text
                    }
                }
                if pages.isEmpty {
                    return "must name at least one page (city, hourly, indoor, map)"
                }
                configuration.display.pages = pages
                return nil
            },
            read: { .array($0.display.pages.map { .string($0.rawValue) }) }),
        integer(
            "display.cycle_seconds", \.display.cycleSeconds, 2...3600, unit: "seconds",
            summary: "seconds each page stays up"),
        integer(
            "display.resume_after_seconds", \.display.resumeAfterSeconds, 0...86400,
            unit: "seconds", summary: "pause after a button press before cycling resumes"),
        choice("display.theme", \.display.theme, summary: "dark | light"),
        ConfigKey(
            path: "display.night", kind: .table(["from", "to", "mode"]),
            summary:
                "{ from = \"23:00\", to = \"06:30\", mode = \"off\" | \"dim\" }; absent: never",
            apply: { value, configuration in
                guard case .table(let members) = value else {
                    return
                        "must be a table such as { from = \"23:00\", to = \"06:30\", mode = \"off\" }, not \(value.typeDescription)"
                }
                for member in members where !["from", "to", "mode"].contains(member.key) {
                    return "has an unknown key \(member.key); it takes from, to and mode"
                }
                func time(_ name: String) -> Result<TimeOfDay, RefusedValue> {
                    guard let field = value[name] else {
                        return .failure(RefusedValue(text: "needs \(name) = \"HH:MM\""))
                    }
                    guard case .string(let text) = field, let time = TimeOfDay(text) else {
                        return .failure(
                            RefusedValue(
                                text:
                                    "\(name) must be a 24-hour time such as \"06:30\", not \(field.tomlLiteral)"
                            ))
                    }
                    return .success(time)
                }
                let from: TimeOfDay
                let to: TimeOfDay
                switch (time("from"), time("to")) {
                case (.success(let start), .success(let end)):
                    from = start
                    to = end
                case (.failure(let refused), _), (_, .failure(let refused)):
                    return refused.text
                }
                var mode = NightMode.off
                if let field = value["mode"] {
                    switch checkChoice(field, NightMode.self) {
                    case .success(let chosen): mode = chosen
                    case .failure(let refused): return "mode " + refused.text
                    }
                }
                if from == to { return "from and to are both \(from): the night would never start" }
                configuration.display.night = NightWindow(from: from, to: to, mode: mode)
                return nil
            },
            read: { configuration in
                configuration.display.night.map { night in
                    .table([
                        ("from", .string(night.from.description)),
                        ("to", .string(night.to.description)),
                        ("mode", .string(night.mode.rawValue)),
                    ])
                }
            }),
    ]

    static let sensorKeys: [ConfigKey] = [
        choice("sensor.kind", \.sensor.kind, summary: "bme280 | simulated | none"),
        integer("sensor.bus", \.sensor.bus, 0...255, summary: "I2C bus number: /dev/i2c-N"),
        integer(
            "sensor.address", \.sensor.address, 0x03...0x77,
            summary: "7-bit I2C address: 0x76 or 0x77 for a BME280"),
        integer(
            "sensor.interval_seconds", \.sensor.intervalSeconds, 1...3600, unit: "seconds",
            summary: "seconds between readings"),
        float(
            "sensor.temperature_offset", \.sensor.temperatureOffset, -30...30, unit: "°C",
            summary: "fixed correction added to every temperature, °C"),
        float(
            "sensor.cpu_heat_factor", \.sensor.cpuHeatFactor, 0...20,
            summary: "CPU-heat compensation factor (enviroplus uses 2.25); 0 turns it off"),
    ]

    static let buttonKeys: [ConfigKey] = [
        choice("buttons.backend", \.buttons.backend, summary: "gpiod | evdev | keyboard | none"),
        text(
            "buttons.next", \.buttons.next, summary: "line name (\"GPIO17\") or BCM offset",
            check: nonEmpty),
        text(
            "buttons.previous", \.buttons.previous, summary: "line name or BCM offset",
            check: nonEmpty),
        text(
            "buttons.select", \.buttons.select, summary: "line name or BCM offset",
            check: nonEmpty),
        integer(
            "buttons.long_press_ms", \.buttons.longPressMilliseconds, 100...10000,
            unit: "milliseconds", summary: "how long a press must last to count as long"),
    ]

    static let controlKeys: [ConfigKey] = [
        text(
            "control.socket", \.control.socket, summary: "path of the control socket",
            check: absolutePath)
    ]

    // MARK: Key builders

    private static func text(
        _ path: String, _ keyPath: any WritableKeyPath<KioskConfiguration, String> & Sendable,
        summary: String, check: @escaping @Sendable (String) -> String? = { _ in nil }
    ) -> ConfigKey {
        ConfigKey(
            path: path, kind: .string, summary: summary,
            apply: { value, configuration in
                switch checkString(value) {
                case .success(let text):
                    if let problem = check(text) { return problem }
                    configuration[keyPath: keyPath] = text
                    return nil
                case .failure(let refused): return refused.text
                }
            },
            read: { .string($0[keyPath: keyPath]) })
    }

    private static func integer(
        _ path: String, _ keyPath: any WritableKeyPath<KioskConfiguration, Int> & Sendable,
        _ range: ClosedRange<Int>, unit: String = "", summary: String
    ) -> ConfigKey {
        ConfigKey(
            path: path, kind: .integer, summary: summary,
            apply: { value, configuration in
                switch checkInteger(value, range, unit: unit) {
                case .success(let number):
                    configuration[keyPath: keyPath] = number
                    return nil
                case .failure(let refused): return refused.text
                }
            },
            read: { .integer($0[keyPath: keyPath]) })
    }

    private static func float(
        _ path: String, _ keyPath: any WritableKeyPath<KioskConfiguration, Double> & Sendable,
        _ range: ClosedRange<Double>, unit: String = "", summary: String
    ) -> ConfigKey {
        ConfigKey(
            path: path, kind: .float, summary: summary,
            apply: { value, configuration in
                switch checkFloat(value, range, unit: unit) {
                case .success(let number):
                    configuration[keyPath: keyPath] = number
                    return nil
                case .failure(let refused): return refused.text
                }
            },
            read: { .float($0[keyPath: keyPath]) })
    }

    private static func optionalFloat(
        _ path: String, _ keyPath: any WritableKeyPath<KioskConfiguration, Double?> & Sendable,
        _ range: ClosedRange<Double>, unit: String = "", summary: String
    ) -> ConfigKey {
        ConfigKey(
            path: path, kind: .float, summary: summary,
            apply: { value, configuration in
                switch checkFloat(value, range, unit: unit) {
                case .success(let number):
                    configuration[keyPath: keyPath] = number
                    return nil
                case .failure(let refused): return refused.text
                }
            },
            read: { $0[keyPath: keyPath].map { .float($0) } })
    }

    private static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ path: String, _ keyPath: any WritableKeyPath<KioskConfiguration, Choice> & Sendable,
        summary: String
    ) -> ConfigKey where Choice.RawValue == String {
        ConfigKey(
            path: path, kind: .string, summary: summary,
            apply: { value, configuration in
                switch checkChoice(value, Choice.self) {
                case .success(let chosen):
                    configuration[keyPath: keyPath] = chosen
                    return nil
                case .failure(let refused): return refused.text
                }
            },
            read: { .string($0[keyPath: keyPath].rawValue) })
    }
}

// MARK: - String checks

private let nonEmpty: @Sendable (String) -> String? = { text in
    text.trimmingWhitespace.isEmpty ? "must not be empty" : nil
}

private let absolutePath: @Sendable (String) -> String? = { path in
    path.hasPrefix("/") ? nil : "must be an absolute path starting with /, not \"\(path)\""
}

private let httpURL: @Sendable (String) -> String? = { url in
    let schemeEnd: String.Index
    if url.hasPrefix("https://") {
        schemeEnd = url.index(url.startIndex, offsetBy: 8)
    } else if url.hasPrefix("http://") {
        schemeEnd = url.index(url.startIndex, offsetBy: 7)
    } else {
        return
            "must be an http:// or https:// URL such as \"https://api.open-meteo.com\", not \"\(url)\""
    }
    let rest = url[schemeEnd...]
    let host = rest.prefix { $0 != "/" && $0 != ":" }
    if host.isEmpty || rest.contains(where: { $0 == " " || $0 == "?" || $0 == "#" }) {
        return
            "must be a base URL with a host and no query, such as \"https://api.open-meteo.com\", not \"\(url)\""
    }
    return nil
}
