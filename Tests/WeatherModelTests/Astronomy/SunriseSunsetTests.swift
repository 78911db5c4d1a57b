import FoundationEssentials
import Testing
import WeatherModel

@Suite struct SunriseSunsetTests {
    /// Where Open-Meteo's recorded answer is for (its grid point near Enschede, NL) and its
    /// offset then (CEST).
    static let enschede = Coordinate(latitude: 52.276, longitude: 6.872_999_7)
    static let tromso = Coordinate(latitude: 69.649_2, longitude: 18.955_3)

    static func local(_ text: String, _ utcOffsetSeconds: Int) -> Date {
        LocalDateTime(iso8601: text)!.instant(utcOffsetSeconds: utcOffsetSeconds)
    }

    /// Open-Meteo's own `sunrise`, `sunset` (whole minutes, local time) and
    /// `daylight_duration` (s) for 2026-10-03…05 at 52.276 N 6.873 E, UTC+2: the recorded
    /// response on branch feat-sky-leaf,
    /// `Tests/OpenMeteoTests/Fixtures/forecast-single-daily-sun-moon-frenck.json`. Ours fall
    /// 9…63 s after its minute (it drops the seconds), our daylight is 14 s shorter than its
    /// and the change from day to day agrees to 0.7 s.
    @Test(arguments: [
        (3, "07:36", "19:05", 41_331.18), (4, "07:38", "19:02", 41_089.74),
        (5, "07:40", "19:00", 40_849.16),
    ])
    func matchesOpenMeteo(day: Int, sunrise: String, sunset: String, daylight: Double) throws {
        let date = LocalDate(year: 2026, month: 10, day: day)
        let sun = SunriseSunset(date: date, at: Self.enschede, utcOffsetSeconds: 7200)
        let rise = try #require(sun.sunrise)
        let set = try #require(sun.sunset)
        let riseError = rise.timeIntervalSince(Self.local("\(date)T\(sunrise)", 7200))
        let setError = set.timeIntervalSince(Self.local("\(date)T\(sunset)", 7200))
        #expect((0..<65).contains(riseError), "sunrise \(riseError) s after Open-Meteo's minute")
        #expect((0..<65).contains(setError), "sunset \(setError) s after Open-Meteo's minute")
        #expect(abs(sun.daylight.seconds - daylight) < 20)
        #expect(abs(sun.daylight.seconds - set.timeIntervalSince(rise)) < 0.01)
    }

    @Test func daylightChangeMatchesOpenMeteo() {
        // Open-Meteo's daylight_duration went 41331.18 → 41089.74 → 40849.16 s.
        let fourth = SunriseSunset(
            date: LocalDate(year: 2026, month: 10, day: 4), at: Self.enschede,
            utcOffsetSeconds: 7200)
        let fifth = SunriseSunset(
            date: LocalDate(year: 2026, month: 10, day: 5), at: Self.enschede,
            utcOffsetSeconds: 7200)
        #expect(abs(fourth.daylightChange.seconds - (41_089.74 - 41_331.18)) < 2)
        #expect(abs(fifth.daylightChange.seconds - (40_849.16 - 41_089.74)) < 2)
    }

    /// West of Greenwich, a negative offset and a leap day: Chicago (41°51′ N, 87°39′ W) on
    /// 2024-02-29, CST (UTC−6): sunrise 6:26 a.m., sunset 5:41 p.m., "times calculated by
    /// the US Naval Observatory's MICA computer program", as Jeffrey L. Hunt's
    /// whenthecurveslineup.com printed them for that day ("2024, February 29: Leap Day").
    @Test func chicagoOnLeapDay() throws {
        let chicago = Coordinate(latitude: 41.85, longitude: -87.65)
        let sun = SunriseSunset(
            date: LocalDate(year: 2024, month: 2, day: 29), at: chicago,
            utcOffsetSeconds: -6 * 3600)
        let rise = try #require(sun.sunrise)
        let set = try #require(sun.sunset)
        #expect(abs(rise.timeIntervalSince(Self.local("2024-02-29T06:26", -21_600))) <= 60)
        #expect(abs(set.timeIntervalSince(Self.local("2024-02-29T17:41", -21_600))) <= 60)
        #expect(sun.daylightChange > .zero)
    }

    /// Tromsø has the midnight sun "from about 18 May to 26 July" and the polar night "from
    /// about 26 November to 15 January" (Wikipedia, "Tromsø", Light and darkness).
    @Test func tromsoPolarDayAndNight() {
        let june = SunriseSunset(
            date: LocalDate(year: 2026, month: 6, day: 21), at: Self.tromso,
            utcOffsetSeconds: 7200)
        #expect(june.passage == .upAllDay && june.isPolarDay)
        #expect(june.sunrise == nil && june.sunset == nil)
        #expect(june.daylight == .seconds(86_400))
        #expect(june.daylightChange == .zero)
        let december = SunriseSunset(
            date: LocalDate(year: 2026, month: 12, day: 21), at: Self.tromso,
            utcOffsetSeconds: 3600)
        #expect(december.passage == .downAllDay && december.isPolarNight)
        #expect(december.daylight == .zero)
        for (month, day, offset) in [(5, 22, 7200), (7, 22, 7200)] {
            let sun = SunriseSunset(
                date: LocalDate(year: 2026, month: month, day: day), at: Self.tromso,
                utcOffsetSeconds: offset)
            #expect(sun.isPolarDay, "2026-\(month)-\(day)")
        }
        for (month, day) in [(11, 30), (1, 12)] {
            let sun = SunriseSunset(
                date: LocalDate(year: 2026, month: month, day: day), at: Self.tromso,
                utcOffsetSeconds: 3600)
            #expect(sun.isPolarNight, "2026-\(month)-\(day)")
        }
        for (month, day, offset) in [(5, 14, 7200), (7, 30, 7200), (11, 22, 3600), (1, 18, 3600)] {
            let sun = SunriseSunset(
                date: LocalDate(year: 2026, month: month, day: day), at: Self.tromso,
                utcOffsetSeconds: offset)
            #expect(sun.sunrise != nil && sun.sunset != nil, "2026-\(month)-\(day)")
        }
    }

    /// The day the midnight sun begins the Sun sets just after midnight and rises again 22
    /// minutes later: both crossings are there, rise after set, and the daylight counts the
    /// two stretches the Sun is up.
    @Test func tromsoLastSunsetBeforeTheMidnightSun() throws {
        let sun = SunriseSunset(
            date: LocalDate(year: 2026, month: 5, day: 18), at: Self.tromso,
            utcOffsetSeconds: 7200)
        let rise = try #require(sun.sunrise)
        let set = try #require(sun.sunset)
        #expect(set < rise)
        let night = rise.timeIntervalSince(set)
        #expect(abs(sun.daylight.seconds - (86_400 - night)) < 0.01)
        // The day before has a sunrise and no sunset: the Sun sets after midnight.
        let before = SunriseSunset(
            date: LocalDate(year: 2026, month: 5, day: 16), at: Self.tromso,
            utcOffsetSeconds: 7200)
        #expect(before.sunrise != nil && before.sunset == nil)
    }

    /// Kiritimati keeps UTC+14 at 157° W: its local date runs a day ahead of its longitude.
    /// Its 2024-02-29 (a leap day) is the same daylight as UTC−10's 2024-02-28.
    @Test func dateLinePlaceKeepsItsOwnCalendar() throws {
        let kiritimati = Coordinate(latitude: 1.87, longitude: -157.43)
        let ahead = SunriseSunset(
            date: LocalDate(year: 2024, month: 2, day: 29), at: kiritimati,
            utcOffsetSeconds: 14 * 3600)
        let behind = SunriseSunset(
            date: LocalDate(year: 2024, month: 2, day: 28), at: kiritimati,
            utcOffsetSeconds: -10 * 3600)
        let rise = try #require(ahead.sunrise)
        #expect(abs(rise.timeIntervalSince(try #require(behind.sunrise))) < 0.01)
        #expect(LocalDateTime(rise, utcOffsetSeconds: 14 * 3600).date.day == 29)
        #expect(LocalDateTime(rise, utcOffsetSeconds: 14 * 3600).hour == 6)
        // Near the equator the day is close to 12 hours all year.
        #expect(abs(ahead.daylight.seconds - 12 * 3600) < 900)
    }
}

extension Duration {
    /// The duration in seconds, for comparisons.
    fileprivate var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
