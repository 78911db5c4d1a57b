import LinuxPlatform

/// What every invocation of the binary does before its verb runs.
public enum ProcessSetup {
    /// Ignores SIGPIPE, so that `weather-kiosk … | head` ends quietly instead of dying on a
    /// signal; a closed pipe then shows up as a failed write, which the console ignores.
    public static func prepare() {
        CurrentProcess.ignoreBrokenPipes()
    }

    /// The process environment.
    public static var environment: [String: String] { CurrentProcess.environment }
}
