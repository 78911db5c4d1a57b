public import FoundationEssentials

/// The four instants of a lunation: the Moon's apparent longitude 0°, 90°, 180° and 270°
/// ahead of the Sun's (the definition the almanacs use).
public enum PrincipalMoonPhase: Int, Sendable, Hashable, CaseIterable, Codable {
    /// Conjunction with the Sun.
    case newMoon = 0
    /// 90° east of the Sun.
    case firstQuarter = 1
    /// Opposition.
    case fullMoon = 2
    /// 90° west of the Sun.
    case lastQuarter = 3

    /// The phase's name among the eight.
    public var name: MoonPhaseName {
        switch self {
        case .newMoon: .newMoon
        case .firstQuarter: .firstQuarter
        case .fullMoon: .fullMoon
        case .lastQuarter: .lastQuarter
        }
    }
}

/// One new moon, quarter or full moon and its instant, to well under a minute (Meeus,
/// *Astronomical Algorithms*, chapter 49).
public struct MoonPhaseEvent: Sendable, Hashable {
    /// Which phase.
    public var phase: PrincipalMoonPhase
    /// When, to well under a minute.
    public var instant: Date

    /// The mean synodic month, days.
    public static let synodicMonthDays = 29.530_588_861

    /// The phase of lunation `lunation` (0 is the new moon of 2000-01-06; negative before).
    public init(phase: PrincipalMoonPhase, lunation: Int) {
        self.phase = phase
        let k = Double(lunation) + Double(phase.rawValue) / 4
        instant = AstronomicalTime(ephemerisDay: Self.ephemerisDay(k: k, phase: phase)).date
    }

    /// Every principal phase from `start` (included) to `end` (excluded), in order.
    public static func events(from start: Date, to end: Date) -> [MoonPhaseEvent] {
        guard start < end else { return [] }
        var lunation = approximateLunation(at: start) - 1
        var events: [MoonPhaseEvent] = []
        while true {
            for phase in PrincipalMoonPhase.allCases {
                let event = MoonPhaseEvent(phase: phase, lunation: lunation)
                if event.instant >= end { return events }
                if event.instant >= start { events.append(event) }
            }
            lunation += 1
        }
    }

    /// The last new moon at or before `instant`.
    public static func newMoon(atOrBefore instant: Date) -> MoonPhaseEvent {
        var lunation = approximateLunation(at: instant) + 1
        while true {
            let event = MoonPhaseEvent(phase: .newMoon, lunation: lunation)
            if event.instant <= instant { return event }
            lunation -= 1
        }
    }

    /// The `phase` nearest to `instant`, before or after it.
    public static func nearest(_ phase: PrincipalMoonPhase, to instant: Date) -> MoonPhaseEvent {
        let base = approximateLunation(at: instant)
        return (base - 1...base + 1)
            .map { MoonPhaseEvent(phase: phase, lunation: $0) }
            .min {
                abs($0.instant.timeIntervalSince(instant))
                    < abs($1.instant.timeIntervalSince(instant))
            }!
    }

    /// The lunation whose new moon is near `instant` (within one).
    private static func approximateLunation(at instant: Date) -> Int {
        let days = AstronomicalTime(instant).julianDay - 2_451_550.097_66
        return Int((days / synodicMonthDays).rounded(.down))
    }

    /// Meeus 49.1 and the corrections of chapter 49: the phase's Julian Ephemeris Day.
    private static func ephemerisDay(k: Double, phase: PrincipalMoonPhase) -> Double {
        let t = k / 1236.85
        let (t2, t3, t4) = (t * t, t * t * t, t * t * t * t)
        let mean =
            2_451_550.097_66 + synodicMonthDays * k + 0.000_154_37 * t2 - 0.000_000_150 * t3
            + 0.000_000_000_73 * t4
        let e = 1 - 0.002_516 * t - 0.000_007_4 * t2
        let m = Angle(degrees: 2.5534 + 29.105_356_70 * k - 0.000_001_4 * t2 - 0.000_000_11 * t3)
        let mPrime = Angle(
            degrees: 201.5643 + 385.816_935_28 * k + 0.010_758_2 * t2 + 0.000_012_38 * t3
                - 0.000_000_058 * t4)
        let f = Angle(
            degrees: 160.7108 + 390.670_502_84 * k - 0.001_611_8 * t2 - 0.000_002_27 * t3
                + 0.000_000_011 * t4)
        let node = Angle(
            degrees: 124.7746 - 1.563_755_88 * k + 0.002_067_2 * t2 + 0.000_002_15 * t3)
        let terms = PhaseTerms(e: e, m: m, mPrime: mPrime, f: f, node: node)
        var correction: Double
        switch phase {
        case .newMoon: correction = terms.sum(PhaseTerms.newMoon)
        case .fullMoon: correction = terms.sum(PhaseTerms.fullMoon)
        case .firstQuarter, .lastQuarter:
            correction = terms.sum(PhaseTerms.quarter)
            let w =
                0.003_06 - 0.000_38 * e * m.cosine + 0.000_26 * mPrime.cosine
                - 0.000_02 * (mPrime - m).cosine + 0.000_02 * (mPrime + m).cosine
                + 0.000_02 * (f * 2).cosine
            correction += phase == .firstQuarter ? w : -w
        }
        return mean + correction + PhaseTerms.planetary(k: k, t2: t2)
    }
}
