public import KioskCore

/// Where in a config document something is: `display.cycle_seconds`, `cities[2].latitude`.
/// Array indices are 1-based, as the CLI counts favourites.
public struct ConfigPath: Sendable, Hashable, CustomStringConvertible {
    /// One step of a path.
    public enum Component: Sendable, Hashable {
        /// A table key.
        case key(String)
        /// A 1-based index into an array of tables.
        case index(Int)
    }

    /// The steps from the document root.
    public var components: [Component]

    /// Creates a path from its steps.
    public init(_ components: [Component]) { self.components = components }

    /// Parses a dotted key such as "display.night.mode"; indices are not parsed.
    public init(dotted: String) {
        components = dotted.split(separator: ".").map { .key(String($0)) }
    }

    /// The path extended by a key.
    public func appending(_ key: String) -> ConfigPath { ConfigPath(components + [.key(key)]) }

    /// The path extended by a 1-based index.
    public func appending(index: Int) -> ConfigPath { ConfigPath(components + [.index(index)]) }

    /// "display.cycle_seconds", "cities[2].name".
    public var description: String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key):
                text += (text.isEmpty ? "" : ".") + TOMLText.key(key)
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }
}

/// One thing wrong with a config document.
public struct ConfigProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the problem is.
    public var path: ConfigPath
    /// What is wrong and how to put it right, naming the key: one sentence, no file or line.
    public var message: String

    /// Creates a problem.
    public init(path: ConfigPath, message: String) {
        self.path = path
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

/// One key the config accepts.
public struct ConfigKey: Sendable {
    /// What kind of value the key takes, for parsing `config set` arguments.
    public enum ValueKind: Sendable, Hashable {
        /// A string.
        case string
        /// A whole number.
        case integer
        /// A decimal number.
        case float
        /// A list of strings.
        case stringList
        /// true or false.
        case boolean
        /// A table, such as `display.night`.
        case table([String])
    }

    /// Dotted path, for example "display.cycle_seconds".
    public let path: String
    /// What the key takes.
    public let kind: ValueKind
    /// One line for `config show` and `--help`: what the key means and its range.
    public let summary: String
    let apply: @Sendable (ConfigValue, inout KioskConfiguration) -> String?
    let read: @Sendable (KioskConfiguration) -> ConfigValue?
    /// Whether people write the value in hexadecimal (an I2C address: `0x76`), so that a
    /// default is printed that way too.
    public var isHexadecimal = false
    /// Whether the value is a secret (`mqtt.password`): `config show` prints it masked.
    public var isSecret = false
    /// What values the key takes, worded as its check words a refusal ("a whole number from
    /// 2 to 3600 seconds", `one of "dark", "light", "paper"`); nil where `kind` and the
    /// summary say it.
    public var accepts: String?
    /// The bounds of a whole-number key, so that a key written in hexadecimal can say them
    /// that way.
    var bounds: ClosedRange<Int>?

    /// The key's current value in `configuration`; nil when it is unset (an absent night
    /// window, no elevation).
    public func value(in configuration: KioskConfiguration) -> ConfigValue? {
        read(configuration)
    }

    /// Checks `value` and stores it in `configuration`; returns what is wrong, naming the
    /// key, or nil when the value was accepted.
    public func apply(_ value: ConfigValue, to configuration: inout KioskConfiguration)
        -> String?
    {
        apply(value, &configuration).map { "\(path) \($0)" }
    }
}

/// Every key of the config file, and how a parsed document becomes a `KioskConfiguration`.
public enum ConfigSchema {
    /// All keys except the `[[cities]]` entries, in the order `config show` prints them.
    public static let keys: [ConfigKey] =
        rootKeys + stationKeys + unitKeys + forecastKeys + warningKeys
        + displayKeys + sensorKeys + buttonKeys + controlKeys + mqttKeys

    /// The keys each `[[cities]]` entry accepts.
    public static let cityKeys = [
        "name", "country", "country_code", "admin1", "latitude", "longitude",
        "timezone", "geoname_id",
    ]

    /// One line per `[[cities]]` key, as `summary` says it for the other keys: what it
    /// means and what it takes.
    public static let citySummaries: [String: String] = [
        "name": "the name the pages show (required; at most 100 characters)",
        "country": "country, shown after the name; absent: none",
        "country_code":
            "ISO 3166-1 code such as \"NO\", from geocoding: which warning service covers the city; absent: where its coordinates lie",
        "admin1": "region or state, to tell places of one name apart; absent: none",
        "latitude": "decimal degrees, north positive, -90 to 90 (required)",
        "longitude": "decimal degrees, east positive, -180 to 180 (required)",
        "timezone":
            "IANA time zone such as \"Europe/Rome\", kept as geocoding gives it (local times come from the forecast)",
        "geoname_id":
            "GeoNames id from geocoding: entries with one id (or within 1 km) are one place",
    ]

    /// One line per table: what the table is about, for the reference.
    public static let tableSummaries: [String: String] = [
        "station": "Where the kiosk hangs: its own place, fetched with the favourites.",
        "units": "The units of every page, `forecast`, `status` and Home Assistant.",
        "forecast": "Open-Meteo: how often, which servers, which key and language.",
        "display": "What draws the pages, what it shows and when it sleeps.",
        "sensor": "The indoor sensor on I2C, and how every sensor is read.",
        "sensors": "Several sensors at once, one `[[sensors]]` table each, indoor or outdoor.",
        "buttons": "The buttons: where they are wired, how presses are told apart, what they do.",
        "control": "The control socket the command line talks to the running kiosk on.",
        "mqtt": "Home Assistant over MQTT; without a url the kiosk talks to no broker.",
        "warnings": "Official weather warnings (NWS, MET Norway, the DWD) and the kiosk's own.",
        "cities": "The favourites, one `[[cities]]` table each, in display order.",
    ]

    /// The key at a dotted path.
    public static func key(_ path: String) -> ConfigKey? {
        keys.first { $0.path == path }
    }

    /// The key path closest to a misspelt `path` ("display.cycle_secnds" →
    /// "display.cycle_seconds"), if one is near enough.
    public static func suggestion(for path: String) -> String? {
        closest(to: path, in: keys.map(\.path))
    }

    /// The table names that hold keys, in order: "station", "units", …
    public static var tableNames: [String] {
        var names: [String] = []
        for key in keys {
            let parts = key.path.split(separator: ".")
            if parts.count > 1, !names.contains(String(parts[0])) { names.append(String(parts[0])) }
        }
        return names
    }

    /// Applies a parsed document (the root table) on top of `base` and checks it: unknown
    /// keys, wrong types, values out of range, duplicate cities. Every problem is reported,
    /// not only the first.
    public static func resolve(
        _ document: [(key: String, value: ConfigValue)], onto base: KioskConfiguration
    ) -> (configuration: KioskConfiguration, problems: [ConfigProblem]) {
        var configuration = base
        var problems: [ConfigProblem] = []
        for (name, value) in document {
            let path = ConfigPath([.key(name)])
            if name == "cities" {
                let (cities, cityProblems) = resolveCities(value)
                configuration.cities = cities
                problems += cityProblems
            } else if name == "sensors" {
                let (sensors, sensorProblems) = resolveSensors(value)
                configuration.sensors = sensors
                problems += sensorProblems
            } else if let key = key(name) {
                if let message = key.apply(value, to: &configuration) {
                    problems.append(ConfigProblem(path: path, message: message))
                }
            } else if tableNames.contains(name) {
                guard case .table(let members) = value else {
                    problems.append(
                        ConfigProblem(
                            path: path,
                            message:
                                "\(name) must be a table ([\(name)]), not \(value.typeDescription)")
                    )
                    continue
                }
                for (memberName, memberValue) in members {
                    let dotted = "\(name).\(memberName)"
                    let memberPath = path.appending(memberName)
                    guard let key = key(dotted) else {
                        problems.append(unknownKey(memberPath, among: keys(inTable: name)))
                        continue
                    }
                    if let message = key.apply(memberValue, to: &configuration) {
                        problems.append(ConfigProblem(path: memberPath, message: message))
                    }
                }
            } else {
                problems.append(unknownKey(path, among: rootNames))
            }
        }
        if problems.isEmpty {
            problems += displayProblems(configuration, document: document)
            problems += mqttProblems(configuration, document: document)
        }
        return (configuration, problems)
    }

    /// The keys directly inside table `table`, without the table prefix.
    public static func keys(inTable table: String) -> [String] {
        keys.compactMap { key in
            let parts = key.path.split(separator: ".")
            return parts.count == 2 && parts[0] == table ? String(parts[1]) : nil
        }
    }

    private static var rootNames: [String] {
        keys.filter { !$0.path.contains(".") }.map(\.path) + tableNames + ["cities", "sensors"]
    }

    static func unknownKey(_ path: ConfigPath, among candidates: [String])
        -> ConfigProblem
    {
        guard case .key(let name)? = path.components.last else {
            return ConfigProblem(path: path, message: "\(path) is not a config key")
        }
        var message = "unknown key \(path)"
        if let suggestion = closest(to: name, in: candidates) {
            let parent = ConfigPath(Array(path.components.dropLast()))
            let spelled = parent.components.isEmpty ? suggestion : "\(parent).\(suggestion)"
            message += " (did you mean \(spelled)?)"
        } else {
            message += "; the keys here are " + candidates.joined(separator: ", ")
        }
        return ConfigProblem(path: path, message: message)
    }

    // MARK: Cities

    private static func resolveCities(_ value: ConfigValue) -> ([City], [ConfigProblem]) {
        let path = ConfigPath([.key("cities")])
        guard case .array(let entries) = value else {
            return (
                [],
                [
                    ConfigProblem(
                        path: path,
                        message:
                            "cities must be a list of [[cities]] tables, not \(value.typeDescription)"
                    )
                ]
            )
        }
        var cities: [City] = []
        var problems: [ConfigProblem] = []
        for (offset, entry) in entries.enumerated() {
            let entryPath = path.appending(index: offset + 1)
            switch resolveCity(entry, at: entryPath) {
            case .success(let city):
                if let earlier = cities.firstIndex(where: { $0.isSamePlace(as: city) }) {
                    problems.append(
                        ConfigProblem(
                            path: entryPath,
                            message:
                                "\(entryPath) (\(city.name)) is the same place as cities[\(earlier + 1)]"
                                + " (\(cities[earlier].name)); remove one of them"))
                }
                cities.append(city)
            case .failure(let entryProblems):
                problems += entryProblems.problems
            }
        }
        return (cities, problems)
    }

    private struct Problems: Error { var problems: [ConfigProblem] }

    private static func resolveCity(_ value: ConfigValue, at path: ConfigPath) -> Result<
        City, Problems
    > {
        guard case .table(let members) = value else {
            return .failure(
                Problems(problems: [
                    ConfigProblem(
                        path: path, message: "\(path) must be a table, not \(value.typeDescription)"
                    )
                ]))
        }
        var problems: [ConfigProblem] = []
        var fields: [String: ConfigValue] = [:]
        for (name, member) in members {
            if cityKeys.contains(name) {
                fields[name] = member
            } else {
                problems.append(unknownKey(path.appending(name), among: cityKeys))
            }
        }
        func text(_ name: String, required: Bool = false) -> String? {
            guard let value = fields[name] else {
                if required {
                    problems.append(
                        ConfigProblem(
                            path: path, message: "\(path) needs a \(name) (\(name) = …)"))
                }
                return nil
            }
            guard case .string(let string) = value else {
                problems.append(
                    ConfigProblem(
                        path: path.appending(name),
                        message:
                            "\(path.appending(name)) must be a string, not \(value.typeDescription)"
                    ))
                return nil
            }
            if let problem = City.nameLengthProblem(string) {
                problems.append(
                    ConfigProblem(
                        path: path.appending(name), message: "\(path.appending(name)) \(problem)"))
                return nil
            }
            if required, string.trimmingWhitespace.isEmpty {
                problems.append(
                    ConfigProblem(
                        path: path.appending(name),
                        message: "\(path.appending(name)) must not be empty"))
                return nil
            }
            return string
        }
        func number(_ name: String, _ range: ClosedRange<Double>) -> Double? {
            guard let value = fields[name] else {
                problems.append(
                    ConfigProblem(
                        path: path,
                        message: "\(path) needs a \(name) (\(name) = …, decimal degrees)"))
                return nil
            }
            switch checkFloat(value, range) {
            case .success(let number): return number
            case .failure(let message):
                problems.append(
                    ConfigProblem(
                        path: path.appending(name),
                        message: "\(path.appending(name)) \(message.text)"))
                return nil
            }
        }
        let name = text("name", required: true)
        let country = text("country")
        let countryCode = text("country_code")
        if let countryCode, !isCountryCode(countryCode) {
            problems.append(
                ConfigProblem(
                    path: path.appending("country_code"),
                    message:
                        "\(path.appending("country_code")) must be a two-letter ISO 3166-1 code such as \"NO\", not \"\(countryCode)\""
                ))
        }
        let admin1 = text("admin1")
        let timezone = text("timezone")
        let latitude = number("latitude", -90...90)
        let longitude = number("longitude", -180...180)
        var geonameID: Int?
        if let value = fields["geoname_id"] {
            switch checkInteger(value, 1...Int(Int32.max)) {
            case .success(let id): geonameID = id
            case .failure(let message):
                problems.append(
                    ConfigProblem(
                        path: path.appending("geoname_id"),
                        message: "\(path.appending("geoname_id")) \(message.text)"))
            }
        }
        guard problems.isEmpty, let name, let latitude, let longitude else {
            return .failure(Problems(problems: problems))
        }
        return .success(
            City(
                name: name, country: country, admin1: admin1,
                coordinate: Coordinate(latitude: latitude, longitude: longitude),
                timezone: timezone, geonameID: geonameID, countryCode: countryCode))
    }

    /// The `[[cities]]` entry for `city`, as a table value in the schema's key order.
    public static func table(for city: City) -> ConfigValue {
        var members: [(key: String, value: ConfigValue)] = [("name", .string(city.name))]
        if let country = city.country { members.append(("country", .string(country))) }
        if let code = city.countryCode { members.append(("country_code", .string(code))) }
        if let admin1 = city.admin1 { members.append(("admin1", .string(admin1))) }
        members.append(("latitude", .float(city.coordinate.latitude)))
        members.append(("longitude", .float(city.coordinate.longitude)))
        if let timezone = city.timezone { members.append(("timezone", .string(timezone))) }
        if let id = city.geonameID { members.append(("geoname_id", .integer(id))) }
        return .table(members)
    }
}

/// Whether `code` is two capital letters, as ISO 3166-1 alpha-2 codes are written.
func isCountryCode(_ code: String) -> Bool {
    code.unicodeScalars.count == 2 && code.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) }
}
