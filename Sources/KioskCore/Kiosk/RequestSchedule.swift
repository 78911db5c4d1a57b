public import FoundationEssentials

/// When a periodic request goes out: every `interval`, at an offset within the interval that
/// is stable for one kiosk and differs from kiosk to kiosk, and never on the full hour.
///
/// Thousands of kiosks that all ask on the quarter hour make a sawtooth of traffic; MET
/// Norway's terms ask for "a flat curve, not a sawtooth" and no requests "every hour on the
/// dot", and Open-Meteo's limits count per minute. A kiosk's slots are
/// `epoch + offset + k × interval`; the offset comes from a seed (the wiring passes
/// something stable per kiosk, such as `/etc/machine-id`), so a restart keeps the slots and
/// two kiosks on one network get different ones. A slot that would fall within a minute of
/// a full hour (possible when the interval does not divide an hour) moves to just after
/// that minute.
public struct RequestSchedule: Sendable, Hashable {
    /// Seconds between slots, at least a minute.
    public let interval: TimeInterval
    /// Where in each interval the slots fall, in seconds: at least `margin` from either end.
    public let offset: TimeInterval

    /// The least distance of a slot from the interval's edges and from a full hour.
    public static let margin: TimeInterval = 60

    /// The schedule for one kiosk: `interval` (at least a minute) and the offset `seed`
    /// gives.
    public init(interval: TimeInterval, seed: String) {
        let interval = max(60, interval.isFinite ? interval : 60)
        self.interval = interval
        let usable = max(0, interval - 2 * Self.margin)
        let fraction = Double(Self.stableHash(seed) >> 11) / Double(UInt64(1) << 53)
        self.offset = min(interval / 2, Self.margin) + (fraction * usable).rounded(.down)
    }

    /// The first slot at or after `instant`.
    public func nextSlot(atOrAfter instant: Date) -> Date {
        let seconds = instant.timeIntervalSince1970
        let cycles = ((seconds - offset) / interval).rounded(.up)
        var slot = cycles * interval + offset
        // Rounding can land a hair before the instant.
        if slot < seconds { slot += interval }
        return Date(timeIntervalSince1970: Self.awayFromFullHour(slot))
    }

    /// `seconds` since the epoch, moved past the minute after a full hour when it falls
    /// within `margin` of one.
    static func awayFromFullHour(_ seconds: TimeInterval) -> TimeInterval {
        let intoHour = seconds.truncatingRemainder(dividingBy: 3600)
        if intoHour < margin { return seconds - intoHour + margin }
        if intoHour > 3600 - margin { return seconds - intoHour + 3600 + margin }
        return seconds
    }

    /// FNV-1a over the UTF-8 bytes, then SplitMix64's finaliser so that seeds differing in
    /// their last character spread over all the bits: the same on every run and every
    /// machine, unlike `Hasher`, whose seed changes with each process.
    static func stableHash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0100_0000_01b3
        }
        hash = (hash ^ (hash >> 30)) &* 0xbf58_476d_1ce4_e5b9
        hash = (hash ^ (hash >> 27)) &* 0x94d0_49bb_1331_11eb
        return hash ^ (hash >> 31)
    }
}
