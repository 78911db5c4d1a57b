import FoundationEssentials
public import KioskConfig
import KioskCore
import LinuxPlatform
public import Logging

/// Where the daemon's log goes: stderr (the journal under systemd), or a file when the
/// kiosk draws in this very terminal (log lines would tear the picture).
public enum DaemonLogging {
    /// Bootstraps swift-log once and returns the daemon's logger.
    /// - Parameter file: a log file the user asked for, instead of stderr.
    public static func bootstrap(store: ConfigStore, file: String?) -> Logger {
        var target = file
        if target == nil, CurrentProcess.isTerminal(2), drawsInTerminal(store) {
            target = "/tmp/weather-kiosk.log"
        }
        // systemd sets JOURNAL_STREAM when stderr is the journal: it stamps the time itself
        // and reads the level from a "<N>" prefix (`journalctl -p warning` then works).
        var style = DaemonLogLine.Style.timestamped
        if CurrentProcess.environment["JOURNAL_STREAM"] != nil { style = .journal }
        var descriptor: Int32 = 2
        if let target {
            if let opened = FileSystem.openForAppending(target) {
                if file == nil {
                    FileDescriptor.writeAll(
                        2,
                        "weather-kiosk: the picture is in this terminal, so the log goes to \(target).\n"
                    )
                }
                (descriptor, style) = (opened, .timestamped)
            } else {
                FileDescriptor.writeAll(
                    2, "weather-kiosk: cannot write the log to \(target); it goes to stderr.\n")
            }
        }
        LoggingSystem.bootstrap { [descriptor, style] _ in
            DescriptorLogHandler(descriptor: descriptor, style: style)
        }
        var logger = Logger(label: "weather-kiosk")
        logger.logLevel = .info
        return logger
    }

    private static func drawsInTerminal(_ store: ConfigStore) -> Bool {
        do {
            return try store.load().configuration.display.kind == .terminal
        } catch {
            return CurrentProcess.isTerminal(1)
        }
    }
}

/// One log line as the daemon writes it: always exactly one line, whatever the message
/// holds (a city name or a server's reason with a newline cannot forge a second entry).
enum DaemonLogLine {
    /// How a line starts.
    enum Style: Sendable {
        /// The local time and the level: for a file or a terminal.
        case timestamped
        /// A syslog priority prefix (`<4>`) the journal turns into the entry's level.
        case journal
    }

    /// The line, newline included.
    static func format(
        level: Logger.Level, message: String, metadata: Logger.Metadata, style: Style,
        time: @autoclosure () -> LocalDateTime
    ) -> String {
        var text = escaped(message)
        if !metadata.isEmpty {
            let pairs = metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            text += " (" + escaped(pairs.joined(separator: " ")) + ")"
        }
        switch style {
        case .journal: return "<\(priority(level))>\(text)\n"
        case .timestamped: return "\(time()) \(level): \(text)\n"
        }
    }

    /// The syslog priority of a level (sd-daemon(3)).
    static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }

    /// Control characters written as escapes (`\n`, `\t`, `\u{1B}`), a backslash doubled:
    /// the text stays readable and stays on one line.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\\": result += "\\\\"
            case _ where isControl(scalar):
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// C0 and C1 controls, DEL, and the Unicode line and paragraph separators.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}"
            || scalar == "\u{2029}"
    }
}

/// Log lines written to a file descriptor (stderr or a log file), one `write` each.
struct DescriptorLogHandler: LogHandler {
    let descriptor: Int32
    let style: DaemonLogLine.Style
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var all = metadata
        if let extra = event.metadata { all.merge(extra) { _, new in new } }
        let line = DaemonLogLine.format(
            level: event.level, message: "\(event.message)", metadata: all, style: style,
            time: LocalDateTime(Date(), utcOffsetSeconds: KioskClock.localOffset(at: Date())))
        FileDescriptor.writeAll(descriptor, line)
    }
}
