import FoundationEssentials
import Testing
import WeatherModel

@Suite struct CivilTimeTests {
    @Test(arguments: [
        (0, LocalDate(year: 1970, month: 1, day: 1)),
        (-1, LocalDate(year: 1969, month: 12, day: 31)),
        (11_016, LocalDate(year: 2000, month: 2, day: 29)),
        (20_779, LocalDate(year: 2026, month: 11, day: 22)),
    ])
    func daysRoundTrip(days: Int, date: LocalDate) {
        #expect(LocalDate(daysSinceEpoch: days) == date)
        #expect(date.daysSinceEpoch == days)
    }

    @Test func weekdayOfKnownDates() {
        #expect(LocalDate(year: 2026, month: 11, day: 22).weekdayAbbreviation == "Sun")
        #expect(LocalDate(year: 1970, month: 1, day: 1).weekdayAbbreviation == "Thu")
    }

    /// Found by the fuzz target fuzz-forecast-json: a forecast whose time was 1.77e138 unix
    /// seconds decoded, then trapped converting to Int when a page showed its local time.
    @Test(arguments: [1.77e138, -1.77e138, Double.greatestFiniteMagnitude, .infinity, .nan])
    func instantsBeyondAnyCalendarDoNotTrap(seconds: Double) {
        let instant = Date(timeIntervalSince1970: seconds)
        let local = LocalDateTime(instant, utcOffsetSeconds: 3600)
        #expect((0...23).contains(local.hour) && (0...59).contains(local.minute))
        let forecast = LocationForecast(
            coordinate: Coordinate(latitude: 0, longitude: 0), utcOffsetSeconds: -3600)
        #expect(forecast.localTime(at: instant).second == local.second)
        if seconds > 0 { #expect(local.date.year > 300_000) }
    }

    @Test func localTimeAppliesOffsetAcrossMidnight() {
        // 2026-11-22 23:30 UTC is 2026-11-23 00:30 in Rome (UTC+1) and 18:30 in New York.
        let instant = LocalDateTime(
            date: LocalDate(year: 2026, month: 11, day: 22), hour: 23, minute: 30
        ).instant(utcOffsetSeconds: 0)
        let rome = LocalDateTime(instant, utcOffsetSeconds: 3600)
        #expect(rome.date == LocalDate(year: 2026, month: 11, day: 23))
        #expect(rome.hour == 0 && rome.minute == 30)
        let newYork = LocalDateTime(instant, utcOffsetSeconds: -5 * 3600)
        #expect(newYork.date == LocalDate(year: 2026, month: 11, day: 22))
        #expect(newYork.clockText(.twelveHour) == "6:30 PM")
        #expect(newYork.clockText(.twentyFourHour) == "18:30")
    }

    @Test func parsesOpenMeteoLocalTimes() throws {
        let time = try #require(LocalDateTime(iso8601: "2024-03-31T02:45"))
        #expect(time.date == LocalDate(year: 2024, month: 3, day: 31))
        #expect(time.hour == 2 && time.minute == 45)
        #expect(LocalDateTime(iso8601: "2024-03-31 02:45") == nil)
        #expect(LocalDateTime(iso8601: "2024-13-01T00:00") == nil)
        #expect(LocalDate(iso8601: "2024-3-1") == nil)
    }

    @Test func timeOfDayParsing() {
        #expect(TimeOfDay("06:30")?.minuteOfDay == 390)
        #expect(TimeOfDay("23:00")?.hour == 23)
        #expect(TimeOfDay("24:00") == nil)
        #expect(TimeOfDay("7:5") == nil)
        #expect(TimeOfDay("noon") == nil)
    }
}
