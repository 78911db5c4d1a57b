import KioskConfig
import KioskCore
import Logging

/// Config changes reaching the running kiosk: an accepted config is applied (all of it but
/// what only a restart changes), a refused one is shown and kept out.
extension KioskEngine {
    /// Applies an accepted configuration: settings to the reducer, and new display or
    /// sensor hardware when those keys changed. What only a restart can change stays as it
    /// was, and the screen and `status` say so.
    func apply(_ new: KioskConfiguration) async {
        let (usable, pending) = restartOnly(new)
        configuration = usable
        configListeners.forEach { $0.yield(usable) }
        var settings = KioskSettings(usable)
        settings.restartPending = pending
        await process(.configChanged(settings))
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
        let problems = error.problems.map(\.text)
        note(
            "config",
            "The config was refused; the last good one stays in use: \(problems.first ?? "")",
            level: .error)
        await process(
            .configRejected(
                problems: problems.isEmpty ? ["the config was refused"] : problems,
                file: store.path))
    }
}
