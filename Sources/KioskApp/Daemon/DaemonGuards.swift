import LinuxPlatform

/// The daemon's claim on its state directory: a `PIDFileLock` on `daemon.pid`, held for
/// the daemon's life, with the PID in it so a second `run` can name the first.
final class DaemonLock: Sendable {
    private let lock: PIDFileLock

    /// The lock file.
    var path: String { lock.path }

    private init(_ lock: PIDFileLock) {
        self.lock = lock
    }

    /// Takes the lock in `directory`.
    /// - Throws: `DaemonStartError` naming the running daemon's PID when another
    ///   holds it, or the file when it cannot be made.
    static func acquire(in directory: String) throws(DaemonStartError) -> DaemonLock {
        let path = "\(directory)/daemon.pid"
        do {
            try FileSystem.createDirectories(directory)
        } catch {
            throw DaemonStartError(error.message)
        }
        do {
            return DaemonLock(try PIDFileLock.acquire(path))
        } catch {
            switch error {
            case .file(let failure):
                throw DaemonStartError(failure.message)
            case .held(let owner):
                throw DaemonStartError(
                    "Another weather-kiosk is already running"
                        + (owner.map { " (PID \($0))" } ?? "")
                        + " on the state directory \(directory) (lock \(path)); stop it first (`systemctl stop weather-kiosk`"
                        + (owner.map { " or `kill \($0)`" } ?? "") + ").")
            }
        }
    }

    /// Lets go of the lock (the file stays: removing it would race a starting daemon).
    func release() {
        lock.release()
    }
}

/// Signals for the daemon beyond SIGTERM, SIGINT (stop) and SIGHUP (reload), which the
/// service group handles.
enum DaemonSignals {
    /// Ignores the stray signals (`CurrentProcess.straySignals`), and SIGHUP until the
    /// reload service traps it; SIGINT and SIGTERM end the kiosk from the first moment
    /// (gracefully once the service group traps them).
    static func prepare() {
        CurrentProcess.ignoreStraySignals()
        CurrentProcess.stopOnInterrupt()
    }
}
