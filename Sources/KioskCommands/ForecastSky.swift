import FoundationEssentials
import KioskCore

/// The Sun and the Moon at a forecast's place on the place's today, computed here (Meeus),
/// not fetched: the `forecast` verb's Sun and Moon lines and its JSON `sun` and `moon`.
struct ForecastSky {
    /// Sunrise, sunset and day length on the place's today.
    var sun: SunriseSunset
    /// The Moon's phase at the instant asked about.
    var moonPhase: MoonPhase
    /// Moonrise and moonset on the place's today.
    var moon: MoonriseMoonset
    /// The place's offset from UTC, seconds, as the forecast gives it.
    var utcOffsetSeconds: Int

    /// The sky over `entry`'s coordinate (the one asked for, not the model's grid point) on
    /// the local date at `now`, in the forecast's UTC offset.
    init(_ entry: ForecastEntry, now: Date) {
        let forecast = entry.forecast
        let today = forecast.localTime(at: now).date
        utcOffsetSeconds = forecast.utcOffsetSeconds
        sun = SunriseSunset(
            date: today, at: entry.coordinate, utcOffsetSeconds: utcOffsetSeconds)
        moonPhase = MoonPhase(at: now)
        moon = MoonriseMoonset(
            date: today, at: entry.coordinate, utcOffsetSeconds: utcOffsetSeconds)
    }
}
