import KioskConfig

/// The command the empty page tells a person to run to add a favourite: one that works on
/// the machine the kiosk runs on, as the kiosk runs there.
///
/// - The program is named as the kiosk was started: `weather-kiosk` when it was found on
///   `PATH` (an installed binary), else the path it was started by (`swift run`, a build
///   directory), with the home directory written `~`.
/// - `--config FILE` is added unless the file is one the verb finds by itself: the system
///   config, or the per-user one (`$XDG_CONFIG_HOME/weather-kiosk/config.toml`).
/// - `sudo` comes first only for the system config under `/etc`, which a login user cannot
///   write; a kiosk on a config of its user's own (the simulator on a PC) needs none.
public enum CityAddHint {
    /// "sudo weather-kiosk city add Rome", "weather-kiosk city add Rome",
    /// "~/src/weather-kiosk/.build/debug/weather-kiosk --config ~/kiosk.toml city add Rome".
    /// - Parameters:
    ///   - configPath: the config file the kiosk reads.
    ///   - invokedAs: the program's `argv[0]`.
    ///   - workingDirectory: to make a relative `argv[0]` absolute.
    ///   - environment: `PATH`, `HOME` and `XDG_CONFIG_HOME`.
    public static func command(
        configPath: String, invokedAs: String, workingDirectory: String,
        environment: [String: String]
    ) -> String {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
        func tilde(_ path: String) -> String {
            guard let home, path.hasPrefix(home + "/") else { return path }
            return "~" + path.dropFirst(home.count)
        }
        var words: [String] = []
        if configPath.hasPrefix("/etc/") { words.append("sudo") }
        let program = program(invokedAs, workingDirectory: workingDirectory, environment)
        words.append(isPlain(program) ? tilde(program) : quoted(program))
        let perUser =
            (environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? home.map { $0 + "/.config" }).map { $0 + "/weather-kiosk/config.toml" }
        if configPath != ConfigStore.defaultPath, configPath != perUser {
            let path = absolute(configPath, in: workingDirectory)
            words += ["--config", isPlain(path) ? tilde(path) : quoted(path)]
        }
        return (words + ["city", "add", "Rome"]).joined(separator: " ")
    }

    private static func program(
        _ invokedAs: String, workingDirectory: String, _ environment: [String: String]
    ) -> String {
        let name = invokedAs.split(separator: "/").last.map(String.init) ?? "weather-kiosk"
        guard invokedAs.contains("/") else { return invokedAs.isEmpty ? "weather-kiosk" : name }
        let path = absolute(invokedAs, in: workingDirectory)
        let directory = String(path.dropLast(name.count + 1))
        let searched = (environment["PATH"] ?? "").split(separator: ":").map {
            absolute(String($0), in: workingDirectory)
        }
        return searched.contains(directory) ? name : path
    }

    /// `path` made absolute and without "." components.
    private static func absolute(_ path: String, in directory: String) -> String {
        let full = path.hasPrefix("/") ? path : directory + "/" + path
        var parts: [Substring] = []
        for part in full.split(separator: "/") where part != "." {
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
            } else {
                parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// Whether a shell reads `path` as it is.
    private static func isPlain(_ path: String) -> Bool {
        path.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/._-+,:@".contains($0)) }
    }

    /// `path` in single quotes, for a shell.
    private static func quoted(_ path: String) -> String {
        "'" + path.replacing("'", with: "'\\''") + "'"
    }
}
