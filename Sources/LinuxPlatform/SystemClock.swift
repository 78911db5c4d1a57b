import CLinux

/// What the kernel says about the system clock.
public enum SystemClockState: Sendable, Hashable {
    /// Set by NTP or timesyncd, and kept in step.
    case synchronized
    /// Not synchronised: on a Pi without a real-time clock, possibly far off.
    case unsynchronized
    /// The state could not be read.
    case unknown
}

/// The kernel's view of the clock, through `adjtimex`.
public enum SystemClock {
    /// Whether the kernel considers the clock synchronised.
    public static var state: SystemClockState {
        switch CLinux_clock_synchronized() {
        case 1: .synchronized
        case 0: .unsynchronized
        default: .unknown
        }
    }
}
