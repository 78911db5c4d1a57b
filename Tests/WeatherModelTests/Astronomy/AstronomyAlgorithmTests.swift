import FoundationEssentials
import Testing
import WeatherModel

/// The worked examples of Jean Meeus, *Astronomical Algorithms* (2nd edition, 1998), whose
/// chapters the Sun's and the Moon's code follow: each checks one chapter's maths.
@Suite struct AstronomyAlgorithmTests {
    /// Example 12.a: apparent sidereal time at Greenwich, 1987 April 10, 0h UT, is
    /// 13h10m46.1351s.
    @Test func siderealTime() {
        let time = AstronomicalTime(julianDay: 2_446_895.5)
        let hours = time.apparentSiderealTime(nutation: Nutation(time)).degrees / 15
        #expect(abs(hours - (13 + 10 / 60 + 46.1351 / 3600)) * 3600 < 0.05)
    }

    /// Example 25.a: the Sun at 1992 October 13.0 TD: α = 198.38083°, δ = −7.78507°.
    @Test func sunPosition() {
        let time = AstronomicalTime(ephemerisDay: 2_448_908.5)
        let nutation = Nutation(time)
        let sun = EquatorialPosition(
            SolarPosition.ecliptic(at: time, nutation: nutation), obliquity: nutation.obliquity)
        #expect(abs(sun.rightAscension.degrees - 198.380_83) < 0.001)
        #expect(abs(sun.declination.degrees - -7.785_07) < 0.001)
    }

    /// Example 47.a: the Moon at 1992 April 12, 0h TD: apparent λ = 133.167265°,
    /// β = −3.229126°, Δ = 368409.7 km, α = 134.688470°, δ = 13.768368°; and example 48.a:
    /// its illuminated fraction is 0.6786.
    @Test func moonPosition() {
        let time = AstronomicalTime(ephemerisDay: 2_448_724.5)
        let nutation = Nutation(time)
        let moon = LunarPosition.ecliptic(at: time, nutation: nutation)
        let equatorial = EquatorialPosition(moon, obliquity: nutation.obliquity)
        #expect(abs(moon.longitude.degrees - 133.167_265) < 0.000_1)
        #expect(abs(moon.latitude.degrees - -3.229_126) < 0.000_1)
        #expect(abs(moon.distanceKilometres - 368_409.7) < 0.5)
        #expect(abs(equatorial.rightAscension.degrees - 134.688_470) < 0.000_1)
        #expect(abs(equatorial.declination.degrees - 13.768_368) < 0.000_1)
        #expect(abs(nutation.obliquity.degrees - 23.440_636) < 0.000_01)
        #expect(abs(MoonPhase(at: time.date).illuminatedFraction - 0.6786) < 0.000_1)
    }

    /// Examples 49.a and 49.b: the new moon of 1977 February (k = −283) at JDE
    /// 2443192.65118, the first last quarter of 2044 (k = 544.75) at JDE 2467636.49186.
    @Test func principalPhases() {
        let newMoon = MoonPhaseEvent(phase: .newMoon, lunation: -283)
        let lastQuarter = MoonPhaseEvent(phase: .lastQuarter, lunation: 544)
        #expect(abs(AstronomicalTime(newMoon.instant).ephemerisDay - 2_443_192.651_18) < 0.000_01)
        #expect(
            abs(AstronomicalTime(lastQuarter.instant).ephemerisDay - 2_467_636.491_86) < 0.000_01)
    }

    @Test func anglesNormalise() {
        #expect(Angle(degrees: -90).normalized.degrees == 270)
        #expect(Angle(degrees: 725).normalized.degrees == 5)
        #expect(Angle(degrees: 270).signedNormalized.degrees == -90)
        #expect(abs(Angle(radians: .pi).degrees - 180) < 1e-12)
        #expect(Angle.arcsine(1.000_000_1).degrees == 90)
    }
}
