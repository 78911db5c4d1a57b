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
        let kiosk = try await LiveBerlin.start()
        defer { kiosk.running.cancel() }
        let (berlin, time, engine, live) = (kiosk.berlin, kiosk.time, kiosk.engine, kiosk.live)
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
        await kiosk.stop()
    }
}
