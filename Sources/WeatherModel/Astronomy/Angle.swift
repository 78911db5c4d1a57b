import RealModule

/// A plane angle: the Sun's and the Moon's coordinates, altitudes, elongations. Kept in
/// degrees, the unit the published algorithms (Meeus, NOAA) state their terms in.
public struct Angle: Sendable, Hashable, Comparable, Codable {
    /// The angle in degrees.
    public var degrees: Double

    /// An angle of `degrees` °.
    public init(degrees: Double) { self.degrees = degrees }

    /// An angle of `radians` rad.
    public init(radians: Double) { self.degrees = radians * 180 / .pi }

    /// The angle in radians.
    public var radians: Double { degrees * .pi / 180 }

    /// The same direction in 0° ..< 360°.
    public var normalized: Angle {
        let reduced = degrees.truncatingRemainder(dividingBy: 360)
        return Angle(degrees: reduced < 0 ? reduced + 360 : reduced)
    }

    /// The same direction in −180° ..< 180°.
    public var signedNormalized: Angle {
        let turn = normalized.degrees
        return Angle(degrees: turn >= 180 ? turn - 360 : turn)
    }

    /// The sine.
    public var sine: Double { .sin(radians) }

    /// The cosine.
    public var cosine: Double { .cos(radians) }

    /// The angle whose sine is `value` (clamped to −1…1, so rounding cannot make a NaN).
    public static func arcsine(_ value: Double) -> Angle {
        Angle(radians: .asin(min(1, max(-1, value))))
    }

    /// The angle whose cosine is `value` (clamped to −1…1), 0°…180°.
    public static func arccosine(_ value: Double) -> Angle {
        Angle(radians: .acos(min(1, max(-1, value))))
    }

    /// The angle of the point (`x`, `y`) from the x axis, −180°…180°.
    public static func arctangent(y: Double, x: Double) -> Angle {
        Angle(radians: .atan2(y: y, x: x))
    }

    /// The sum of two angles.
    public static func + (lhs: Angle, rhs: Angle) -> Angle {
        Angle(degrees: lhs.degrees + rhs.degrees)
    }

    /// The difference of two angles.
    public static func - (lhs: Angle, rhs: Angle) -> Angle {
        Angle(degrees: lhs.degrees - rhs.degrees)
    }

    /// The opposite angle.
    public static prefix func - (angle: Angle) -> Angle { Angle(degrees: -angle.degrees) }

    /// The angle `factor` times over.
    public static func * (angle: Angle, factor: Double) -> Angle {
        Angle(degrees: angle.degrees * factor)
    }

    /// Orders by degrees.
    public static func < (lhs: Angle, rhs: Angle) -> Bool { lhs.degrees < rhs.degrees }
}

extension Coordinate {
    /// The latitude as an angle.
    public var latitudeAngle: Angle { Angle(degrees: latitude) }

    /// The longitude as an angle, east positive.
    public var longitudeAngle: Angle { Angle(degrees: longitude) }
}
