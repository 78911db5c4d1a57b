public import KioskCore

// What a config file read means to the running kiosk's reducer (`ConfigSource`), the same
// at the start and on every reload.

extension ConfigStore.Loaded {
    /// Where this configuration comes from, for the reducer: a valid file, or a missing or
    /// empty one (refused with `problem` once a good config has been seen and `copyKept`).
    public func source(problem: ConfigFileError.Problem, copyKept: Bool) -> ConfigSource {
        exists && !isEmpty
            ? .file(text: document.text)
            : .missingOrEmpty(file: problem.file, problem: problem.text, copyKept: copyKept)
    }
}

extension ConfigStore {
    /// The problem of a config file that was deleted or emptied after a good one was seen.
    public func missingOrEmptyProblem(exists: Bool, copy: String) -> ConfigFileError.Problem {
        ConfigFileError.Problem(
            file: path, line: nil, path: nil,
            message: (exists ? "is empty" : "is missing")
                + "; `cp \(copy) \(path)` restores the last good copy, which the kiosk runs on")
    }
}
