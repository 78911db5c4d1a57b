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
        let place = try #require(FakeOpenMeteo.places.first { $0.name == "Berlin" })
        let berlin = City(
            name: place.name, country: place.country, coordinate: place.coordinate,
            timezone: place.timezone)
        // 2026-11-18 11:06:40 UTC, 12:06 in Berlin (UTC+1 in the fake's zones).
        let time = ManualTimeSource(
            wall: Date(timeIntervalSince1970: 1_795_000_000), utcOffsetSeconds: 0)
        let screen = RecordingDisplay(size: PixelSize(width: 800, height: 480))
        let fake = FakeOpenMeteo(now: { time.now().wall })
        let engine = KioskEngine.forTesting(
            cities: [berlin], transport: InMemoryOpenMeteo(fake: fake), screen: screen,
            time: time)
        let running = Task { await engine.run() }
        defer { running.cancel() }
        let live = try LiveScreen(engine: engine, screen: screen)
        for _ in 0..<2000 where await engine.status().forecast.fetchedAt == nil {
            try await Task.sleep(for: .milliseconds(5))
        }
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
        await engine.stop()
        await running.value
    }
}
