/// Where a configuration the engine read comes from: what the reducer decides on.
public enum ConfigSource: Sendable, Hashable {
    /// A valid file with settings in it: taken, and its text kept as the last good copy.
    case file(text: String)
    /// No file at `file`, or an empty one: the built-in defaults. Once a good config of the
    /// file has been seen and a copy of it protects the kiosk, it is refused with `problem`
    /// instead ("… is missing; `cp …` restores the last good copy"). `copyKept`: the last
    /// good copy is in the state directory now (removing it as well is how a person goes
    /// back to the defaults on purpose).
    case missingOrEmpty(file: String, problem: String, copyKept: Bool)
}

/// What became of the last config the kiosk read, for the reply to `reload`.
public enum ConfigOutcome: Sendable, Hashable {
    /// It differs from the running one, and is in use now.
    case applied
    /// It says what the running one says.
    case unchanged
    /// It was refused; the running one stays.
    case refused
}

/// The config file as the reducer knows it: the configuration in use, whether a good one
/// has been seen, whether its last good copy could be written, and what became of the
/// last one read.
public struct ConfigFileState: Sendable, Hashable {
    /// The configuration in use; nil until the engine gives one.
    public internal(set) var configuration: KioskConfiguration?
    /// Whether a good config of the file has been seen (the file, or its last good copy):
    /// from then on a missing or empty file is refused, not taken as the defaults.
    public internal(set) var goodSeen: Bool
    /// Whether the last write of the last good copy failed: the running config is then
    /// protected all the same, though no copy is on disk.
    public internal(set) var copyUnsaved = false
    /// What became of the last config read.
    public internal(set) var lastOutcome: ConfigOutcome?

    /// A kiosk running on `configuration`; `goodSeen` when it is the file's or its last good
    /// copy.
    public init(configuration: KioskConfiguration? = nil, goodSeen: Bool = false) {
        self.configuration = configuration
        self.goodSeen = goodSeen
    }

    /// Whether a config read from `source` is refused: the one rule for the start and for
    /// every reload. A valid file is always taken; a missing or empty one only while no good
    /// config of it has been seen, or nothing protects the running one.
    public func refuses(_ source: ConfigSource) -> Bool {
        guard case .missingOrEmpty(_, _, let copyKept) = source else { return false }
        return goodSeen && (copyKept || copyUnsaved)
    }
}

/// A config read from the file, taken or refused.
extension KioskState {
    mutating func load(
        _ configuration: KioskConfiguration, restartPending: [String], from source: ConfigSource,
        at now: KioskTime, into effects: inout [KioskEffect]
    ) {
        if case .missingOrEmpty(let file, let problem, _) = source, configFile.refuses(source) {
            configFile.lastOutcome = .refused
            if configProblems != [problem] { refuse([problem], file: file, into: &effects) }
            return
        }
        var newSettings = KioskSettings(configuration)
        newSettings.restartPending = restartPending
        let changed =
            configuration != configFile.configuration
            || restartPending != settings.restartPending || !configProblems.isEmpty
        configFile.configuration = configuration
        configFile.lastOutcome = changed ? .applied : .unchanged
        if changed { apply(newSettings, at: now, into: &effects) }
        if case .file(let text) = source {
            configFile.goodSeen = true
            effects.append(.saveLastGood(text: text))
        }
    }

    /// The config file `file` was refused for `problems`: the notice and `status` say why,
    /// and the running config stays.
    mutating func refuse(_ problems: [String], file: String, into effects: inout [KioskEffect]) {
        configFile.lastOutcome = .refused
        configProblems = problems
        refusedConfigFile = file
        effects.append(.render)
    }
}
