import Glibc  // Glibc: flock on daemon.pid, and the stray signals the daemon ignores
import LinuxPlatform

/// The daemon's claim on its state directory: an exclusive `flock` on `daemon.pid`, held
/// for the daemon's life (the kernel lets go when the process ends, even by SIGKILL), with
/// the PID written in it so a second `run` can name the first.
final class DaemonLock: Sendable {
    /// The lock file.
    let path: String
    private let descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
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
        let descriptor = retryingInterrupts { open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644) }
        guard descriptor >= 0 else {
            throw DaemonStartError(
                FileSystemError("open the daemon's lock file", path: path, errorNumber: errno)
                    .message)
        }
        guard retryingInterrupts({ flock(descriptor, LOCK_EX | LOCK_NB) }) == 0 else {
            let failure = errno
            let owner = Self.owner(descriptor)
            close(descriptor)
            guard failure == EWOULDBLOCK else {
                throw DaemonStartError(
                    FileSystemError("lock", path: path, errorNumber: failure).message)
            }
            throw DaemonStartError(
                "Another weather-kiosk is already running"
                    + (owner.map { " (PID \($0))" } ?? "")
                    + " on the state directory \(directory) (lock \(path)); stop it first (`systemctl stop weather-kiosk`"
                    + (owner.map { " or `kill \($0)`" } ?? "") + ").")
        }
        let text = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        // The PID is for people and a second daemon's message; the lock is what counts.
        _ = pwrite(descriptor, text, text.count, 0)
        return DaemonLock(path: path, descriptor: descriptor)
    }

    /// Lets go of the lock (the file stays: removing it would race a starting daemon).
    func release() {
        close(descriptor)
    }

    private static func owner(_ descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[0..<count], as: UTF8.self)
        return Int32(String(text.prefix { $0.isASCII && $0.isNumber }))
    }
}

/// Signals for the daemon beyond SIGTERM, SIGINT (stop) and SIGHUP (reload), which the
/// service group handles.
enum DaemonSignals {
    /// Signals whose default action ends the process but that mean nothing to the kiosk:
    /// a stray `kill -USR1` or a timer signal must not take the screen down. Faults
    /// (SIGSEGV, SIGBUS, …), SIGQUIT and SIGTSTP keep their default meaning.
    static let ignored: [Int32] = [
        SIGPIPE, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGIO, SIGPWR, SIGSTKFLT,
        SIGXFSZ, SIGTTIN, SIGTTOU,
    ]

    /// Ignores `ignored`, and SIGHUP until the reload service traps it (a SIGHUP in the
    /// first moments would otherwise end the daemon). SIGWINCH, SIGCONT, SIGURG and SIGCHLD
    /// are harmless by default and left as they are.
    static func ignoreStray() {
        for number in ignored + [SIGHUP] { signal(number, SIG_IGN) }
    }
}
