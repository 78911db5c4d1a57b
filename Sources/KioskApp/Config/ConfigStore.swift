public import KioskCore

/// The config file: where it is, what it says, and serialised, validated, atomic edits.
public struct ConfigStore: Sendable {
    /// The default location.
    public static let defaultPath = "/etc/weather-kiosk/config.toml"
    /// The environment variable that overrides the default location.
    public static let environmentVariable = "WEATHER_KIOSK_CONFIG"
    /// Largest config file accepted.
    static let sizeLimit = 1 << 20

    /// The config file's path.
    public let path: String

    /// The store for `--config PATH` if given, else `$WEATHER_KIOSK_CONFIG`, else the default.
    public init(explicitPath: String?, environment: [String: String]) {
        if let explicitPath, !explicitPath.isEmpty {
            path = explicitPath
        } else if let fromEnvironment = environment[Self.environmentVariable],
            !fromEnvironment.isEmpty
        {
            path = fromEnvironment
        } else {
            path = Self.defaultPath
        }
    }

    /// A loaded config: the document and the configuration it resolves to.
    public struct Loaded: Sendable {
        /// The file's text; empty when the file does not exist.
        public var document: ConfigDocument
        /// Whether the file exists.
        public var exists: Bool
        /// Defaults, under the board profile, under the file.
        public var configuration: KioskConfiguration
    }

    /// Reads and validates the file; a missing file means all defaults.
    /// - Throws: `ConfigFileError` with every problem located.
    public func load() throws(ConfigFileError) -> Loaded {
        let bytes: [UInt8]?
        do {
            bytes = try FileSystem.read(path, limit: Self.sizeLimit)
        } catch {
            throw ConfigFileError(kind: .access, file: path, message: error.message)
        }
        let document = ConfigDocument(
            file: path, text: bytes.map { String(decoding: $0, as: UTF8.self) } ?? "")
        return Loaded(
            document: document, exists: bytes != nil,
            configuration: try Self.resolve(document))
    }

    /// The control socket the config names, read leniently: from a valid config, else from
    /// the `[control] socket` line of one that is otherwise broken, else the default.
    public func socketPath() -> String {
        do {
            return try load().configuration.control.socket
        } catch {
            let bytes: [UInt8]?
            do {
                bytes = try FileSystem.read(path, limit: Self.sizeLimit)
            } catch {
                return KioskConfiguration().control.socket
            }
            let text = bytes.map { String(decoding: $0, as: UTF8.self) } ?? ""
            return Self.lenientSocket(in: text) ?? KioskConfiguration().control.socket
        }
    }

    /// `socket = "…"` inside `[control]`, found line by line in a file TOMLKit refuses.
    static func lenientSocket(in text: String) -> String? {
        var inControl = false
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(rawLine).trimmingWhitespace
            if line.hasPrefix("[") {
                inControl = line.hasPrefix("[control]")
                continue
            }
            guard inControl, line.hasPrefix("socket") else { continue }
            let parts = line.split(separator: "\"", omittingEmptySubsequences: false)
            if parts.count >= 3, String(parts[0]).trimmingWhitespace.hasSuffix("=") {
                return String(parts[1])
            }
        }
        return nil
    }

    /// Validates `document` as a whole config: syntax, board, keys, values.
    /// - Throws: `ConfigFileError` with every problem located.
    public static func resolve(_ document: ConfigDocument) throws(ConfigFileError)
        -> KioskConfiguration
    {
        let root = try document.parse()
        var board = KioskConfiguration().board
        if let value = root.first(where: { $0.key == "board" })?.value,
            case .string(let name) = value
        {
            guard BoardProfiles.document(for: name) != nil else {
                throw document.locate([
                    ConfigProblem(
                        path: ConfigPath([.key("board")]),
                        message: "board \"\(name)\" has no profile; the known boards are "
                            + BoardProfiles.names.joined(separator: ", "))
                ])
            }
            board = name
        }
        return try document.resolve(onto: BoardProfiles.base(for: board))
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
            return try DirectoryLock.withLock(on: directory) {
                FileSystem.removeStaleTemporaries(of: path)
                let bytes = try FileSystem.read(path, limit: Self.sizeLimit)
                let current = ConfigDocument(
                    file: path, text: bytes.map { String(decoding: $0, as: UTF8.self) } ?? "")
                let edited = try edit(current, bytes != nil)
                let configuration = try Self.resolve(edited)
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
