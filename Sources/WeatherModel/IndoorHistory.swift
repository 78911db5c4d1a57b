public import FoundationEssentials

/// The last 24 hours of indoor readings, one every 5 minutes: what the indoor page's
/// sparklines draw. A reading replaces the latest sample if it falls in the same 5 minutes.
public struct IndoorHistory: Sendable, Hashable, Codable {
    /// How far back samples are kept, seconds.
    public static let span: TimeInterval = 24 * 3600
    /// One sample per this many seconds.
    public static let step: TimeInterval = 5 * 60

    /// The samples, oldest first.
    public private(set) var samples: [SensorReading] = []

    /// An empty history.
    public init() {}

    /// A history of `samples`, sorted and pruned as `record` would.
    public init(samples: [SensorReading]) {
        for sample in samples.sorted(by: { $0.time < $1.time }) { record(sample) }
    }

    /// Adds a reading, keeping one per 5-minute slot and none older than 24 hours. A
    /// reading older than the newest sample means the clock was stepped back (a Pi without
    /// a real-time clock that booted with a time in the future, then synced): the samples
    /// dated after it were taken on the wrong clock and are dropped, so the history goes on
    /// instead of freezing until the wrong time comes round.
    public mutating func record(_ reading: SensorReading) {
        if let last = samples.last, reading.time < last.time {
            samples.removeAll { $0.time > reading.time }
        }
        if let last = samples.last {
            if Self.slot(of: reading.time) == Self.slot(of: last.time) {
                samples[samples.count - 1] = reading
                return
            }
        }
        samples.append(reading)
        let horizon = reading.time.addingTimeInterval(-Self.span)
        if let keep = samples.firstIndex(where: { $0.time >= horizon }), keep > 0 {
            samples.removeFirst(keep)
        }
    }

    private static func slot(of time: Date) -> Int {
        Int((time.timeIntervalSince1970 / step).rounded(.down))
    }
}
