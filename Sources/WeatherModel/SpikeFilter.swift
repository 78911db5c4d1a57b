/// A median-of-three filter: one wild value between two sane ones is dropped.
///
/// Until it has three values, the newest passes through unchanged.
public struct MedianOfThree: Sendable, Hashable {
    private var recent: [Double] = []

    /// An empty filter.
    public init() {}

    /// Adds `value` and returns the median of the last three values.
    public mutating func filter(_ value: Double) -> Double {
        recent.append(value)
        if recent.count > 3 { recent.removeFirst() }
        guard recent.count == 3 else { return value }
        let sorted = recent.sorted()
        return sorted[1]
    }

    /// Forgets the history, for example after the sensor was replaced.
    public mutating func reset() { recent.removeAll() }
}

/// A median-of-three filter for each channel of a reading.
public struct SensorSpikeFilter: Sendable, Hashable {
    private var temperature = MedianOfThree()
    private var humidity = MedianOfThree()
    private var pressure = MedianOfThree()
    private var chip: SensorChip?

    /// An empty filter.
    public init() {}

    /// The reading with each channel replaced by the median of its last three values. A
    /// change of chip starts the history again.
    public mutating func filter(_ reading: SensorReading) -> SensorReading {
        if chip != reading.chip {
            temperature.reset()
            humidity.reset()
            pressure.reset()
            chip = reading.chip
        }
        var filtered = reading
        filtered.temperature = Temperature(
            celsius: temperature.filter(reading.temperature.celsius))
        filtered.humidity = reading.humidity.map { humidity.filter($0) }
        filtered.pressure = Pressure(pascals: pressure.filter(reading.pressure.pascals))
        return filtered
    }
}
