public import FoundationEssentials

/// What the kiosk is, published after every change: what is shown and the data behind it,
/// the display's power, notices, the sensor, the forecast's freshness and the config's
/// state. The display worker, `status`, systemd, and later MQTT, follow these and never call
/// back into the engine.
public struct KioskSnapshot: Sendable, Hashable {
    /// Counts the frames the reducer asked for: a new number means draw `page` again.
    public var frame: Int
    /// What is on screen.
    public var slide: Slide
    /// The step of the slide on a display that shows it in several steps.
    public var step: Int
    /// The page with its data, as drawn.
    public var page: PageModel
    /// The display's power.
    public var power: DisplayPower
    /// The notices over the pages.
    public var notices: [KioskNotice]
    /// The latest indoor reading, filtered.
    public var reading: SensorReading?
    /// Why the sensor gives no readings, while it does not.
    public var sensorError: String?
    /// The `[[sensors]]`, each with its last values and failure.
    public var sensors: [SensorStatus] = []
    /// When the newest forecast was fetched.
    public var forecastFetchedAt: Date?
    /// Whether the forecast counts as old.
    public var forecastStale: Bool
    /// Why the last refresh failed, while none has succeeded since.
    public var forecastError: String?
    /// Problems of the config file while it is refused.
    public var configProblems: [String]
    /// Whether the display has reported a frame, shown or failed: false until the first is
    /// up. (Not a count: the report of a frame changes the snapshot only when it says
    /// something new, so that one press is one snapshot.)
    public var displayShown = false
    /// Why the display's last frame could not be shown, if so.
    public var displayError: String?
    /// The config in use (the last good one while the file is refused).
    public var configuration = KioskConfiguration()
    /// Whether the config in use is the last good one, the file being refused.
    public var usingLastGoodConfig = false
    /// Recently shown cities, newest first.
    public var recentCities: [String] = []
    /// Until when a press holds the slide.
    public var pausedUntil: MonotonicInstant?
    /// When the next refresh is due.
    public var nextRefresh: MonotonicInstant?
    /// Refreshes failed in a row.
    public var forecastFailures = 0
    /// The station's elevation, for the sea-level pressure.
    public var stationElevation: Double?
    /// Which way the indoor pressure goes.
    public var tendency: PressureTendency?
    /// Whether the frame is to be a full refresh (false: partial, on an e-paper panel that
    /// can); true on every other display.
    public var panelFullRefresh = true
    /// An e-paper panel's refreshes; nil on other displays.
    public var panelRefreshes: PanelRefreshStatus?
    /// Changed keys that take effect after a restart, as `key = value`.
    public var restartPending: [String] = []
    /// Every favourite's warnings shown, worst first.
    public var warnings: [WeatherWarning] = []
    /// The warning feeds that failed, while they have not answered since.
    public var warningFailures: [WarningFeedFailure] = []
    /// When the newest air-quality answer came; nil before the first.
    public var airQualityFetchedAt: Date?
    /// Why the last air-quality request failed, while none has succeeded since.
    public var airQualityError: String?

    /// Creates a snapshot.
    public init(
        frame: Int, slide: Slide, step: Int, page: PageModel, power: DisplayPower,
        notices: [KioskNotice], reading: SensorReading?, sensorError: String?,
        forecastFetchedAt: Date?, forecastStale: Bool, forecastError: String?,
        configProblems: [String], displayShown: Bool = false, displayError: String? = nil
    ) {
        self.frame = frame
        self.slide = slide
        self.step = step
        self.page = page
        self.power = power
        self.notices = notices
        self.reading = reading
        self.sensorError = sensorError
        self.forecastFetchedAt = forecastFetchedAt
        self.forecastStale = forecastStale
        self.forecastError = forecastError
        self.configProblems = configProblems
        self.displayShown = displayShown
        self.displayError = displayError
    }
}

extension KioskSnapshot {
    /// One line for systemd's STATUS= and the log: what is shown and how the data is.
    public var statusLine: String {
        var parts: [String] = []
        switch slide.kind {
        case .empty: parts.append("No favourites yet")
        case .page, .warning:
            let name = slide.page?.rawValue ?? "warning"
            let city = slide.cityIndex == nil ? nil : self.page.city?.displayName
            parts.append("Showing the \(name) page" + (city.map { " of \($0)" } ?? ""))
        }
        if forecastError != nil { parts.append("forecast failing") }
        if sensorError != nil { parts.append("sensor failing") }
        for status in sensors where status.error != nil {
            parts.append("sensor \(status.entry.name) failing")
        }
        if !configProblems.isEmpty { parts.append("config refused") }
        if let displayError { parts.append("display: \(displayError)") }
        return parts.joined(separator: " · ")
    }
}

/// What systemd hears (`Type=notify`), decided from the snapshots: READY=1 once the first
/// frame is up (or could not be: the kiosk runs on and says why in `status`), then STATUS=
/// whenever the status line changes.
public struct SystemdStatus: Sendable {
    private var ready = false
    private var lastLine = ""

    /// Nothing said yet.
    public init() {}

    /// The message for `snapshot`, or nil when systemd has heard it already.
    public mutating func message(for snapshot: KioskSnapshot) -> String? {
        guard snapshot.displayShown else { return nil }
        let line = snapshot.statusLine
        defer { lastLine = line }
        if !ready {
            ready = true
            return "READY=1\nSTATUS=\(line)"
        }
        return line != lastLine ? "STATUS=\(line)" : nil
    }
}
