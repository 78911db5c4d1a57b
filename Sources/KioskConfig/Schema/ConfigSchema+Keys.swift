import KioskCore

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
        ConfigKey(
            path: "addon", kind: .string,
            summary: "add-on profile: boards/addons/<name>.toml (a PiTFT, an LCD, an OLED)",
            apply: { value, configuration in
                guard case .string(let name) = value else {
                    return "must be an add-on profile name in quotes, not \(value.typeDescription)"
                }
                configuration.addon = name.isEmpty ? nil : name
                return nil
            },
            read: { $0.addon.map { .string($0) } }),
        text(
            "state_dir", \.stateDirectory,
            summary: "directory of the state, the forecast cache and the last good config",
            check: absolutePath),
        optionalText(
            "contact", \.contact,
            summary:
                "your e-mail address or web page, sent in the User-Agent to NWS and MET Norway (their terms ask for it)",
            check: { contact in
                let printable = contact.unicodeScalars.allSatisfy {
                    $0.value >= 0x20 && $0.value < 0x7F && $0 != "(" && $0 != ")" && $0 != ";"
                }
                return printable && contact.contains(where: { $0 == "@" || $0 == "." })
                    ? nil
                    : "must be an e-mail address or a URL in plain ASCII, such as \"you@example.org\", not \"\(contact)\""
            }),
        languageKey,
    ]

    /// `language`: what the pages and the verbs speak; unset, the system's locale decides.
    static var languageKey: ConfigKey {
        var key = ConfigKey(
            path: "language", kind: .string,
            summary:
                "the language the pages and the verbs speak: en, de, fr, it or es; unset: the system's LANG (else English)",
            apply: { value, configuration in
                switch checkChoice(value, Language.self) {
                case .success(let language):
                    configuration.language = language
                    return nil
                case .failure(let refused): return refused.text
                }
            },
            read: { $0.language.map { .string($0.rawValue) } })
        key.accepts = choiceList(Language.self)
        return key
    }

    static let stationKeys: [ConfigKey] = [
        text(
            "station.name", \.station.name, summary: "name shown for the kiosk's own location",
            check: { name in nonEmpty(name) ?? City.nameLengthProblem(name) }),
        optionalFloat(
            "station.latitude", \.station.latitude, -90...90,
            summary: "decimal degrees, north positive; absent: no station"),
        optionalFloat(
            "station.longitude", \.station.longitude, -180...180,
            summary: "decimal degrees, east positive; absent: no station"),
        optionalFloat(
            "station.elevation", \.station.elevation, -500...9000, unit: "metres",
            summary: "metres above sea level; absent: Open-Meteo's elevation"),
    ]

    static let unitKeys: [ConfigKey] = [
        choice(
            "units.temperature", \.units.temperature,
            summary: "temperatures on the pages, in `forecast`, `status` and Home Assistant"),
        choice(
            "units.wind", \.units.wind,
            summary: "wind speeds: km/h, m/s, mph or knots"),
        choice(
            "units.pressure", \.units.pressure,
            summary: "pressures: station and sea-level, indoor and forecast"),
        choice(
            "units.precipitation", \.units.precipitation,
            summary: "rain and snow amounts"),
        choice(
            "units.clock", \.units.clock, summary: "the clock on every page: 24-hour or 12-hour"),
        optionalChoice(
            "units.aqi", \.units.aqi,
            summary:
                "the air-quality index on the pages, in `forecast` and Home Assistant: european (the EEA's) or us (the EPA's); absent: us for places in the United States and its territories, european everywhere else"
        ),
    ]

    static let forecastKeys: [ConfigKey] = [
        integer(
            "forecast.refresh_minutes", \.forecast.refreshMinutes, 5...1440, unit: "minutes",
            summary: "minutes between forecast refreshes"),
        text(
            "forecast.base_url", \.forecast.baseURL,
            summary: "Open-Meteo forecast API, without /v1/forecast",
            check: httpURL),
        text(
            "forecast.geocoding_url", \.forecast.geocodingURL,
            summary: "Open-Meteo geocoding API, without /v1/search", check: httpURL),
        text(
            "forecast.api_key", \.forecast.apiKey,
            summary: "commercial API key, sent as apikey=; empty for the free API",
            check: { key in
                key.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F }
                    ? nil : "must be the key alone, without spaces or quotes inside"
            }),
        optionalText(
            "forecast.language", \.forecast.language,
            summary:
                "language of place names, an ISO 639-1 code such as \"en\"; unset: the top-level language",
            check: { code in
                code.count == 2 && code.unicodeScalars.allSatisfy { ("a"..."z").contains($0) }
                    ? nil
                    : "must be a two-letter ISO 639-1 code such as \"en\" or \"de\", not \"\(code)\""
            }),
        choice(
            "forecast.fallback", \.forecast.fallback,
            summary:
                "the second provider, asked for a place while Open-Meteo fails and nothing fresh is cached: met-norway or none"
        ),
        text(
            "forecast.fallback_url", \.forecast.fallbackURL,
            summary: "MET Norway's Locationforecast 2.0, without /compact or /complete",
            check: httpURL),
        text(
            "forecast.air_quality_url", \.forecast.airQualityURL,
            summary:
                "Open-Meteo's Air Quality API, without /v1/air-quality; asked at most hourly for every favourite in one request",
            check: httpURL),
    ]

    static let controlKeys: [ConfigKey] = [
        text(
            "control.socket", \.control.socket,
            summary: "the Unix socket the command line reaches the running kiosk on",
            check: absolutePath)
    ]

    // MARK: Key builders

    static func text(
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

    static func integer(
        _ path: String, _ keyPath: any WritableKeyPath<KioskConfiguration, Int> & Sendable,
        _ range: ClosedRange<Int>, unit: String = "", summary: String
    ) -> ConfigKey {
        var key = ConfigKey(
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
        key.accepts = integerRange(range, unit: unit)
        key.bounds = range
        return key
    }

    static func float(
        _ path: String, _ keyPath: any WritableKeyPath<KioskConfiguration, Double> & Sendable,
        _ range: ClosedRange<Double>, unit: String = "", summary: String
    ) -> ConfigKey {
        var key = ConfigKey(
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
        key.accepts = floatRange(range, unit: unit)
        return key
    }

    static func optionalFloat(
        _ path: String, _ keyPath: any WritableKeyPath<KioskConfiguration, Double?> & Sendable,
        _ range: ClosedRange<Double>, unit: String = "", summary: String
    ) -> ConfigKey {
        var key = ConfigKey(
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
        key.accepts = floatRange(range, unit: unit)
        return key
    }

    static func optionalChoice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ path: String, _ keyPath: any WritableKeyPath<KioskConfiguration, Choice?> & Sendable,
        summary: String
    ) -> ConfigKey where Choice.RawValue == String {
        choiceKey(
            path, summary: summary, set: { $0[keyPath: keyPath] = $1 },
            read: { $0[keyPath: keyPath].map { .string($0.rawValue) } })
    }

    static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ path: String, _ keyPath: any WritableKeyPath<KioskConfiguration, Choice> & Sendable,
        summary: String
    ) -> ConfigKey where Choice.RawValue == String {
        choiceKey(
            path, summary: summary, set: { $0[keyPath: keyPath] = $1 },
            read: { .string($0[keyPath: keyPath].rawValue) })
    }

    /// A key whose value is one of `Choice`'s raw values: `set` stores the chosen case,
    /// `read` gives the value the configuration holds (nil when unset).
    private static func choiceKey<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ path: String, summary: String,
        set: @escaping @Sendable (inout KioskConfiguration, Choice) -> Void,
        read: @escaping @Sendable (KioskConfiguration) -> ConfigValue?
    ) -> ConfigKey where Choice.RawValue == String {
        var key = ConfigKey(
            path: path, kind: .string, summary: summary,
            apply: { value, configuration in
                switch checkChoice(value, Choice.self) {
                case .success(let chosen):
                    set(&configuration, chosen)
                    return nil
                case .failure(let refused): return refused.text
                }
            },
            read: read)
        key.accepts = choiceList(Choice.self)
        return key
    }
}

// MARK: - String checks

let nonEmpty: @Sendable (String) -> String? = { text in
    text.trimmingWhitespace.isEmpty ? "must not be empty" : nil
}

let absolutePath: @Sendable (String) -> String? = { path in
    path.hasPrefix("/") ? nil : "must be an absolute path starting with /, not \"\(path)\""
}

let httpURL: @Sendable (String) -> String? = { url in HTTPBaseURL.problem(url) }
