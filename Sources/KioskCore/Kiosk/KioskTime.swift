public import FoundationEssentials

/// A point on a clock that never jumps (CLOCK_MONOTONIC): what timers are measured on, so
/// that a Pi without a real-time clock setting its time from the network at boot does not
/// fire or stall every timer.
public struct MonotonicInstant: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Nanoseconds since an arbitrary origin (boot, for the kernel's clock).
    public var nanoseconds: Int64

    /// Creates an instant.
    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    /// The instant `seconds` seconds after the origin.
    public static func seconds(_ seconds: Double) -> MonotonicInstant {
        MonotonicInstant(nanoseconds: Int64((seconds * 1e9).rounded()))
    }

    /// The instant `duration` later.
    public func advanced(by duration: Duration) -> MonotonicInstant {
        let (seconds, attoseconds) = duration.components
        return MonotonicInstant(
            nanoseconds: nanoseconds + seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }

    /// The instant `seconds` later.
    public func advanced(bySeconds seconds: Double) -> MonotonicInstant {
        MonotonicInstant(nanoseconds: nanoseconds + Int64((seconds * 1e9).rounded()))
    }

    /// Seconds from `earlier` to this instant.
    public func seconds(since earlier: MonotonicInstant) -> Double {
        Double(nanoseconds - earlier.nanoseconds) / 1e9
    }

    /// Orders instants.
    public static func < (lhs: MonotonicInstant, rhs: MonotonicInstant) -> Bool {
        lhs.nanoseconds < rhs.nanoseconds
    }

    /// "12.345 s".
    public var description: String { "\(Double(nanoseconds) / 1e9) s" }
}

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
