import KioskConfig
import KioskControl
import KioskCore
import Logging

/// The config file reaching the running kiosk: read on the file thread and handed to the
/// reducer, which takes it (all of it but what only a restart changes) or refuses it; and
/// the copy the reducer keeps as the last good one, written. It holds nothing of its own.
enum ConfigReload {
    /// Reads the config file now and hands it to the reducer: a valid one is applied (and
    /// kept as the last good copy), an invalid one refused. Once a good config has been
    /// seen, a missing or empty file is refused too (`ConfigFileState.refuses`): the kiosk
    /// runs on the last good one and says so.
    static func reload(on engine: isolated KioskEngine) async
        -> Result<ControlResult, ConfigFileError>
    {
        let store = engine.store
        let stateFiles = engine.parts.stateFiles
        let read: Result<(ConfigStore.Loaded, Bool), ConfigFileError> = await engine.parts.files.run
        {
            Result { () throws(ConfigFileError) in
                (try store.load(), stateFiles.exists(ConfigStore.lastGoodName))
            }
        }
        let loaded: ConfigStore.Loaded
        let copyKept: Bool
        switch read {
        case .success(let result): (loaded, copyKept) = result
        case .failure(let error):
            await reject(error, on: engine)
            return .failure(error)
        }
        let problem = store.missingOrEmptyProblem(
            exists: loaded.exists,
            copy: ConfigStore.lastGoodPath(stateDirectory: engine.configuration.stateDirectory))
        let (usable, pending) = restartOnly(loaded.configuration, startedWith: engine.startedWith)
        await engine.process(
            .configLoaded(
                usable, restartPending: pending,
                source: loaded.source(problem: problem, copyKept: copyKept)))
        switch engine.state.configFile.lastOutcome {
        case .refused?:
            let error = ConfigFileError(kind: .invalid, problems: [problem])
            noteRefused(error, on: engine)
            return .failure(error)
        case .applied?:
            engine.parts.logger.info("Config reloaded from \(engine.store.path).")
            return .success(
                ControlResult(
                    LocalizedMessage("Reloaded {path}.", ["path": engine.store.path]),
                    changed: true))
        case .unchanged?, nil:
            return .success(
                ControlResult(
                    LocalizedMessage("{path} is unchanged.", ["path": engine.store.path]),
                    changed: false))
        }
    }

    /// `new` as the running kiosk can use it, and the keys it changes that only a restart
    /// applies, as `key = value`: the kiosk holds its lock in its state directory and reads
    /// its cache and state from there, so it keeps the directory it started with.
    static func restartOnly(_ new: KioskConfiguration, startedWith: KioskConfiguration)
        -> (KioskConfiguration, [String])
    {
        var usable = new
        usable.stateDirectory = startedWith.stateDirectory
        return (usable, new.changesNeedingRestart(from: startedWith))
    }

    /// Records that the config file was refused: status and the notice say why.
    static func reject(_ error: ConfigFileError, on engine: isolated KioskEngine) async {
        noteRefused(error, on: engine)
        let problems = error.problems.map(\.text)
        await engine.process(
            .configRefused(
                problems: problems.isEmpty ? ["the config was refused"] : problems,
                file: engine.store.path))
    }

    private static func noteRefused(_ error: ConfigFileError, on engine: isolated KioskEngine) {
        engine.note(
            "config",
            "The config was refused; the last good one stays in use: \(error.problems.first?.text ?? "")",
            level: .error)
    }

    /// Keeps `text`, the config file just taken, as its last good copy in the state
    /// directory (the directory in use: see `restartOnly`), and tells the reducer how it went.
    static func saveLastGood(_ text: String, on engine: isolated KioskEngine) async {
        let store = engine.store
        let stateFiles = engine.parts.stateFiles
        let document = ConfigDocument(file: store.path, text: text)
        let saved: Result<Void, FileStoreError> = await engine.parts.files.run {
            Result { () throws(FileStoreError) in try store.saveLastGood(document, in: stateFiles) }
        }
        let succeeded: Bool
        switch saved {
        case .success:
            succeeded = true
            engine.note("last good config", nil, level: .info)
        case .failure(let error):
            succeeded = false
            engine.note(
                "last good config", "\(error) The config is not backed up until it can be.",
                level: .warning)
        }
        engine.followUps.append(.lastGoodSaved(succeeded: succeeded))
    }
}
