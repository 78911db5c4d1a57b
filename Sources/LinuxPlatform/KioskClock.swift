public import FoundationEssentials
import Glibc

/// The kiosk's own wall clock: the system time zone, through `localtime_r`.
public enum KioskClock {
    /// Seconds east of UTC of the system's time zone at `instant` (daylight saving included).
    public static func localOffset(at instant: Date) -> Int {
        var seconds = time_t(instant.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return 0 }
        return parts.tm_gmtoff
    }
}
