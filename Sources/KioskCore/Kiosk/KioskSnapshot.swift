public import FoundationEssentials

/// What the kiosk is, published after every change: what is shown and the data behind it,
/// the display's power, notices, the sensor, the forecast's freshness and the config's
/// state. The display worker, and later `status`, systemd and MQTT, follow these and never
/// call back into the engine.
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
    /// When the newest forecast was fetched.
    public var forecastFetchedAt: Date?
    /// Whether the forecast counts as old.
    public var forecastStale: Bool
    /// Why the last refresh failed, while none has succeeded since.
    public var forecastError: String?
    /// Problems of the config file while it is refused.
    public var configProblems: [String]

    /// Creates a snapshot.
    public init(
        frame: Int, slide: Slide, step: Int, page: PageModel, power: DisplayPower,
        notices: [KioskNotice], reading: SensorReading?, sensorError: String?,
        forecastFetchedAt: Date?, forecastStale: Bool, forecastError: String?,
        configProblems: [String]
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
    }
}
