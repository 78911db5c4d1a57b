import Glibc

/// What every invocation of the binary does before its verb runs.
public enum ProcessSetup {
    /// Ignores SIGPIPE, so that `weather-kiosk … | head` ends quietly instead of dying on a
    /// signal; a closed pipe then shows up as a failed write, which the console ignores.
    public static func prepare() {
        signal(SIGPIPE, SIG_IGN)
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
}
