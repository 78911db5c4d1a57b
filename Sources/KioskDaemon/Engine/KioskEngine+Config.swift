import KioskConfig
import KioskControl
import KioskCore
import Logging

/// The config file reaching the running kiosk: read on the file thread and handed to the
/// reducer, which takes it (all of it but what only a restart changes) or refuses it.
extension KioskEngine {
    /// Reads the config file now and hands it to the reducer: a valid one is applied (and
    /// kept as the last good copy), an invalid one refused. Once a good config has been
    /// seen, a missing or empty file is refused too (`ConfigFileState.refuses`): the kiosk
    /// runs on the last good one and says so.
    func reloadConfig() async -> Result<ControlResult, ConfigFileError> {
        let store = store
        let stateFiles = parts.stateFiles
        let read: Result<(ConfigStore.Loaded, Bool), ConfigFileError> = await parts.files.run {
            Result { () throws(ConfigFileError) in
                (try store.load(), stateFiles.exists(ConfigStore.lastGoodName))
            }
        }
        let loaded: ConfigStore.Loaded
        let copyKept: Bool
        switch read {
        case .success(let result): (loaded, copyKept) = result
        case .failure(let error):
            await reject(error)
            return .failure(error)
        }
        let problem = store.missingOrEmptyProblem(
            exists: loaded.exists,
            copy: ConfigStore.lastGoodPath(stateDirectory: configuration.stateDirectory))
        let (usable, pending) = restartOnly(loaded.configuration)
        await process(
            .configLoaded(
                usable, restartPending: pending,
                source: loaded.source(problem: problem, copyKept: copyKept)))
        switch state.configFile.lastOutcome {
        case .refused?:
            let error = ConfigFileError(kind: .invalid, problems: [problem])
            noteRefused(error)
            return .failure(error)
        case .applied?:
            parts.logger.info("Config reloaded from \(store.path).")
            return .success(ControlResult(message: "Reloaded \(store.path).", changed: true))
        case .unchanged?, nil:
            return .success(ControlResult(message: "\(store.path) is unchanged.", changed: false))
        }
    }

    /// `new` as the running kiosk can use it, and the keys it changes that only a restart
    /// applies, as `key = value`: the kiosk holds its lock in its state directory and reads
    /// its cache and state from there, so it keeps the directory it started with.
    func restartOnly(_ new: KioskConfiguration) -> (KioskConfiguration, [String]) {
        var usable = new
        usable.stateDirectory = startedWith.stateDirectory
        return (usable, new.changesNeedingRestart(from: startedWith))
    }

    /// Records that the config file was refused: status and the notice say why.
    func reject(_ error: ConfigFileError) async {
        noteRefused(error)
        let problems = error.problems.map(\.text)
        await process(
            .configRefused(
                problems: problems.isEmpty ? ["the config was refused"] : problems,
                file: store.path))
    }

    private func noteRefused(_ error: ConfigFileError) {
        note(
            "config",
            "The config was refused; the last good one stays in use: \(error.problems.first?.text ?? "")",
            level: .error)
    }

    /// Keeps `text`, the config file just taken, as its last good copy in the state
    /// directory (the directory in use: see `restartOnly`), and tells the reducer how it went.
    func saveLastGood(_ text: String) async {
        let store = store
        let stateFiles = parts.stateFiles
        let document = ConfigDocument(file: store.path, text: text)
        let saved: Result<Void, FileStoreError> = await parts.files.run {
            Result { () throws(FileStoreError) in try store.saveLastGood(document, in: stateFiles) }
        }
        let succeeded: Bool
        switch saved {
        case .success:
            succeeded = true
            note("last good config", nil, level: .info)
        case .failure(let error):
            succeeded = false
            note(
                "last good config", "\(error) The config is not backed up until it can be.",
                level: .warning)
        }
        followUps.append(.lastGoodSaved(succeeded: succeeded))
    }
}
