/// The 3-hour pressure tendency and the spike filter on top of raw readings: what the
/// indoor page shows next to the numbers.
public struct IndoorTracker: Sendable, Hashable {
    private var pressures = PressureHistory()
    private var spikes = SensorSpikeFilter()
    /// The 24-hour history for the sparklines.
    public var history = IndoorHistory()
    /// The latest filtered reading.
    public private(set) var latest: SensorReading?

    /// An empty tracker.
    public init(history: IndoorHistory = IndoorHistory()) { self.history = history }

    /// Adds a reading: spikes are filtered, the history and the tendency updated.
    public mutating func record(_ reading: SensorReading, elevation: Double?) {
        let filtered = spikes.filter(reading)
        latest = filtered
        history.record(filtered)
        if let elevation {
            pressures.record(filtered.seaLevelPressure(elevation: elevation), at: filtered.time)
        }
    }

    /// Where the sea-level pressure has been heading for three hours, when known.
    public var tendency: PressureTendency? { pressures.tendency }
}
