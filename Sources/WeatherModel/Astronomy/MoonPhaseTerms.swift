/// The periodic terms of Meeus's chapter 49 that take a mean phase to the true one.
struct PhaseTerms {
    /// One term: its coefficient in days, the power of E it carries, and the multiples of
    /// M, M′, F and Ω in its argument.
    typealias Term = (days: Double, ePower: Int, m: Int, mPrime: Int, f: Int, node: Int)

    var e: Double
    var m: Angle
    var mPrime: Angle
    var f: Angle
    var node: Angle

    /// The sum of `terms` at these arguments, days.
    func sum(_ terms: [Term]) -> Double {
        terms.reduce(0) { total, term in
            let argument =
                m * Double(term.m) + mPrime * Double(term.mPrime) + f * Double(term.f) + node
                * Double(term.node)
            let factor = term.ePower == 0 ? 1 : (term.ePower == 1 ? e : e * e)
            return total + term.days * factor * argument.sine
        }
    }

    /// The fourteen planetary arguments' additions, days (the same for every phase).
    static func planetary(k: Double, t2: Double) -> Double {
        let arguments: [(days: Double, base: Double, perLunation: Double)] = [
            (0.000_325, 299.77, 0.107_408), (0.000_165, 251.88, 0.016_321),
            (0.000_164, 251.83, 26.651_886), (0.000_126, 349.42, 36.412_478),
            (0.000_110, 84.66, 18.206_239), (0.000_062, 141.74, 53.303_771),
            (0.000_060, 207.14, 2.453_732), (0.000_056, 154.84, 7.306_860),
            (0.000_047, 34.52, 27.261_239), (0.000_042, 207.19, 0.121_824),
            (0.000_040, 291.34, 1.844_379), (0.000_037, 161.72, 24.198_154),
            (0.000_035, 239.56, 25.513_099), (0.000_023, 331.55, 3.592_518),
        ]
        return arguments.enumerated().reduce(0) { total, entry in
            let (index, argument) = entry
            // A1 alone has a T² term.
            let extra = index == 0 ? -0.009_173 * t2 : 0
            let angle = Angle(degrees: argument.base + argument.perLunation * k + extra)
            return total + argument.days * angle.sine
        }
    }

    /// New moon.
    // swift-format-ignore
    static let newMoon: [Term] = [
        (-0.407_20, 0, 0, 1, 0, 0), (0.172_41, 1, 1, 0, 0, 0), (0.016_08, 0, 0, 2, 0, 0),
        (0.010_39, 0, 0, 0, 2, 0), (0.007_39, 1, -1, 1, 0, 0), (-0.005_14, 1, 1, 1, 0, 0),
        (0.002_08, 2, 2, 0, 0, 0),
    ] + sharedSyzygyTerms

    /// Full moon.
    // swift-format-ignore
    static let fullMoon: [Term] = [
        (-0.406_14, 0, 0, 1, 0, 0), (0.173_02, 1, 1, 0, 0, 0), (0.016_14, 0, 0, 2, 0, 0),
        (0.010_43, 0, 0, 0, 2, 0), (0.007_34, 1, -1, 1, 0, 0), (-0.005_15, 1, 1, 1, 0, 0),
        (0.002_09, 2, 2, 0, 0, 0),
    ] + sharedSyzygyTerms

    /// The terms new and full moon share.
    // swift-format-ignore
    private static let sharedSyzygyTerms: [Term] = [
        (-0.001_11, 0, 0, 1, -2, 0), (-0.000_57, 0, 0, 1, 2, 0), (0.000_56, 1, 1, 2, 0, 0),
        (-0.000_42, 0, 0, 3, 0, 0), (0.000_42, 1, 1, 0, 2, 0), (0.000_38, 1, 1, 0, -2, 0),
        (-0.000_24, 1, -1, 2, 0, 0), (-0.000_17, 0, 0, 0, 0, 1), (-0.000_07, 0, 2, 1, 0, 0),
        (0.000_04, 0, 0, 2, -2, 0), (0.000_04, 0, 3, 0, 0, 0), (0.000_03, 0, 1, 1, -2, 0),
        (0.000_03, 0, 0, 2, 2, 0), (-0.000_03, 0, 1, 1, 2, 0), (0.000_03, 0, -1, 1, 2, 0),
        (-0.000_02, 0, -1, 1, -2, 0), (-0.000_02, 0, 1, 3, 0, 0), (0.000_02, 0, 0, 4, 0, 0),
    ]

    /// First and last quarter (before the ±W correction).
    // swift-format-ignore
    static let quarter: [Term] = [
        (-0.628_01, 0, 0, 1, 0, 0), (0.171_72, 1, 1, 0, 0, 0), (-0.011_83, 1, 1, 1, 0, 0),
        (0.008_62, 0, 0, 2, 0, 0), (0.008_04, 0, 0, 0, 2, 0), (0.004_54, 1, -1, 1, 0, 0),
        (0.002_04, 2, 2, 0, 0, 0), (-0.001_80, 0, 0, 1, -2, 0), (-0.000_70, 0, 0, 1, 2, 0),
        (-0.000_40, 0, 0, 3, 0, 0), (-0.000_34, 1, -1, 2, 0, 0), (0.000_32, 1, 1, 0, 2, 0),
        (0.000_32, 1, 1, 0, -2, 0), (-0.000_28, 2, 2, 1, 0, 0), (0.000_27, 1, 1, 2, 0, 0),
        (-0.000_17, 0, 0, 0, 0, 1), (-0.000_05, 0, -1, 1, -2, 0), (0.000_04, 0, 0, 2, 2, 0),
        (-0.000_04, 0, 1, 1, 2, 0), (0.000_04, 0, -2, 1, 0, 0), (0.000_03, 0, 1, 1, -2, 0),
        (0.000_03, 0, 3, 0, 0, 0), (0.000_02, 0, 0, 2, -2, 0), (0.000_02, 0, -1, 1, 2, 0),
        (-0.000_02, 0, 1, 3, 0, 0),
    ]
}
