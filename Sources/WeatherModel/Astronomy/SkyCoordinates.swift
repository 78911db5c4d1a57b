/// A body's place on the ecliptic of date, seen from the Earth's centre.
package struct EclipticPosition: Sendable, Hashable {
    /// Apparent ecliptic longitude (with nutation and, for the Sun, aberration).
    package var longitude: Angle
    /// Ecliptic latitude.
    package var latitude: Angle
    /// Distance from the Earth's centre, kilometres.
    package var distanceKilometres: Double
}

/// A body's place on the celestial equator of date, seen from the Earth's centre.
package struct EquatorialPosition: Sendable, Hashable {
    /// Right ascension.
    package var rightAscension: Angle
    /// Declination.
    package var declination: Angle

    /// The equatorial place of `ecliptic` for the obliquity `obliquity` (Meeus 13.3, 13.4).
    package init(_ ecliptic: EclipticPosition, obliquity: Angle) {
        let (lambda, beta) = (ecliptic.longitude, ecliptic.latitude)
        rightAscension =
            Angle.arctangent(
                y: lambda.sine * obliquity.cosine - beta.sine / beta.cosine * obliquity.sine,
                x: lambda.cosine
            ).normalized
        declination = Angle.arcsine(
            beta.sine * obliquity.cosine + beta.cosine * obliquity.sine * lambda.sine)
    }

    /// The geometric altitude above the horizon at `coordinate`, `siderealTime` being the
    /// apparent sidereal time at Greenwich (Meeus 13.6).
    package func altitude(at coordinate: Coordinate, siderealTime: Angle) -> Angle {
        let hourAngle = siderealTime + coordinate.longitudeAngle - rightAscension
        let latitude = coordinate.latitudeAngle
        return Angle.arcsine(
            latitude.sine * declination.sine
                + latitude.cosine * declination.cosine * hourAngle.cosine)
    }
}

/// Nutation in longitude and the true obliquity of the ecliptic, to 0.5″ (Meeus chapter 22,
/// the four largest terms; mean obliquity from 22.2).
package struct Nutation: Sendable, Hashable {
    /// Nutation in longitude, Δψ.
    package var longitude: Angle
    /// The true obliquity of the ecliptic, ε0 + Δε.
    package var obliquity: Angle

    /// The nutation at `time`.
    package init(_ time: AstronomicalTime) {
        let t = time.centuries
        let node = Angle(degrees: 125.04452 - 1934.136261 * t)
        let sun = Angle(degrees: 280.4665 + 36000.7698 * t)
        let moon = Angle(degrees: 218.3165 + 481267.8813 * t)
        let psi =
            -17.20 * node.sine - 1.32 * (sun * 2).sine - 0.23 * (moon * 2).sine
            + 0.21 * (node * 2).sine
        let epsilon =
            9.20 * node.cosine + 0.57 * (sun * 2).cosine + 0.10 * (moon * 2).cosine
            - 0.09 * (node * 2).cosine
        let meanObliquity =
            23.439_291_1 + t * (-46.8150 + t * (-0.000_59 + t * 0.001_813)) / 3600
        longitude = Angle(degrees: psi / 3600)
        obliquity = Angle(degrees: meanObliquity + epsilon / 3600)
    }
}

extension AstronomicalTime {
    /// Apparent sidereal time at Greenwich (Meeus 12.4, plus the equation of the equinoxes).
    package func apparentSiderealTime(nutation: Nutation) -> Angle {
        let t = universalCenturies
        let mean =
            280.460_618_37 + 360.985_647_366_29 * (julianDay - Self.j2000)
            + t * t * (0.000_387_933 - t / 38_710_000)
        return Angle(degrees: mean + nutation.longitude.degrees * nutation.obliquity.cosine)
            .normalized
    }
}

/// The Sun's apparent place to about 0.01° (Meeus chapter 25, "low accuracy"), which is
/// a second or two of a sunrise.
package enum SolarPosition {
    /// The Sun's apparent ecliptic place at `time`.
    package static func ecliptic(at time: AstronomicalTime, nutation: Nutation) -> EclipticPosition
    {
        let t = time.centuries
        let meanLongitude = 280.466_46 + t * (36000.769_83 + t * 0.000_303_2)
        let anomaly = Angle(degrees: 357.529_11 + t * (35999.050_29 - t * 0.000_153_7))
        let eccentricity = 0.016_708_634 - t * (0.000_042_037 + t * 0.000_000_126_7)
        let centre =
            (1.914_602 - t * (0.004_817 + t * 0.000_014)) * anomaly.sine
            + (0.019_993 - t * 0.000_101) * (anomaly * 2).sine + 0.000_289 * (anomaly * 3).sine
        let trueAnomaly = anomaly + Angle(degrees: centre)
        let radius =
            1.000_001_018 * (1 - eccentricity * eccentricity)
            / (1 + eccentricity * trueAnomaly.cosine)
        // Aberration, −20.4898″ / R, and nutation make the true longitude apparent.
        let aberration = -20.4898 / 3600 / radius
        let longitude = Angle(
            degrees: meanLongitude + centre + aberration + nutation.longitude.degrees)
        return EclipticPosition(
            longitude: longitude.normalized, latitude: Angle(degrees: 0),
            distanceKilometres: radius * 149_597_870.7)
    }
}
