public import FoundationEssentials

/// The last 24 hours of one quantity a `[[sensors]]` entry measures (its CO2, its
/// temperature), one sample per 5 minutes as `IndoorHistory` keeps the BME280's, and where
/// it has been heading for three hours.
public struct SensorHistory: Sendable, Hashable, Codable {
    /// One sample.
    public struct Sample: Sendable, Hashable, Codable {
        /// When it was measured.
        public var time: Date
        /// The value, in the quantity's base unit (°C, %, ppm).
        public var value: Double
    }

    /// The samples, oldest first.
    public private(set) var samples: [Sample] = []

    /// An empty history.
    public init() {}

    /// Adds `value` measured at `time`: a value in the same 5-minute slot as the newest
    /// replaces it, samples older than 24 hours go, and a time before the newest sample (the
    /// clock stepped back) drops the samples dated after it, as `IndoorHistory` does.
    public mutating func record(_ value: Double, at time: Date) {
        guard value.isFinite else { return }
        samples.removeAll { $0.time > time }
        let sample = Sample(time: time, value: value)
        if let last = samples.last, slot(last.time) == slot(time) {
            samples[samples.count - 1] = sample
        } else {
            samples.append(sample)
        }
        let horizon = time.addingTimeInterval(-IndoorHistory.span)
        samples.removeAll { $0.time < horizon }
    }

    /// The change from the sample nearest three hours before the newest one to the newest;
    /// nil while the history does not reach back that far (within 15 minutes).
    public var threeHourChange: Double? {
        guard let last = samples.last else { return nil }
        let target = last.time.addingTimeInterval(-PressureHistory.tendencySpan)
        let nearest = samples.min {
            abs($0.time.timeIntervalSince(target)) < abs($1.time.timeIntervalSince(target))
        }
        guard let nearest,
            abs(nearest.time.timeIntervalSince(target)) <= PressureHistory.tolerance
        else { return nil }
        return last.value - nearest.value
    }

    /// Rising, steady or falling over three hours: a change within `steadyBand` either way
    /// is steady; nil until there are three hours of samples.
    public func tendency(steadyBand: Double) -> PressureTendency? {
        guard let change = threeHourChange else { return nil }
        if change >= steadyBand { return .rising }
        if change <= -steadyBand { return .falling }
        return .steady
    }

    private func slot(_ time: Date) -> Int {
        Int((time.timeIntervalSince1970 / IndoorHistory.step).rounded(.down))
    }
}
