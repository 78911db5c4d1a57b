public import FoundationEssentials

/// Station pressure over the last hours, in a fixed-size ring buffer, and the 3-hour
/// tendency that weather reports give.
///
/// Thresholds: the UK Met Office's marine glossary calls a change of 0.1–1.5 hPa in three
/// hours "rising/falling slowly" and 1.6–3.5 hPa "rising/falling". With three words only,
/// changes under 1.0 hPa count as steady: that band holds the semi-diurnal atmospheric
/// tide (up to about 1 hPa per 3 hours in mid-latitudes) and the BME280's ±0.12 hPa relative
/// accuracy, so "rising" and "falling" mean the weather, not the time of day.
public struct PressureHistory: Sendable, Hashable {
    /// The span of the tendency.
    public static let tendencySpan: TimeInterval = 3 * 3600
    /// How far from exactly three hours ago the oldest sample may be.
    public static let tolerance: TimeInterval = 15 * 60
    /// The steady band: |change| below this is steady.
    public static let steadyBand = Pressure(hectopascals: 1)

    /// One stored sample.
    public struct Sample: Sendable, Hashable {
        /// When it was measured.
        public var time: Date
        /// Station pressure.
        public var pressure: Pressure
    }

    /// Most samples held.
    public let capacity: Int
    /// Least time between stored samples: readings closer together are not stored, so the
    /// buffer always reaches back over the span.
    public let minimumSpacing: TimeInterval
    private var samples: [Sample?]
    private var newest = -1
    private var count = 0

    /// A buffer of `capacity` samples at least `minimumSpacing` seconds apart; the
    /// defaults hold 3 h 20 min of one-minute samples.
    public init(capacity: Int = 200, minimumSpacing: TimeInterval = 60) {
        self.capacity = max(2, capacity)
        self.minimumSpacing = minimumSpacing
        samples = Array(repeating: nil, count: self.capacity)
    }

    /// The stored samples, oldest first.
    public var stored: [Sample] {
        (0..<count).compactMap { offset in
            samples[(newest - count + 1 + offset + capacity) % capacity]
        }
    }

    /// Records a pressure. Ignored when it is not finite or within `minimumSpacing`
    /// after the newest sample. A time more than `minimumSpacing` before the newest sample
    /// means the clock was stepped back: the samples dated after it came from the wrong
    /// clock and are dropped, so the tendency does not freeze until that time comes round.
    public mutating func record(_ pressure: Pressure, at time: Date) {
        guard pressure.isFinite else { return }
        if newest >= 0, let last = samples[newest] {
            let gap = time.timeIntervalSince(last.time)
            if gap < -minimumSpacing {
                let kept = stored.filter { $0.time < time }
                clear()
                for sample in kept {
                    newest = (newest + 1) % capacity
                    samples[newest] = sample
                    count += 1
                }
            } else if gap < minimumSpacing {
                return
            }
        }
        newest = (newest + 1) % capacity
        samples[newest] = Sample(time: time, pressure: pressure)
        count = min(count + 1, capacity)
    }

    /// Forgets every sample.
    public mutating func clear() {
        samples = Array(repeating: nil, count: capacity)
        newest = -1
        count = 0
    }

    /// The change from the sample nearest three hours before the newest one to the
    /// newest; nil while the history does not reach back that far (within the tolerance).
    public var threeHourChange: Pressure? {
        let all = stored
        guard let last = all.last else { return nil }
        let target = last.time.addingTimeInterval(-Self.tendencySpan)
        let nearest = all.min {
            abs($0.time.timeIntervalSince(target)) < abs($1.time.timeIntervalSince(target))
        }
        guard let nearest, abs(nearest.time.timeIntervalSince(target)) <= Self.tolerance else {
            return nil
        }
        return last.pressure - nearest.pressure
    }

    /// Rising, steady or falling over the last three hours; nil until there are three hours
    /// of samples.
    public var tendency: PressureTendency? {
        guard let change = threeHourChange else { return nil }
        if change.pascals >= Self.steadyBand.pascals { return .rising }
        if change.pascals <= -Self.steadyBand.pascals { return .falling }
        return .steady
    }
}
