public import FoundationEssentials

/// The Moon's rising and setting on one local day at a place. Either may be missing: the
/// Moon rises about 50 minutes later each day, so about once a month a day has no moonrise
/// and another no moonset; near the poles it can stay up or down all day.
///
/// A rising or setting is the instant the geocentric altitude of the Moon's centre passes
/// 0.7275 π − 0°34′ (π its horizontal parallax): its upper limb on a sea horizon, seen from
/// the ground, with 34′ of refraction (Meeus, *Astronomical Algorithms*, chapter 15). The
/// Moon's place is Meeus's chapter 47.
public struct MoonriseMoonset: Sendable, Hashable {
    /// The local date.
    public var date: LocalDate
    /// How the Moon meets the horizon that day.
    public var passage: HorizonPassage

    /// Moonrise, if the Moon rises that day (the first, on a day with two).
    public var moonrise: Date? { passage.rise }
    /// Moonset, if the Moon sets that day (the last, on a day with two).
    public var moonset: Date? { passage.set }

    /// The Moon at `coordinate` on the local `date`, in a zone `utcOffsetSeconds` east of UTC.
    public init(date: LocalDate, at coordinate: Coordinate, utcOffsetSeconds: Int) {
        let search = HorizonSearch { time in
            let nutation = Nutation(time)
            let ecliptic = LunarPosition.ecliptic(at: time, nutation: nutation)
            let equatorial = EquatorialPosition(ecliptic, obliquity: nutation.obliquity)
            let altitude = equatorial.altitude(
                at: coordinate, siderealTime: time.apparentSiderealTime(nutation: nutation))
            let parallax = LunarPosition.horizontalParallax(
                distanceKilometres: ecliptic.distanceKilometres)
            return altitude.degrees - (0.7275 * parallax.degrees - 34.0 / 60)
        }
        self.date = date
        passage = search.day(date, utcOffsetSeconds: utcOffsetSeconds).passage
    }
}
