public import FoundationEssentials

/// The eight names of the Moon's phase. Raw values are the JSON spellings.
public enum MoonPhaseName: String, Sendable, Hashable, CaseIterable, Codable {
    /// Within 12 hours of the new moon.
    case newMoon = "new_moon"
    /// After the new moon's window, before the first quarter's.
    case waxingCrescent = "waxing_crescent"
    /// Within 12 hours of the first quarter.
    case firstQuarter = "first_quarter"
    /// After the first quarter's window, before the full moon's.
    case waxingGibbous = "waxing_gibbous"
    /// Within 12 hours of the full moon.
    case fullMoon = "full_moon"
    /// After the full moon's window, before the last quarter's.
    case waningGibbous = "waning_gibbous"
    /// Within 12 hours of the last quarter.
    case lastQuarter = "last_quarter"
    /// After the last quarter's window, before the new moon's.
    case waningCrescent = "waning_crescent"

    /// The English name, capitalised as a label: "Waxing crescent".
    public var title: String { title(in: .en) }
}

/// The Moon's phase at an instant: where it is in its cycle, how much of it is lit, its age
/// and its name. The same everywhere on the Earth.
///
/// The name: a principal phase (new, first quarter, full, last quarter) for 12 hours either
/// side of its exact instant (Meeus chapter 49), so that it names about one day, as
/// calendars do; between those windows the crescent or gibbous, waxing or waning, that
/// `cycleAngle`'s quadrant gives.
public struct MoonPhase: Sendable, Hashable {
    /// How long each side of a principal phase's instant the phase bears its name.
    public static let principalPhaseWindow = Duration.seconds(12 * 3600)

    /// The instant.
    public var instant: Date
    /// The Moon's apparent ecliptic longitude minus the Sun's, 0°..<360°: 0° new, 90° first
    /// quarter, 180° full, 270° last quarter. Divided by 360° it is the "phase" as a fraction
    /// of the cycle that Open-Meteo's `moon_phase` gives.
    public var cycleAngle: Angle
    /// The lit fraction of the disc, 0…1 (Meeus chapter 48).
    public var illuminatedFraction: Double
    /// The time since the last new moon.
    public var age: Duration
    /// The phase's name.
    public var name: MoonPhaseName

    /// Whether the lit part is growing (new to full).
    public var isWaxing: Bool { cycleAngle.degrees < 180 }

    /// The Moon's phase at `instant`.
    public init(at instant: Date) {
        let time = AstronomicalTime(instant)
        let nutation = Nutation(time)
        let sun = SolarPosition.ecliptic(at: time, nutation: nutation)
        let moon = LunarPosition.ecliptic(at: time, nutation: nutation)
        self.instant = instant
        cycleAngle = (moon.longitude - sun.longitude).normalized
        // Meeus 48.2 and 48.3: the elongation ψ, then the phase angle i at the Moon.
        let cosElongation = moon.latitude.cosine * cycleAngle.cosine
        let elongation = Angle.arccosine(cosElongation)
        let phaseAngle = Angle.arctangent(
            y: sun.distanceKilometres * elongation.sine,
            x: moon.distanceKilometres - sun.distanceKilometres * elongation.cosine)
        illuminatedFraction = (1 + phaseAngle.cosine) / 2
        let newMoon = MoonPhaseEvent.newMoon(atOrBefore: instant)
        age = .seconds(instant.timeIntervalSince(newMoon.instant))
        name = Self.name(at: instant, cycleAngle: cycleAngle)
    }

    private static func name(at instant: Date, cycleAngle: Angle) -> MoonPhaseName {
        let quarter = Int((cycleAngle.degrees / 90).rounded()) % 4
        if let principal = PrincipalMoonPhase(rawValue: quarter) {
            let event = MoonPhaseEvent.nearest(principal, to: instant)
            let window = Double(principalPhaseWindow.components.seconds)
            if abs(event.instant.timeIntervalSince(instant)) <= window { return principal.name }
        }
        let intermediate: [MoonPhaseName] = [
            .waxingCrescent, .waxingGibbous, .waningGibbous, .waningCrescent,
        ]
        return intermediate[min(3, Int(cycleAngle.degrees / 90))]
    }
}
