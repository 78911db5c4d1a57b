import FoundationEssentials
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
        if let target {
            if let descriptor = FileSystem.openForAppending(target) {
                if file == nil {
                    writeAll(
                        2,
                        "weather-kiosk: the picture is in this terminal, so the log goes to \(target).\n"
                    )
                }
                LoggingSystem.bootstrap { label in
                    FileLogHandler(descriptor: descriptor, label: label)
                }
            } else {
                writeAll(
                    2, "weather-kiosk: cannot write the log to \(target); it goes to stderr.\n")
                LoggingSystem.bootstrap(StreamLogHandler.standardError)
            }
        } else {
            LoggingSystem.bootstrap(StreamLogHandler.standardError)
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

/// Log lines appended to a file descriptor, as StreamLogHandler writes them.
struct FileLogHandler: LogHandler {
    let descriptor: Int32
    let label: String
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let time = LocalDateTime(Date(), utcOffsetSeconds: KioskClock.localOffset(at: Date()))
        writeAll(descriptor, "\(time) \(event.level): \(event.message)\n")
    }
}
