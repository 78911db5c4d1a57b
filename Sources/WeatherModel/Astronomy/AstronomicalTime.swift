package import FoundationEssentials

/// An instant as astronomers count it: the Julian day in Universal Time (for the Earth's
/// rotation: sidereal time) and in Terrestrial Time (for the Sun's and the Moon's places),
/// which runs ΔT seconds ahead of it (Meeus, *Astronomical Algorithms*, chapters 7 and 10).
package struct AstronomicalTime: Sendable, Hashable {
    /// Julian day, Universal Time.
    package var julianDay: Double

    /// The Julian day of the Unix epoch, 1970-01-01 00:00 UT.
    package static let unixEpochJulianDay = 2_440_587.5
    /// The Julian day of the standard epoch J2000.0 (2000-01-01 12:00 TT).
    package static let j2000 = 2_451_545.0

    /// The instant `instant`.
    package init(_ instant: Date) {
        julianDay = instant.timeIntervalSince1970 / 86_400 + Self.unixEpochJulianDay
    }

    /// The instant whose Julian day (UT) is `julianDay`.
    package init(julianDay: Double) { self.julianDay = julianDay }

    /// The instant whose Julian Ephemeris Day (TT) is `ephemerisDay`.
    package init(ephemerisDay: Double) {
        let approximate = AstronomicalTime(julianDay: ephemerisDay)
        julianDay = ephemerisDay - approximate.deltaTSeconds / 86_400
    }

    /// The instant as a `Date`.
    package var date: Date {
        Date(timeIntervalSince1970: (julianDay - Self.unixEpochJulianDay) * 86_400)
    }

    /// Julian Ephemeris Day (Terrestrial Time).
    package var ephemerisDay: Double { julianDay + deltaTSeconds / 86_400 }

    /// Julian centuries of TT since J2000.0: the argument of the Sun's and Moon's series.
    package var centuries: Double { (ephemerisDay - Self.j2000) / 36_525 }

    /// Julian centuries of UT since J2000.0: the argument of sidereal time.
    package var universalCenturies: Double { (julianDay - Self.j2000) / 36_525 }

    /// The decimal year, for ΔT.
    package var year: Double { 2000 + (julianDay - Self.j2000) / 365.25 }

    /// ΔT = TT − UT in seconds: Espenak and Meeus's polynomials for 2005–2050 and 2050–2150
    /// (NASA's eclipse pages), Morrison and Stephenson's long-term parabola outside them. Off
    /// by at most about 20 s from 1900 to 2100, which moves the Moon by 10″ and a rise or a
    /// phase by well under a second.
    package var deltaTSeconds: Double {
        let y = year
        let u = (y - 1820) / 100
        switch y {
        case 2005..<2050:
            let t = y - 2000
            return 62.92 + 0.32217 * t + 0.005589 * t * t
        case 2050..<2150:
            return -20 + 32 * u * u - 0.5628 * (2150 - y)
        default:
            return -20 + 32 * u * u
        }
    }
}
