public import FoundationEssentials

/// A notice the kiosk shows over its pages, typed by what it is about: consumers pick
/// notices by `kind`, never by matching their text.
public struct KioskNotice: Sendable, Hashable {
    /// What the notice is about.
    public enum Kind: Sendable, Hashable {
        /// The forecast is old: when its data is from, when the next attempt is due, and
        /// what went wrong in a few words (nil when not known).
        case staleForecast(dataTime: Date, nextRetry: Date?, reason: String?)
        /// There is no forecast at all and the last attempt failed; the next is due at
        /// `nextRetry`. The notice's text is why, in full.
        case noForecast(nextRetry: Date?)
        /// The config file was refused; the last good one is in use.
        case configRefused
        /// The sensor gives no readings; the next attempt is due at `nextRetry`. The
        /// notice's text is why.
        case sensor(nextRetry: Date?)
        /// A changed key takes effect only after a restart.
        case restartPending
        /// Open-Meteo fails and a place's forecast comes from MET Norway; the text says so
        /// ("Open-Meteo error 503 · showing MET Norway's forecast").
        case providerFallback
    }

    /// How bad it is.
    public enum Severity: Sendable, Hashable {
        /// Old data: the kiosk works on.
        case warning
        /// Something is broken and needs a person.
        case error
    }

    /// What the notice is about.
    public var kind: Kind
    /// How bad it is.
    public var severity: Severity
    /// The sentence, what to do first (`NoticeText`); empty for a stale forecast, whose
    /// sentence the page writes with its own clock.
    public var text: String

    /// Creates a notice.
    public init(kind: Kind, severity: Severity, text: String) {
        self.kind = kind
        self.severity = severity
        self.text = text
    }

    /// Whether the notice is about the sensor.
    public var isAboutSensor: Bool {
        if case .sensor = kind { return true }
        return false
    }

    /// The notice as the pages draw it.
    public var pageNotice: PageNotice {
        switch kind {
        case .staleForecast(let dataTime, let nextRetry, let reason):
            .stale(dataTime: dataTime, nextRetry: nextRetry, reason: reason)
        case .restartPending, .providerFallback:
            .warning(text)
        case .noForecast(let nextRetry):
            .noForecast(reason: text, nextRetry: nextRetry)
        case .sensor(let nextRetry):
            .sensorFailing(reason: text, nextRetry: nextRetry)
        case .configRefused:
            .error(text)
        }
    }
}
