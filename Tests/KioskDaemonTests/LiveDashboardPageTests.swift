import FoundationEssentials
import KioskCore
import KioskTesting
import Testing

@testable import KioskControl
@testable import KioskDaemon

/// The running engine draws the dashboard: `page dashboard` shows it for the favourite on
/// screen with the stand-in Open-Meteo's numbers, the sunrise computed for the place, and
/// 7 days.
@Suite struct LiveDashboardPageTests {
    @Test func pageDashboardShowsTheStandInsWeatherOnTheLiveScreen() async throws {
        let kiosk = try await LiveBerlin.start()
        defer { kiosk.running.cancel() }
        let (berlin, engine, live) = (kiosk.berlin, kiosk.engine, kiosk.live)
        let forecast = try #require(await engine.currentPageModel().city?.forecast)
        #expect(forecast.daily.count == 7)

        let reply = String(
            decoding: await engine.control(.page("dashboard")).line(), as: UTF8.self)
        #expect(reply.contains("Showing the dashboard page of Berlin"), "\(reply)")
        let texts = try await live.texts()

        // The stand-in's numbers, as the kiosk decoded them from its answer.
        let current = try #require(forecast.current)
        let temperature = WeatherFormat.temperature(current.temperature, in: .celsius)
        #expect(temperature != "–")
        #expect(texts.contains(temperature), "\(texts)")
        let humidity = WeatherFormat.percent(current.relativeHumidity)
        #expect(texts.contains(humidity), "\(texts)")
        // Computed here from the coordinate and Berlin's date, not read from the page.
        let sun = SunriseSunset(
            date: LocalDate(year: 2026, month: 11, day: 18), at: berlin.coordinate,
            utcOffsetSeconds: 3600)
        let sunrise = LocalDateTime(try #require(sun.sunrise), utcOffsetSeconds: 3600)
        #expect(texts.contains(sunrise.clockText(.twentyFourHour)), "\(texts)")
        // Today and the 6 days after it, from Wednesday the 18th.
        for day in ["Today", "Thu 19", "Fri 20", "Sat 21", "Sun 22", "Mon 23", "Tue 24"] {
            #expect(texts.contains(day), "\(day) missing from \(texts)")
        }
        #expect(await engine.status().showing.page == "dashboard")
        await kiosk.stop()
    }
}
