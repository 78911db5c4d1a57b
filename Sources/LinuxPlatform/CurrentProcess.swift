import Glibc

/// This process, as the kernel knows it: its ID, user, working directory, environment,
/// terminals and the signals it ignores.
public enum CurrentProcess {
    /// The process ID (`getpid`).
    public static var id: Int32 { getpid() }

    /// Whether it runs as root (effective user 0).
    public static var isRoot: Bool { geteuid() == 0 }

    /// Whether `descriptor` (0 stdin, 1 stdout, 2 stderr) is a terminal.
    public static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// Whether `descriptor`, a terminal, has hung up: its window was closed or its SSH
    /// session ended (the kernel then reports POLLHUP on it, and `isatty` no longer says
    /// it is a terminal).
    public static func hasHungUp(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: 0, revents: 0)
        while true {
            let ready = poll(&entry, 1, 0)
            if ready < 0 && errno == EINTR { continue }
            return ready > 0 && entry.revents & Int16(POLLHUP) != 0
        }
    }

    /// The working directory, "/" when it cannot be told (deleted, or too deep).
    public static var workingDirectory: String {
        guard let pointer = getcwd(nil, 0) else { return "/" }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// The process environment.
    public static var environment: [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }

    /// Ignores SIGPIPE: a write to a closed pipe or socket then fails with EPIPE instead
    /// of ending the process.
    public static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Signals whose default action ends the process but that mean nothing to a daemon: a
    /// stray `kill -USR1` or a timer signal must not take the screen down. Faults (SIGSEGV,
    /// SIGBUS, …), SIGQUIT and SIGTSTP keep their default meaning; SIGWINCH, SIGCONT, SIGURG
    /// and SIGCHLD are harmless by default and left as they are.
    public static let straySignals: [Int32] = [
        SIGPIPE, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGIO, SIGPWR, SIGSTKFLT,
        SIGXFSZ, SIGTTIN, SIGTTOU,
    ]

    /// Ignores `straySignals`, and SIGHUP until something traps it (a SIGHUP in a
    /// daemon's first moments would otherwise end it).
    public static func ignoreStraySignals() {
        for number in straySignals + [SIGHUP] { signal(number, SIG_IGN) }
    }

    /// Gives SIGINT and SIGTERM their default action (ending the process), also when the
    /// parent ignored them: a shell script's background job (`weather-kiosk run &`) starts
    /// with SIGINT ignored, and a stop sent in a daemon's first moments, before it traps
    /// the signals, would otherwise be lost.
    public static func stopOnInterrupt() {
        for number in [SIGINT, SIGTERM] { signal(number, SIG_DFL) }
    }
}
