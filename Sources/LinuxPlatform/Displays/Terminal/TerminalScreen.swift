import Glibc

/// The terminal's alternate screen, which full-screen views draw on so that leaving them
/// gives the user back the terminal as it was, without the last frame left in it.
public enum TerminalScreen {
    /// Switches to the alternate screen, clears it and hides the cursor.
    public static let enter = "\u{1B}[?1049h\u{1B}[2J\u{1B}[H\u{1B}[?25l"
    /// Resets the colours, shows the cursor and returns to the normal screen.
    public static let leave = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

    /// Makes Ctrl-C, SIGTERM and a closed terminal (SIGHUP) leave the alternate screen
    /// before the process ends with 128 + the signal, as the default action would have.
    /// For a verb that blocks in its loop and has no graceful shutdown of its own.
    public static func leaveOnInterrupt() {
        // A parent may have started us with these signals blocked or ignored (a shell's
        // background job, a test runner); Ctrl-C must still end the view.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for number in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&unblocked, number) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number) { received in
                // Only async-signal-safe calls here: write(2) of a constant, then _exit(2).
                let text: StaticString = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
                _ = write(1, text.utf8Start, text.utf8CodeUnitCount)
                _exit(128 + received)
            }
        }
    }
}
