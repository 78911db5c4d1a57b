public import FoundationEssentials

/// The Sun on one local day at a place: sunrise, sunset, how long it is up and how that
/// changed since the day before. Computed, not fetched: the Sun's place from Meeus,
/// *Astronomical Algorithms*, chapter 25 (the equations NOAA's solar calculator uses), its
/// rising and setting as the instants its centre's geometric altitude passes −0.833°
/// (34′ of refraction and 16′ of semidiameter: the upper limb on a sea horizon).
public struct SunriseSunset: Sendable, Hashable {
    /// The altitude of the Sun's centre at sunrise and sunset: −0°50′.
    public static let horizonAltitude = Angle(degrees: -0.833)

    /// The local date.
    public var date: LocalDate
    /// How the Sun meets the horizon that day: `.upAllDay` is the midnight sun,
    /// `.downAllDay` the polar night.
    public var passage: HorizonPassage
    /// How long the Sun is up between the day's two midnights: sunset − sunrise on an
    /// ordinary day, 24 hours in the midnight sun, zero in the polar night.
    public var daylight: Duration
    /// `daylight` minus the day before's: positive while the days grow longer.
    public var daylightChange: Duration

    /// Sunrise, when the Sun rises that day (the first, on a day with two).
    public var sunrise: Date? { passage.rise }
    /// Sunset, when the Sun sets that day (the last, on a day with two).
    public var sunset: Date? { passage.set }
    /// Whether the Sun stays up all day (the midnight sun).
    public var isPolarDay: Bool { passage == .upAllDay }
    /// Whether the Sun stays down all day (the polar night).
    public var isPolarNight: Bool { passage == .downAllDay }

    /// The Sun at `coordinate` on the local `date`, in a zone `utcOffsetSeconds` east of UTC
    /// (the place's offset on that date: the day runs from its midnight to the next).
    public init(date: LocalDate, at coordinate: Coordinate, utcOffsetSeconds: Int) {
        let search = Self.search(at: coordinate)
        let today = search.day(date, utcOffsetSeconds: utcOffsetSeconds)
        let yesterday = search.day(date.adding(days: -1), utcOffsetSeconds: utcOffsetSeconds)
        self.date = date
        passage = today.passage
        daylight = .seconds(today.secondsUp)
        daylightChange = .seconds(today.secondsUp - yesterday.secondsUp)
    }

    /// The Sun's altitude at `coordinate` at `instant` (geometric, without refraction).
    public static func altitude(at coordinate: Coordinate, instant: Date) -> Angle {
        altitude(at: coordinate, time: AstronomicalTime(instant))
    }

    static func altitude(at coordinate: Coordinate, time: AstronomicalTime) -> Angle {
        let nutation = Nutation(time)
        let ecliptic = SolarPosition.ecliptic(at: time, nutation: nutation)
        let equatorial = EquatorialPosition(ecliptic, obliquity: nutation.obliquity)
        return equatorial.altitude(
            at: coordinate, siderealTime: time.apparentSiderealTime(nutation: nutation))
    }

    private static func search(at coordinate: Coordinate) -> HorizonSearch {
        HorizonSearch { time in
            (altitude(at: coordinate, time: time) - horizonAltitude).degrees
        }
    }
}
