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

    /// Takes the lock in `directory`, which must be safe to write in (`StateDirectory`).
    /// - Returns: the lock, or the sentence why there is none: a state directory that
    ///   cannot be used (read-only, another user's, not made) does not stop the kiosk, which
    ///   then runs without keeping anything on disk.
    /// - Throws: `DaemonStartError` naming the running daemon's PID when another holds it.
    static func acquire(in directory: String) throws(DaemonStartError) -> Result<
        DaemonLock, FileSystemError
    > {
        let state = StateDirectory(directory)
        do {
            return .success(DaemonLock(try PIDFileLock.acquire("daemon.pid", in: state)))
        } catch {
            switch error {
            case .file(let failure):
                return .failure(failure)
            case .held(let owner):
                throw DaemonStartError(
                    "Another weather-kiosk is already running"
                        + (owner.map { " (PID \($0))" } ?? "")
                        + " on the state directory \(directory) (lock \(state.file("daemon.pid"))); stop it first (`systemctl stop weather-kiosk`"
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
