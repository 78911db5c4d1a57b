public import FoundationEssentials

/// "Now" as the kiosk's logic sees it: the monotonic instant timers use, the wall clock
/// that dates data and decides night, and the kiosk's own UTC offset at that moment.
public struct KioskTime: Sendable, Hashable {
    /// For timers.
    public var monotonic: MonotonicInstant
    /// For dating data and for the night window.
    public var wall: Date
    /// Seconds east of UTC of the kiosk's time zone (daylight saving included).
    public var utcOffsetSeconds: Int

    /// Creates a reading of the clocks.
    public init(monotonic: MonotonicInstant, wall: Date, utcOffsetSeconds: Int) {
        self.monotonic = monotonic
        self.wall = wall
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    /// The kiosk's local wall-clock time.
    public var local: LocalDateTime { LocalDateTime(wall, utcOffsetSeconds: utcOffsetSeconds) }

    /// Both clocks `seconds` later, offset unchanged.
    public func advanced(bySeconds seconds: Double) -> KioskTime {
        KioskTime(
            monotonic: monotonic.advanced(bySeconds: seconds),
            wall: wall.addingTimeInterval(seconds), utcOffsetSeconds: utcOffsetSeconds)
    }
}
