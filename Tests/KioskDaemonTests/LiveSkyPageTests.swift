import FoundationEssentials
import KioskCore
import KioskTesting
import Testing

@testable import KioskControl
@testable import KioskDaemon

/// The running engine draws the sky page: `page sky` shows it for the favourite on screen,
/// with the sunrise and sunset computed for the place on its own date.
@Suite struct LiveSkyPageTests {
    @Test func pageSkyShowsTheSunriseOfThePlaceOnTheLiveScreen() async throws {
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
        let offset = try #require(await engine.currentPageModel().city?.forecast)
            .utcOffsetSeconds
        #expect(offset == 3600)

        let reply = String(decoding: await engine.control(.page("sky")).line(), as: UTF8.self)
        #expect(reply.contains("Showing the sky page of Berlin"), "\(reply)")
        let texts = try await live.texts()

        // Computed here from the coordinate and Berlin's date, not read from the page.
        let date = LocalDate(year: 2026, month: 11, day: 18)
        let sun = SunriseSunset(date: date, at: berlin.coordinate, utcOffsetSeconds: 3600)
        let sunrise = LocalDateTime(try #require(sun.sunrise), utcOffsetSeconds: 3600)
        let sunset = LocalDateTime(try #require(sun.sunset), utcOffsetSeconds: 3600)
        // Berlin's sunrise in mid-November is a little before 07:40, its sunset near 16:10.
        #expect(sunrise.hour == 7 && sunset.hour == 16)
        #expect(texts.contains(sunrise.clockText(.twentyFourHour)), "\(texts)")
        #expect(texts.contains(sunset.clockText(.twentyFourHour)), "\(texts)")
        #expect(texts.contains(MoonPhase(at: time.now().wall).name.title), "\(texts)")
        #expect(texts.contains("Berlin"), "\(texts)")
        #expect(await engine.status().showing.page == "sky")
        await engine.stop()
        await running.value
    }
}
