public import KioskConfig
import KioskControl
import KioskCore

/// The `config` verbs: show, check, get, set, unset, edit.
public struct ConfigCommands: Sendable {
    /// The config file.
    public let store: ConfigStore
    /// Where output goes.
    public let console: Console

    /// Creates the verbs for a config file.
    public init(store: ConfigStore, console: Console) {
        self.store = store
        self.console = console
    }

    /// `config show`: the whole effective configuration as TOML, each value marked with
    /// where it comes from when not from the file.
    /// - Throws: `CommandFailure` when the file is unreadable or invalid.
    public func show(json: Bool) throws {
        let loaded = try load()
        let configuration = loaded.configuration
        if json {
            console.print(try JSONText.encodeLine(ConfigValue.table(effectiveTable(configuration))))
            return
        }
        var lines: [String] = []
        lines.append(
            "# \(store.path)" + (loaded.exists ? "" : " (no such file: built-in defaults)"))
        lines.append(
            "# Lines marked \"default\" come from the built-in defaults or the board profile.")
        var currentTable = ""
        for key in ConfigSchema.keys {
            let parts = key.path.split(separator: ".").map(String.init)
            let table = parts.count > 1 ? parts[0] : ""
            if table != currentTable {
                lines.append("")
                lines.append("[\(table)]")
                currentTable = table
            }
            let name = parts.last ?? key.path
            let fromFile = (try? loaded.document.value(at: ConfigPath(dotted: key.path))) != nil
            guard let value = key.value(in: configuration) else {
                lines.append("# \(name) is not set: \(key.summary)")
                continue
            }
            let literal =
                key.isSecret
                ? ConfigValue.string(Self.mask).tomlLiteral
                : numberAsWritten(key, value, loaded.document) ?? value.tomlLiteral
            let statement = "\(TOMLText.key(name)) = \(literal)"
            lines.append(fromFile ? statement : pad(statement, 40) + "# default")
        }
        let entries =
            configuration.sensors.map { ("sensors", ConfigSchema.table(for: $0)) }
            + configuration.cities.map { ("cities", ConfigSchema.table(for: $0)) }
        for (array, entry) in entries {
            lines.append("")
            lines.append("[[\(array)]]")
            if case .table(let members) = entry {
                for (key, value) in members {
                    let isAddress = array == "sensors" && key == "address"
                    let literal =
                        if isAddress, case .integer(let number) = value {
                            ConfigSchema.hex(number)
                        } else {
                            value.tomlLiteral
                        }
                    lines.append("\(key) = \(literal)")
                }
            }
        }
        console.print(lines.joined(separator: "\n"))
    }

    /// `config reference`: every key with what it takes, its default and its meaning, and
    /// what the profiles set, as Markdown (docs/configuration-reference.md is this output).
    /// - Throws: `CommandFailure` when a built-in profile does not parse (a bug).
    public static func reference(console: Console) throws {
        do {
            console.print(try ConfigReference.markdown(), terminator: false)
        } catch {
            throw CommandFailure(error)
        }
    }

    /// `config check [FILE]`: validates a file without using it.
    /// - Throws: `CommandFailure` (exit 2) listing every problem.
    public func check(file: String?) throws {
        let path = file ?? store.path
        let checked = ConfigStore(explicitPath: path, environment: [:])
        let loaded = try ConfigCommands(store: checked, console: console).load()
        guard loaded.exists else {
            throw CommandFailure.usage(
                "\(path) does not exist; `config show` prints a complete config to start from.")
        }
        console.print(ConfigSentences.valid(path, loaded.configuration))
    }

    /// `config get KEY`: one value of the effective configuration.
    /// - Throws: `CommandFailure` for an unknown key or an invalid file.
    public func get(_ key: String, json: Bool) throws {
        let loaded = try load()
        if key == "sensors" || key == "cities" {
            return try getEntries(key, of: loaded.configuration, json: json)
        }
        let (schemaKey, member) = try resolveKey(key)
        var value = schemaKey.value(in: loaded.configuration)
        if let member { value = value?[member] }
        // A secret is masked as `config show` masks it; the file itself has it.
        if schemaKey.isSecret, value != nil { value = .string(Self.mask) }
        guard let value else {
            if json {
                console.print(try JSONText.encodeLine(ConfigValue?.none))
            } else {
                console.print("")
            }
            return
        }
        if json {
            console.print(try JSONText.encodeLine(value))
        } else if member == nil, let written = numberAsWritten(schemaKey, value, loaded.document) {
            console.print(written)
        } else {
            console.print(value.plainText)
        }
    }

    /// A number as the file spells it (`address = 0x76` prints `0x76`, not `118`); a key
    /// written in hexadecimal by convention is spelled so when it comes from the defaults.
    func numberAsWritten(_ key: ConfigKey, _ value: ConfigValue, _ document: ConfigDocument)
        -> String?
    {
        guard case .integer(let number) = value else { return nil }
        if let written = document.sourceText(at: ConfigPath(dotted: key.path)),
            tomlLiteral(written) == value
        {
            return written
        }
        return key.isHexadecimal ? "0x" + String(number, radix: 16) : nil
    }

    /// `config set KEY VALUE`: changes one key in the file, leaving everything else as it is;
    /// with `json`, `{"key":…,"value":…,"previous":…}`.
    /// - Throws: `CommandFailure` (exit 2) when the value is refused; nothing is written then.
    public func set(_ key: String, to text: String, json: Bool = false) throws {
        let (schemaKey, member) = try resolveKey(key)
        var previous: ConfigValue?
        var previousText: String?
        var spelling: String?
        var newValue = ConfigValue.string("")
        var before: KioskConfiguration?
        let path = ConfigPath(dotted: schemaKey.path)
        let loaded = try update { document in
            let current = (try? ConfigStore.resolve(document)) ?? KioskConfiguration()
            before = current
            previous = schemaKey.value(in: current)
            if let member {
                var members: [(key: String, value: ConfigValue)] = []
                if case .table(let existing)? = previous {
                    members = existing
                } else if case .table(let defaults)? = ConfigSchema.memberDefaults[schemaKey.path] {
                    // A table that needs every member (the night window) starts from the
                    // documented example, so that one member can be set on its own.
                    members = defaults
                }
                let memberValue = ConfigValue.string(text)
                if let index = members.firstIndex(where: { $0.key == member }) {
                    members[index].value = memberValue
                } else {
                    members.append((member, memberValue))
                }
                newValue = .table(members)
            } else {
                newValue = try parseValue(text, for: schemaKey)
            }
            // A whole number keeps its spelling: `config set sensor.address 0x77`.
            if member == nil, case .integer = newValue, tomlLiteral(text) == newValue {
                spelling = text
            }
            previousText = previous.map {
                numberAsWritten(schemaKey, $0, document) ?? $0.tomlLiteral
            }
            return try document.setting(path, to: newValue, spelling: spelling)
        }
        // A secret is never printed back: not the new one, not the old one.
        let shown = ConfigValue.string(Self.mask).tomlLiteral
        let was = previousText.map { schemaKey.isSecret ? shown : $0 }
        let value = schemaKey.isSecret ? shown : spelling ?? newValue.tomlLiteral
        let restart = needsRestart(before: before, after: loaded.configuration)
        guard json else {
            let language = loaded.configuration.languageChoice.language
            console.print(
                ConfigSentences.set(schemaKey.path, to: value, was: was, language: language))
            return noteRestart(restart, language: language)
        }
        let masked = { (value: ConfigValue) in schemaKey.isSecret ? .string(Self.mask) : value }
        console.print(
            try JSONText.encodeLine(
                ConfigChange(
                    key: schemaKey.path, value: masked(newValue), previous: previous.map(masked),
                    takesEffectAfterRestart: restart)))
    }

    /// Whether the change is one a running kiosk takes only after a restart.
    private func needsRestart(before: KioskConfiguration?, after: KioskConfiguration) -> Bool {
        guard let before else { return false }
        return !after.changesNeedingRestart(from: before).isEmpty
    }

    /// Says so when the change is one a running kiosk takes only after a restart.
    private func noteRestart(_ needed: Bool, language: Language) {
        guard needed else { return }
        let keys = KioskConfiguration.restartOnlyKeys.joined(separator: ", ")
        console.print(ConfigSentences.restartNote(keys, language: language))
    }

    /// What `config set` and `config unset` did, for `--json`: the key, the value now in
    /// effect, the one before (`set`) or whether the file set it (`unset`), and whether a
    /// running kiosk takes it only after a restart.
    struct ConfigChange: Encodable {
        var key: String
        var value: ConfigValue?
        var previous: ConfigValue?
        var removed: Bool?
        var takesEffectAfterRestart: Bool

        enum CodingKeys: String, CodingKey {
            case key, value, previous, removed
            case takesEffectAfterRestart = "takes_effect_after_restart"
        }

        /// `value` always, null when there is none; `previous` for `set` and `removed` for
        /// `unset`.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(key, forKey: .key)
            try container.encode(value, forKey: .value)
            if let removed {
                try container.encode(removed, forKey: .removed)
            } else {
                try container.encode(previous, forKey: .previous)
            }
            try container.encode(takesEffectAfterRestart, forKey: .takesEffectAfterRestart)
        }
    }

    /// `config unset KEY`: removes a key from the file, so its default applies again;
    /// `config unset TABLE` removes a whole table (`config unset mqtt` turns MQTT off). With
    /// `json`, `{"key":…,"removed":true|false,"value":…}` (the value now in use).
    /// - Throws: `CommandFailure` for an unknown key, a key that cannot go alone
    ///   (`mqtt.url`), or an unwritable file.
    public func unset(_ key: String, json: Bool = false) throws {
        if Self.tables.contains(key) { return try unsetTable(key, json: json) }
        if key == "cities" {
            throw CommandFailure.usage(
                "The favourites are removed one by one: `weather-kiosk city remove CITY`.")
        }
        let (schemaKey, member) = try resolveKey(key)
        guard member == nil else {
            throw CommandFailure.usage(
                "Unset the whole table instead: `config unset \(schemaKey.path)`.")
        }
        var wasSet = false
        var before: KioskConfiguration?
        let loaded = try update { document in
            before = try? ConfigStore.resolve(document)
            let path = ConfigPath(dotted: schemaKey.path)
            wasSet = (try document.value(at: path)) != nil
            if wasSet, schemaKey.path == "mqtt.url" { try refuseUnsettingTheBroker() }
            return try document.removing(path)
        }
        let restart = needsRestart(before: before, after: loaded.configuration)
        if json {
            var value = schemaKey.value(in: loaded.configuration)
            if schemaKey.isSecret, value != nil { value = .string(Self.mask) }
            return console.print(
                try JSONText.encodeLine(
                    ConfigChange(
                        key: schemaKey.path, value: value, removed: wasSet,
                        takesEffectAfterRestart: restart)))
        }
        let language = loaded.configuration.languageChoice.language
        guard wasSet else {
            console.print(
                ConfigSentences.notSet(schemaKey.path, in: store.path, language: language))
            return
        }
        let now = schemaKey.value(in: loaded.configuration).map {
            numberAsWritten(schemaKey, $0, loaded.document) ?? $0.tomlLiteral
        }
        console.print(
            ConfigSentences.removed(schemaKey.path, from: store.path, now: now, language: language))
        noteRestart(restart, language: language)
    }

    // MARK: Helpers shared with the other verbs

    /// Loads the config, turning problems into a `CommandFailure`.
    func load() throws -> ConfigStore.Loaded {
        do {
            return try store.load()
        } catch {
            throw CommandFailure(error)
        }
    }

    /// Edits the config under its lock, turning problems into a `CommandFailure`.
    @discardableResult
    func update(_ edit: (ConfigDocument) throws -> ConfigDocument) throws -> ConfigStore.Loaded {
        do {
            return try store.update { document, _ in try edit(document) }
        } catch let error as ConfigFileError {
            var failure = CommandFailure(error)
            if error.kind == .invalid || error.kind == .syntax {
                failure.message += "\nNothing was changed."
            }
            throw failure
        }
    }

    private func resolveKey(_ text: String) throws -> (ConfigKey, member: String?) {
        if let key = ConfigSchema.key(text) { return (key, nil) }
        let parts = text.split(separator: ".").map(String.init)
        if parts.count == 3, let key = ConfigSchema.key(parts[0] + "." + parts[1]),
            case .table(let members) = key.kind, members.contains(parts[2])
        {
            return (key, parts[2])
        }
        var message = "Unknown config key \(text)"
        if let suggestion = ConfigSchema.suggestion(for: text) {
            message += "; did you mean \(suggestion)?"
        } else {
            message += "; `weather-kiosk config show` lists every key."
        }
        throw CommandFailure.usage(message)
    }

    private func parseValue(_ text: String, for key: ConfigKey) throws -> ConfigValue {
        switch key.kind {
        case .string:
            return .string(text)
        case .integer, .float:
            // Decimal only, except for what people write in hex (an I2C address: 0x76):
            // TOML would read `0x10` as 16 and take `nan` and `inf`.
            if let number = DecimalText.number(text) {
                if !text.contains("."), let whole = Int(text) { return .integer(whole) }
                if key.kind == .float { return .float(number) }
            } else if key.isHexadecimal, let value = tomlLiteral(text), case .integer = value {
                return value
            }
            let expected = key.kind == .integer ? "a whole number" : "a decimal number"
            throw CommandFailure.usage(
                "\(key.path) takes \(expected) (\(key.summary)), not \"\(text)\".")
        case .boolean:
            guard text == "true" || text == "false" else {
                throw CommandFailure.usage(
                    "\(key.path) takes true or false (\(key.summary)), not \"\(text)\".")
            }
            return .boolean(text == "true")
        case .stringList:
            if text.hasPrefix("["), let value = tomlLiteral(text) { return value }
            let items = text.split(whereSeparator: { $0 == "," || $0 == " " }).map {
                ConfigValue.string(String($0))
            }
            return .array(items)
        case .table(let members):
            guard text.hasPrefix("{"), let value = tomlLiteral(text), case .table = value else {
                throw CommandFailure.usage(
                    "\(key.path) takes a table such as '{ \(members.map { "\($0) = …" }.joined(separator: ", ")) }',"
                        + " or set one member: `config set \(key.path).\(members[0]) VALUE`.")
            }
            return value
        }
    }

    private func tomlLiteral(_ text: String) -> ConfigValue? {
        let document = ConfigDocument(file: "the command line", text: "value = \(text)\n")
        return (try? document.parse())?.first { $0.key == "value" }?.value
    }

    private func effectiveTable(_ configuration: KioskConfiguration)
        -> [(key: String, value: ConfigValue)]
    {
        var root: [(key: String, value: ConfigValue)] = []
        var tables: [(name: String, members: [(key: String, value: ConfigValue)])] = []
        for key in ConfigSchema.keys {
            guard var value = key.value(in: configuration) else { continue }
            if key.isSecret { value = .string(Self.mask) }
            let parts = key.path.split(separator: ".").map(String.init)
            if parts.count == 1 {
                root.append((parts[0], value))
            } else if let index = tables.firstIndex(where: { $0.name == parts[0] }) {
                tables[index].members.append((parts[1], value))
            } else {
                tables.append((parts[0], [(parts[1], value)]))
            }
        }
        root += tables.map { ($0.name, ConfigValue.table($0.members)) }
        root.append(("cities", .array(configuration.cities.map(ConfigSchema.table(for:)))))
        root.append(("sensors", .array(configuration.sensors.map(ConfigSchema.table(for:)))))
        return root
    }

    /// What `config show` prints for a secret (`mqtt.password`).
    static let mask = "********"

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + "  " : text + String(repeating: " ", count: width - text.count)
    }
}

extension ConfigCommands {
    /// The config's tables, as `config unset TABLE` takes them: `display`, `mqtt`, ….
    static let tables: Set<String> = Set(
        ConfigSchema.keys.compactMap { key in
            let parts = key.path.split(separator: ".")
            return parts.count > 1 ? String(parts[0]) : nil
        })

    /// What `config unset TABLE` did, for `--json`.
    struct TableRemoval: Encodable {
        var key: String
        var removed: Bool
    }

    /// `config unset TABLE`: the table goes, with its comments; its keys are back to their
    /// defaults (without `[mqtt]`, no MQTT).
    func unsetTable(_ name: String, json: Bool) throws {
        var wasSet = false
        let loaded = try update { document in
            let removed = try document.removingTable(name)
            wasSet = removed.text != document.text
            return removed
        }
        if json {
            return console.print(try JSONText.encodeLine(TableRemoval(key: name, removed: wasSet)))
        }
        let language = loaded.configuration.languageChoice.language
        guard wasSet else {
            console.print(ConfigSentences.tableNotThere(name, in: store.path, language: language))
            return
        }
        console.print(ConfigSentences.tableRemoved(name, from: store.path, language: language))
    }

    /// `mqtt.url` alone: without it `[mqtt]` names no broker, and removing the table is a
    /// choice a person makes knowingly (it takes the user name and password file along).
    func refuseUnsettingTheBroker() throws {
        throw CommandFailure.usage(
            "mqtt.url is the broker [mqtt] talks to, and the table cannot be without it:"
                + " `weather-kiosk config unset mqtt` removes the whole table (MQTT off, the"
                + " user name and password with it), `weather-kiosk config set mqtt.url"
                + " mqtt://HOST:1883` names another broker.")
    }
}
