public import KioskCore
import LinuxPlatform

/// What the kiosk runs on when its config file is missing, empty or refused, and where the
/// CLI then finds the running kiosk: the last-known-good copy of the file, kept in the state
/// directory whenever a config is accepted; failing that, whatever the broken file still
/// says (`state_dir`, `[control] socket`, `board`), over the board's profile.
extension ConfigStore {
    /// The last good copy's file name inside `state_dir`.
    public static let lastGoodName = "config.last-good.toml"

    /// The last good copy's path for a state directory.
    public static func lastGoodPath(stateDirectory: String) -> String {
        "\(stateDirectory)/\(lastGoodName)"
    }

    /// The copy's first line: which file it is a copy of. A copy of another file (another
    /// `--config`) is never used for this one.
    func lastGoodHeader() -> String {
        "# The last good copy of \(path), kept by weather-kiosk; `cp` it back to restore.\n"
    }

    /// Writes `document` (a config just accepted) as the last good copy in `state`,
    /// atomically and readable by the owner only (it may hold an API key); nothing is
    /// written when the copy already says the same with that mode. On the Pi `state` is the
    /// state directory (`StateDirectoryStore`): never through a link, never in a directory
    /// another user could write.
    /// - Throws: `FileStoreError` naming the copy, or the directory's sentence.
    public func saveLastGood(_ document: ConfigDocument, in state: any FileStore)
        throws(FileStoreError)
    {
        let contents = Array((lastGoodHeader() + document.text).utf8)
        try state.withLock { directory throws(FileStoreError) in
            var same = false
            do {
                same =
                    try directory.read(Self.lastGoodName, limit: Self.sizeLimit + 4096) == contents
            } catch {
                // A link, a FIFO or a damaged copy at the name: replaced below.
            }
            if same, directory.isPrivate(Self.lastGoodName) { return }
            try directory.write(contents, to: Self.lastGoodName, privately: true)
        }
    }

    /// `saveLastGood(_:in:)` in the state directory at `stateDirectory`.
    /// - Throws: `FileStoreError` naming the copy, or the directory's sentence.
    public func saveLastGood(_ document: ConfigDocument, stateDirectory: String)
        throws(FileStoreError)
    {
        try saveLastGood(document, in: StateDirectoryStore(stateDirectory))
    }

    /// The last good copy of this file in `state`, when there is one and it is still valid;
    /// nil otherwise (a copy that cannot be read counts as none, and so does one in a
    /// directory another user could have written it in).
    public func lastGood(in state: any FileStore) -> Loaded? {
        let bytes: [UInt8]?
        do {
            bytes = try state.read(
                Self.lastGoodName, limit: Self.sizeLimit + 4096, requiringSafety: true)
        } catch {
            return nil
        }
        guard let bytes else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.hasPrefix(lastGoodHeader()) else { return nil }
        let document = ConfigDocument(file: state.path(of: Self.lastGoodName), text: text)
        do {
            return Loaded(
                document: document, exists: true, configuration: try resolved(document))
        } catch {
            return nil
        }
    }

    /// `lastGood(in:)` in the state directory at `stateDirectory`.
    public func lastGood(stateDirectory: String) -> Loaded? {
        lastGood(in: StateDirectoryStore(stateDirectory))
    }

    /// What a broken, missing or empty file still tells: its `board`, `state_dir` and
    /// `[control] socket` lines, read line by line (the file need not parse), over the
    /// named board's profile (or the default board's).
    public func hints() -> KioskConfiguration {
        let text: String
        do {
            text =
                try FileSystem.read(path, limit: Self.sizeLimit, regularFileOnly: true).map {
                    String(decoding: $0, as: UTF8.self)
                } ?? ""
        } catch {
            text = ""
        }
        var configuration = Self.hints(in: text)
        configuration.systemLanguage = systemLanguage
        return configuration
    }

    /// `hints()` for a file's text.
    static func hints(in text: String) -> KioskConfiguration {
        var configuration = KioskConfiguration()
        if let board = lenientString(in: text, table: nil, key: "board"),
            BoardProfiles.names.contains(board)
        {
            configuration.board = board
        }
        do {
            configuration = try BoardProfiles.base(for: configuration.board)
        } catch {
            // A built-in profile that does not resolve is a bug caught by the profile
            // tests; the built-in defaults are the safe answer here.
        }
        if let directory = lenientString(in: text, table: nil, key: "state_dir"),
            directory.hasPrefix("/")
        {
            configuration.stateDirectory = directory
        }
        if let socket = lenientString(in: text, table: "control", key: "socket"),
            socket.hasPrefix("/")
        {
            configuration.control.socket = socket
        }
        return configuration
    }

    /// The config to run on when the file cannot be used: the last good copy (in the state
    /// directory the file still names, else the board's), else `hints()`.
    /// - Returns: the configuration, and the last good copy's path when it is that.
    public func fallback() -> (configuration: KioskConfiguration, lastGood: String?) {
        let hinted = hints()
        if let good = lastGood(stateDirectory: hinted.stateDirectory) {
            return (good.configuration, good.document.file)
        }
        return (hinted, nil)
    }

    /// The sockets the running kiosk may listen on, most likely first. A valid file: its
    /// own socket, then its last good copy's (the kiosk moves its socket when
    /// `control.socket` changes, and listens on the old one until it has reloaded). A
    /// broken, missing or empty file: the last good copy's socket (in the state directory
    /// the file still names, else the board's, else the built-in one), then the file's
    /// `[control] socket` line, then the board's socket, then the built-in one.
    public func socketCandidates() -> [String] {
        var candidates: [String] = []
        var broken = true
        do {
            let loaded = try load()
            if loaded.exists, !loaded.isEmpty {
                broken = false
                candidates.append(loaded.configuration.control.socket)
                if let good = lastGood(stateDirectory: loaded.configuration.stateDirectory) {
                    candidates.append(good.configuration.control.socket)
                }
            }
        } catch {
            broken = true
        }
        if broken {
            let hinted = hints()
            let builtIn = KioskConfiguration()
            for directory in [hinted.stateDirectory, builtIn.stateDirectory] {
                if let good = lastGood(stateDirectory: directory) {
                    candidates.append(good.configuration.control.socket)
                }
            }
            candidates += [hinted.control.socket, builtIn.control.socket]
        }
        var unique: [String] = []
        for candidate in candidates where !unique.contains(candidate) { unique.append(candidate) }
        return unique
    }

    /// `KEY = "…"` inside `[table]` (or before any table when `table` is nil), found line by
    /// line in a file the TOML parser may refuse.
    static func lenientString(in text: String, table: String?, key: String) -> String? {
        var current: String?
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(rawLine).trimmingWhitespace
            if line.hasPrefix("[") {
                let name = line.dropFirst().prefix { $0 != "]" }
                current = String(name).trimmingWhitespace
                continue
            }
            guard current == table, line.hasPrefix(key) else { continue }
            let parts = line.split(separator: "\"", omittingEmptySubsequences: false)
            if parts.count >= 3,
                String(parts[0]).filter({ $0 != " " && $0 != "\t" }) == "\(key)="
            {
                return String(parts[1])
            }
        }
        return nil
    }
}
