/// SplitMix64: a tiny deterministic random generator, so the reducer's jitter is pure
/// (seeded by the caller, reproducible in tests).
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable, Codable {
    private var state: UInt64

    /// Creates a generator from a seed.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// How long to wait after failures: 30 s doubling to 30 min for forecasts.
public enum Backoff {
    /// The first retry delay after a failed refresh, seconds.
    public static let forecastBase = 30.0
    /// The longest retry delay, seconds.
    public static let forecastCap = 30.0 * 60
    /// The jitter applied to each delay, as a fraction either way.
    public static let jitter = 0.2
    /// The longest wait between attempts while a favourite has no forecast at all, seconds:
    /// its page shows only the failure, so the kiosk keeps trying once a minute (far within
    /// Open-Meteo's 600 calls a minute; a rate limit still waits for its window).
    public static let nothingShownCap = 60.0

    /// The delay after `failures` failed refreshes in a row, jittered by `generator`: 30 s
    /// doubling to 30 min, or at most `nothingShownCap` (jittered downwards only) while
    /// `nothingShown`.
    public static func forecastRetry(
        failures: Int, nothingShown: Bool, using generator: inout SplitMix64
    ) -> Double {
        let delay = jittered(forecastDelay(failures: failures), using: &generator)
        guard nothingShown else { return delay }
        return min(delay, nothingShownCap * (1 - Double.random(in: 0...jitter, using: &generator)))
    }

    /// The delay before retry number `failures` (1 after the first failure), before jitter.
    public static func forecastDelay(failures: Int) -> Double {
        let exponent = min(max(failures - 1, 0), 16)
        return min(forecastBase * Double(1 << exponent), forecastCap)
    }

    /// `delay` moved by a random fraction within ±`jitter`.
    public static func jittered(_ delay: Double, using generator: inout SplitMix64) -> Double {
        delay * (1 + Double.random(in: -jitter...jitter, using: &generator))
    }

    /// The wait before the next reading after `failures` failures in a row: the polling
    /// interval after a good reading (0 failures), else `sensorDelay`.
    public static func sensorWait(failures: Int, interval: Int) -> Double {
        failures == 0 ? Double(interval) : sensorDelay(failures: failures, interval: interval)
    }

    /// The delay before sensor retry number `failures`: 5 s doubling, never past the
    /// polling interval.
    public static func sensorDelay(failures: Int, interval: Int) -> Double {
        let exponent = min(max(failures - 1, 0), 16)
        return min(5 * Double(1 << exponent), Double(interval))
    }
}
