import Glibc  // Glibc: sin, cos and their kin only; maths, no I/O

/// The sine of an angle in radians.
func sine(_ angle: Double) -> Double { sin(angle) }

/// The cosine of an angle in radians.
func cosine(_ angle: Double) -> Double { cos(angle) }
