import Glibc
import Synchronization

// The terminal settings to restore. Written only by `TerminalMode.enterRaw` before the
// signal handlers that read them are installed, and read-only afterwards: a signal
// handler cannot take a lock, so these are plain globals with that invariant.
nonisolated(unsafe) private var savedSettings = termios()
nonisolated(unsafe) private var savedDescriptor: Int32 = -1
private let rawModeActive = Atomic<Bool>(false)

/// The terminal's raw mode for the keyboard buttons: keys arrive one by one, unechoed.
/// The terminal is put back on every way out: `restore()` (the daemon calls it), normal
/// exit (atexit), and SIGINT, SIGTERM, SIGHUP and SIGQUIT (the handler restores it and
/// then lets the signal end the process as it would have).
public enum TerminalMode {
    /// Puts terminal `descriptor` into raw mode (no line editing, no echo; Ctrl-C still
    /// interrupts). Returns false, changing nothing, when it is not a terminal.
    /// - Parameter handleSignals: restore the terminal on SIGINT, SIGTERM, SIGHUP and SIGQUIT
    ///   and then die of the signal, as a command should; the daemon passes false, since it
    ///   shuts down gracefully on those signals and restores the terminal itself.
    @discardableResult
    public static func enterRaw(_ descriptor: Int32, handleSignals: Bool = true) -> Bool {
        guard !rawModeActive.load(ordering: .sequentiallyConsistent) else { return true }
        var settings = termios()
        guard isatty(descriptor) == 1, tcgetattr(descriptor, &settings) == 0 else { return false }
        savedSettings = settings
        savedDescriptor = descriptor
        settings.c_lflag &= ~tcflag_t(ICANON | ECHO | IEXTEN)
        settings.c_iflag &= ~tcflag_t(ICRNL | IXON)
        withUnsafeMutableBytes(of: &settings.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        for signal in handleSignals ? [SIGINT, SIGTERM, SIGHUP, SIGQUIT] : [] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                TerminalMode.restore()
                Glibc.signal(number, SIG_DFL)
                raise(number)
            }
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
        atexit { TerminalMode.restore() }
        guard retryingInterrupts({ tcsetattr(descriptor, TCSAFLUSH, &settings) }) == 0 else {
            return false
        }
        rawModeActive.store(true, ordering: .sequentiallyConsistent)
        return true
    }

    /// Puts the terminal back as it was; does nothing when raw mode is off. Safe to call
    /// more than once and from a signal handler.
    public static func restore() {
        guard rawModeActive.exchange(false, ordering: .sequentiallyConsistent) else { return }
        var settings = savedSettings
        _ = tcsetattr(savedDescriptor, TCSANOW, &settings)
    }

    /// Whether raw mode is on.
    public static var isRaw: Bool { rawModeActive.load(ordering: .sequentiallyConsistent) }
}
