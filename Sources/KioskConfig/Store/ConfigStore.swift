public import KioskCore
import LinuxPlatform

/// The config file: where it is, what it says, and serialised, validated, atomic edits.
public struct ConfigStore: Sendable {
    /// The system-wide location, used by the installed service and by root.
    public static let defaultPath = "/etc/weather-kiosk/config.toml"
    /// The environment variable that overrides the default location.
    public static let environmentVariable = "WEATHER_KIOSK_CONFIG"
    /// Largest config file accepted.
    public static let sizeLimit = 1 << 20

    /// Why a path is the config file: what chose it.
    public enum Origin: String, Sendable, Hashable, Codable {
        /// `--config PATH`.
        case option
        /// `$WEATHER_KIOSK_CONFIG`.
        case environment
        /// `/etc/weather-kiosk/config.toml`: it exists, or the user is root.
        case system
        /// `$XDG_CONFIG_HOME/weather-kiosk/config.toml` (else `~/.config/…`): a user other
        /// than root on a machine without the system config.
        case user
    }

    /// The config file's path.
    public let path: String
    /// What chose the path.
    public let origin: Origin
    /// The language the environment's locale names: spoken while the config does not set
    /// `language` (``KioskConfiguration/systemLanguage`` of every configuration loaded).
    public var systemLanguage: LanguageChoice

    /// The store for `--config PATH` if given, else `$WEATHER_KIOSK_CONFIG`, else the system
    /// config when it exists or the user is root, else the per-user config.
    public init(explicitPath: String?, environment: [String: String]) {
        self.init(
            explicitPath: explicitPath, environment: environment, isRoot: CurrentProcess.isRoot,
            systemConfigExists: FileSystem.exists(Self.defaultPath))
    }

    /// The store as `init(explicitPath:environment:)` chooses it, with the facts about the
    /// machine given (for tests).
    public init(
        explicitPath: String?, environment: [String: String], isRoot: Bool,
        systemConfigExists: Bool
    ) {
        systemLanguage = LanguageChoice.choose(configured: nil, environment: environment)
        if let explicitPath, !explicitPath.isEmpty {
            (path, origin) = (explicitPath, .option)
        } else if let fromEnvironment = environment[Self.environmentVariable],
            !fromEnvironment.isEmpty
        {
            (path, origin) = (fromEnvironment, .environment)
        } else if !isRoot, !systemConfigExists, let user = Self.userPath(environment: environment) {
            (path, origin) = (user, .user)
        } else {
            (path, origin) = (Self.defaultPath, .system)
        }
    }

    /// The per-user config: `$XDG_CONFIG_HOME/weather-kiosk/config.toml`, else
    /// `$HOME/.config/weather-kiosk/config.toml`; nil without an absolute home.
    public static func userPath(environment: [String: String]) -> String? {
        if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") {
            return base + "/weather-kiosk/config.toml"
        }
        if let home = environment["HOME"], home.hasPrefix("/"), home != "/" {
            return home + "/.config/weather-kiosk/config.toml"
        }
        return nil
    }

    /// Why this file: "set by --config", "the per-user config (there is no
    /// /etc/weather-kiosk/config.toml)", …
    public var originDescription: String {
        switch origin {
        case .option: "set by --config"
        case .environment: "set by \(Self.environmentVariable)"
        case .system: "the system config"
        case .user:
            "the per-user config (there is no \(Self.defaultPath); --config or \(Self.environmentVariable) choose another)"
        }
    }

    /// A loaded config: the document and the configuration it resolves to.
    public struct Loaded: Sendable {
        /// The file's text; empty when the file does not exist.
        public var document: ConfigDocument
        /// Whether the file exists.
        public var exists: Bool
        /// Whether the file exists but sets nothing (empty, or only comments).
        public var isEmpty: Bool = false
        /// Defaults, under the board profile, under the file.
        public var configuration: KioskConfiguration
    }

    /// Reads and validates the file; a missing file means all defaults.
    /// - Throws: `ConfigFileError` with every problem located.
    public func load() throws(ConfigFileError) -> Loaded {
        let bytes: [UInt8]?
        do {
            bytes = try FileSystem.read(path, limit: Self.sizeLimit, regularFileOnly: true)
        } catch {
            throw ConfigFileError(kind: .access, file: path, message: error.message)
        }
        let document = ConfigDocument(
            file: path, text: bytes.map { String(decoding: $0, as: UTF8.self) } ?? "")
        let configuration = try resolved(document)
        var isEmpty = false
        if bytes != nil { isEmpty = try document.parse().isEmpty }
        return Loaded(
            document: document, exists: bytes != nil, isEmpty: isEmpty,
            configuration: configuration)
    }

    /// Validates `document` as a whole config: syntax, board, keys, values.
    /// - Throws: `ConfigFileError` with every problem located.
    public static func resolve(_ document: ConfigDocument) throws(ConfigFileError)
        -> KioskConfiguration
    {
        let root = try document.parse()
        var problems: [ConfigProblem] = []
        /// The profile named by root key `key`, nil when the key is absent or empty; an
        /// unknown name is a problem that lists the known ones.
        func profile(_ key: String, noun: String, known: [String]) -> String? {
            guard case .string(let name)? = root.first(where: { $0.key == key })?.value,
                !name.isEmpty
            else { return nil }
            guard known.contains(name) else {
                problems.append(
                    ConfigProblem(
                        path: ConfigPath([.key(key)]),
                        message: "\(key) \"\(name)\" has no profile; the known \(noun) are "
                            + known.joined(separator: ", ")))
                return nil
            }
            return name
        }
        let board =
            profile("board", noun: "boards", known: BoardProfiles.names)
            ?? KioskConfiguration().board
        let addon = profile("addon", noun: "add-ons", known: BoardProfiles.addonNames)
        guard problems.isEmpty else { throw document.locate(problems) }
        return try document.resolve(onto: BoardProfiles.base(for: board, addon: addon))
    }

    /// `resolve(_:)`, speaking the environment's language where the config does not say.
    func resolved(_ document: ConfigDocument) throws(ConfigFileError) -> KioskConfiguration {
        var configuration = try Self.resolve(document)
        configuration.systemLanguage = systemLanguage
        return configuration
    }

    /// Changes the file under an exclusive lock: re-reads it, applies `edit` to its text,
    /// validates the result as a whole, and replaces the file atomically. Nothing invalid is
    /// written: a failed validation throws and leaves the file as it was. The file as it was
    /// need not be valid, so an edit can repair it.
    /// - Parameter edit: gets the current document and whether the file exists; returns the
    ///   edited document.
    /// - Returns: the config after the edit.
    /// - Throws: `ConfigFileError` (access, syntax or validation), or what `edit` throws.
    @discardableResult
    public func update(_ edit: (_ current: ConfigDocument, _ exists: Bool) throws -> ConfigDocument)
        throws -> Loaded
    {
        let directory = FileSystem.directory(of: path)
        do {
            // The per-user config is created on first write, its directory too.
            try FileSystem.createDirectories(directory)
            return try DirectoryLock.withLock(on: directory) {
                FileSystem.removeStaleTemporaries(of: path)
                let bytes = try FileSystem.read(path, limit: Self.sizeLimit, regularFileOnly: true)
                let current = ConfigDocument(
                    file: path, text: bytes.map { String(decoding: $0, as: UTF8.self) } ?? "")
                let edited = try edit(current, bytes != nil)
                let configuration = try resolved(edited)
                if edited.text != current.text || bytes == nil {
                    try FileSystem.writeAtomically(Array(edited.text.utf8), to: path)
                }
                return Loaded(document: edited, exists: true, configuration: configuration)
            }
        } catch let error as FileSystemError {
            throw ConfigFileError(kind: .access, file: path, message: error.message)
        }
    }
}
