import FoundationEssentials
import Testing
import WeatherModel

@Suite struct MoonPhaseTests {
    /// Every new moon, quarter and full moon of 2024 (a leap year) as the US Naval
    /// Observatory's phase service gave them, UT to the minute: its `moon-phase-data`
    /// archive in CraigChamberlain/moon-data, `api/moon-phase-data/2024/index.json` (commit
    /// a160d6402d2d), "based on data taken from the USNO api". Meeus's chapter 49 lands
    /// within −24 s … +45 s of each (mean +6 s).
    static let usno2024: [(PrincipalMoonPhase, String)] = [
        (.lastQuarter, "2024-01-04T03:30"), (.newMoon, "2024-01-11T11:57"),
        (.firstQuarter, "2024-01-18T03:52"), (.fullMoon, "2024-01-25T17:54"),
        (.lastQuarter, "2024-02-02T23:18"), (.newMoon, "2024-02-09T22:59"),
        (.firstQuarter, "2024-02-16T15:01"), (.fullMoon, "2024-02-24T12:30"),
        (.lastQuarter, "2024-03-03T15:23"), (.newMoon, "2024-03-10T09:00"),
        (.firstQuarter, "2024-03-17T04:11"), (.fullMoon, "2024-03-25T07:00"),
        (.lastQuarter, "2024-04-02T03:15"), (.newMoon, "2024-04-08T18:21"),
        (.firstQuarter, "2024-04-15T19:13"), (.fullMoon, "2024-04-23T23:49"),
        (.lastQuarter, "2024-05-01T11:27"), (.newMoon, "2024-05-08T03:22"),
        (.firstQuarter, "2024-05-15T11:48"), (.fullMoon, "2024-05-23T13:53"),
        (.lastQuarter, "2024-05-30T17:13"), (.newMoon, "2024-06-06T12:38"),
        (.firstQuarter, "2024-06-14T05:18"), (.fullMoon, "2024-06-22T01:08"),
        (.lastQuarter, "2024-06-28T21:53"), (.newMoon, "2024-07-05T22:57"),
        (.firstQuarter, "2024-07-13T22:49"), (.fullMoon, "2024-07-21T10:17"),
        (.lastQuarter, "2024-07-28T02:51"), (.newMoon, "2024-08-04T11:13"),
        (.firstQuarter, "2024-08-12T15:19"), (.fullMoon, "2024-08-19T18:26"),
        (.lastQuarter, "2024-08-26T09:26"), (.newMoon, "2024-09-03T01:55"),
        (.firstQuarter, "2024-09-11T06:05"), (.fullMoon, "2024-09-18T02:34"),
        (.lastQuarter, "2024-09-24T18:50"), (.newMoon, "2024-10-02T18:49"),
        (.firstQuarter, "2024-10-10T18:55"), (.fullMoon, "2024-10-17T11:26"),
        (.lastQuarter, "2024-10-24T08:03"), (.newMoon, "2024-11-01T12:47"),
        (.firstQuarter, "2024-11-09T05:55"), (.fullMoon, "2024-11-15T21:28"),
        (.lastQuarter, "2024-11-23T01:28"), (.newMoon, "2024-12-01T06:21"),
        (.firstQuarter, "2024-12-08T15:26"), (.fullMoon, "2024-12-15T09:02"),
        (.lastQuarter, "2024-12-22T22:18"), (.newMoon, "2024-12-30T22:27"),
    ]

    static func utc(_ text: String) -> Date {
        LocalDateTime(iso8601: text)!.instant(utcOffsetSeconds: 0)
    }

    @Test func phasesOf2024MatchTheNavalObservatoryToAMinute() {
        let events = MoonPhaseEvent.events(
            from: Self.utc("2024-01-01T00:00"), to: Self.utc("2025-01-01T00:00"))
        #expect(events.count == Self.usno2024.count)
        for (event, (phase, text)) in zip(events, Self.usno2024) {
            #expect(event.phase == phase, "\(text)")
            let error = event.instant.timeIntervalSince(Self.utc(text))
            #expect(abs(error) <= 60, "\(phase) \(text): \(error) s")
        }
    }

    /// Open-Meteo's own `moon_phase` (the fraction of the cycle) for 2026-10-03…05 at
    /// 52.276 N 6.873 E, Europe/Amsterdam: the recorded response on branch feat-sky-leaf,
    /// `Tests/OpenMeteoTests/Fixtures/forecast-single-daily-sun-moon-frenck.json`. It is the
    /// cycle at local noon.
    @Test(arguments: [(3, 0.745), (4, 0.781), (5, 0.817)])
    func cycleMatchesOpenMeteo(day: Int, fraction: Double) {
        let noon = LocalDateTime(
            date: LocalDate(year: 2026, month: 10, day: day), hour: 12, minute: 0
        )
        .instant(utcOffsetSeconds: 7200)
        let phase = MoonPhase(at: noon)
        #expect(abs(phase.cycleAngle.degrees / 360 - fraction) < 0.001)
        #expect(!phase.isWaxing)
    }

    @Test func principalPhasesAreNamedTwelveHoursEitherSide() {
        let full = Self.utc("2024-03-25T07:00")
        let hour = 3600.0
        #expect(MoonPhase(at: full).name == .fullMoon)
        #expect(MoonPhase(at: full - 11.5 * hour).name == .fullMoon)
        #expect(MoonPhase(at: full + 11.5 * hour).name == .fullMoon)
        #expect(MoonPhase(at: full - 12.5 * hour).name == .waxingGibbous)
        #expect(MoonPhase(at: full + 12.5 * hour).name == .waningGibbous)
        let new = Self.utc("2024-04-08T18:21")
        #expect(MoonPhase(at: new).name == .newMoon)
        #expect(MoonPhase(at: new - 13 * hour).name == .waningCrescent)
        #expect(MoonPhase(at: new + 13 * hour).name == .waxingCrescent)
        #expect(MoonPhase(at: Self.utc("2024-04-15T19:13")).name == .firstQuarter)
        #expect(MoonPhase(at: Self.utc("2024-04-02T03:15")).name == .lastQuarter)
    }

    @Test func illuminationAndAgeFollowTheCycle() {
        let new = MoonPhase(at: Self.utc("2024-04-08T18:21"))  // a total solar eclipse
        #expect(new.illuminatedFraction < 0.001)
        #expect(new.age < .seconds(120) || new.age > .seconds(29 * 86_400))
        let full = MoonPhase(at: Self.utc("2024-03-25T07:00"))
        #expect(full.illuminatedFraction > 0.99)
        #expect(abs(full.cycleAngle.degrees - 180) < 0.1)
        let days = Double(full.age.components.seconds) / 86_400
        #expect(abs(days - 14.9) < 0.1)  // new moon 2024-03-10 09:00
        let quarter = MoonPhase(at: Self.utc("2024-03-17T04:11"))
        #expect(abs(quarter.illuminatedFraction - 0.5) < 0.01)
        #expect(quarter.isWaxing)
    }

    @Test func nearestAndLastNewMoon() {
        let instant = Self.utc("2024-06-01T00:00")
        #expect(
            abs(
                MoonPhaseEvent.nearest(.fullMoon, to: instant).instant.timeIntervalSince(
                    Self.utc("2024-05-23T13:53"))) < 60)
        #expect(
            abs(
                MoonPhaseEvent.newMoon(atOrBefore: instant).instant.timeIntervalSince(
                    Self.utc("2024-05-08T03:22"))) < 60)
        #expect(MoonPhaseEvent.events(from: instant, to: instant).isEmpty)
    }
}
