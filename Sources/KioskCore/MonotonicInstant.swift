/// A point on a monotonic clock (the kernel's CLOCK_MONOTONIC), in nanoseconds since an
/// arbitrary start such as boot. It never jumps with the wall clock; compare and subtract
/// instants only of the same clock.
public struct MonotonicInstant: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Nanoseconds since the clock's start.
    public var nanoseconds: Int64

    /// Creates an instant.
    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    /// The instant `milliseconds` after the clock's start, for tests and tables.
    public static func milliseconds(_ milliseconds: Int64) -> MonotonicInstant {
        MonotonicInstant(nanoseconds: milliseconds * 1_000_000)
    }

    /// The instant `duration` later (earlier for a negative one); saturates instead of
    /// overflowing.
    public func advanced(by duration: Duration) -> MonotonicInstant {
        let (seconds, attoseconds) = duration.components
        let (scaled, scaleOverflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (delta, sumOverflow) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
        let step = scaleOverflow || sumOverflow ? (seconds < 0 ? Int64.min : Int64.max) : delta
        let (result, overflow) = nanoseconds.addingReportingOverflow(step)
        return MonotonicInstant(nanoseconds: overflow ? (step < 0 ? .min : .max) : result)
    }

    /// The time from `earlier` to this instant (negative when `earlier` is later).
    public func duration(since earlier: MonotonicInstant) -> Duration {
        .nanoseconds(nanoseconds &- earlier.nanoseconds)
    }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: MonotonicInstant, rhs: MonotonicInstant) -> Bool {
        lhs.nanoseconds < rhs.nanoseconds
    }

    /// "12.345678901 s".
    public var description: String {
        let seconds = nanoseconds / 1_000_000_000
        let fraction = String(abs(nanoseconds % 1_000_000_000))
        let sign = nanoseconds < 0 && seconds == 0 ? "-" : ""
        return "\(sign)\(seconds).\(String(repeating: "0", count: 9 - fraction.count))\(fraction) s"
    }
}

extension MonotonicInstant: Codable {
    /// The instant `seconds` seconds after the clock's start.
    public static func seconds(_ seconds: Double) -> MonotonicInstant {
        MonotonicInstant(nanoseconds: Int64((seconds * 1e9).rounded()))
    }

    /// The instant `seconds` later (earlier for a negative number).
    public func advanced(bySeconds seconds: Double) -> MonotonicInstant {
        advanced(by: .nanoseconds(Int64((seconds * 1e9).rounded())))
    }

    /// Seconds from `earlier` to this instant.
    public func seconds(since earlier: MonotonicInstant) -> Double {
        Double(nanoseconds &- earlier.nanoseconds) / 1e9
    }
}

extension Duration {
    /// The duration in whole nanoseconds, saturating at the ends of Int64.
    var wholeNanoseconds: Int64 {
        MonotonicInstant(nanoseconds: 0).advanced(by: self).nanoseconds
    }
}
