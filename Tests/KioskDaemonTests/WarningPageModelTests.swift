import FoundationEssentials
import KioskCore
import Testing

@testable import KioskDaemon

/// What the daemon puts on a place's pages from the warnings: the band, and a notice while
/// the place's service fails.
@Suite struct WarningPageModelTests {
    static let berlin = City(
        name: "Berlin", coordinate: Coordinate(latitude: 52.52, longitude: 13.41),
        countryCode: "DE")

    @Test func theBandAndAFailingServicesNotice() {
        var configuration = KioskConfiguration()
        configuration.cities = [Self.berlin]
        configuration.sensor.kind = .none
        let wall = LocalDateTime(iso8601: "2026-11-22T12:00")!.instant(utcOffsetSeconds: 0)
        let now = KioskTime(monotonic: .seconds(1000), wall: wall, utcOffsetSeconds: 0)
        var state = KioskState(settings: KioskSettings(configuration), now: now, seed: 1)
        _ = state.handle(.started(restored: nil, forecasts: []), at: now)
        let feed = WarningFeed(source: .dwd, place: "Berlin")
        let frost = WeatherWarning(
            id: "frost", place: "Berlin", source: .dwd, event: "frost", severity: .minor,
            headline: "Official WARNING of FROST", onset: wall,
            ends: wall.addingTimeInterval(6 * 3600))
        _ = state.handle(
            .warningsFetched(
                [WarningFeedUpdate(feed: feed, outcome: .warnings([frost]))],
                nextAsk: wall.addingTimeInterval(300)), at: now)
        let host = { HostInfo(name: "", addresses: []) }
        let model = state.pageModel(configuration: configuration, host: host, at: now)
        #expect(model.warning?.text == "Frost until 18:00")
        #expect(model.warning?.level == .yellow)
        #expect(!model.notices.contains { if case .warning = $0 { true } else { false } })

        let later = KioskTime(
            monotonic: .seconds(1300), wall: wall.addingTimeInterval(300), utcOffsetSeconds: 0)
        _ = state.handle(
            .warningsFetched(
                [WarningFeedUpdate(feed: feed, outcome: .failed("Bright Sky answered 500."))],
                nextAsk: wall.addingTimeInterval(600)), at: later)
        let failing = state.pageModel(configuration: configuration, host: host, at: later)
        #expect(failing.warning?.text == "Frost until 18:00", "what it knew stays")
        #expect(failing.notices.contains(.warning("warnings from DWD unavailable since 12:05")))
    }

    @Test func theWarningsPageSaysWhatWhereWhenWhatToDoAndWhoSays() throws {
        let anchorage = City(
            name: "Anchorage", coordinate: Coordinate(latitude: 61.22, longitude: -149.90),
            countryCode: "US")
        var configuration = KioskConfiguration()
        configuration.cities = [anchorage]
        configuration.sensor.kind = .none
        let wall = LocalDateTime(iso8601: "2026-11-22T12:00")!.instant(utcOffsetSeconds: 0)
        let now = KioskTime(monotonic: .seconds(1000), wall: wall, utcOffsetSeconds: 3600)
        var state = KioskState(settings: KioskSettings(configuration), now: now, seed: 1)
        // Anchorage is nine hours behind UTC: its times are its own, not the kiosk's.
        let forecast = LocationForecast(coordinate: anchorage.coordinate, utcOffsetSeconds: -32_400)
        _ = state.handle(
            .started(
                restored: nil,
                forecasts: [
                    ForecastEntry(
                        coordinate: anchorage.coordinate, fetchedAt: wall, forecast: forecast)
                ]), at: now)
        let blizzard = WeatherWarning(
            id: "b", place: "Anchorage", source: .nws, event: "Blizzard Warning",
            severity: .extreme, headline: "Blizzard Warning issued …",
            description: "Snow and wind.", instruction: "Stay off the roads.",
            onset: wall.addingTimeInterval(2 * 3600), ends: wall.addingTimeInterval(20 * 3600))
        _ = state.handle(
            .warningsFetched(
                [
                    WarningFeedUpdate(
                        feed: WarningFeed(source: .nws, place: "Anchorage"),
                        outcome: .warnings([blizzard]))
                ], nextAsk: wall.addingTimeInterval(300)), at: now)
        #expect(state.slides.first == Slide(.warning, cityIndex: 0))
        // The warning's page is a slide of the cycle, not a configured page: it comes round.
        var time = now
        for _ in 0..<8 where state.slide.kind != .warning {
            time = time.advanced(bySeconds: Double(state.settings.cycleSeconds))
            _ = state.handle(.tick, at: time)
        }
        let host = { HostInfo(name: "", addresses: []) }
        let model = state.pageModel(configuration: configuration, host: host, at: time)
        #expect(model.page == .warning)
        let page = try #require(model.warningPage)
        #expect(page.event == "Blizzard Warning")
        #expect(page.place == "Anchorage")
        #expect(page.level == .red)
        #expect(page.title == "EXTREME WARNING")
        #expect(page.period == "From 05:00 until 23:00", "Anchorage's time, today")
        #expect(page.advice == "Stay off the roads.")
        #expect(page.sourceLine == "Official warning from NWS")
    }
}

/// The content of a warning's page from the warnings of a place.
@Suite struct WarningPageContentTests {
    static let now = LocalDateTime(iso8601: "2026-11-22T12:00")!.instant(utcOffsetSeconds: 0)

    @Test func onlySevereOrWorseGetsAPageAndTheKiosksOwnSaysItIsNotOfficial() throws {
        let gusts = WeatherWarning(
            id: "derived:gusts", place: "Rome", source: .derived, event: "gusts",
            severity: .severe,
            headline: "Gusts up to 110 km/h (the kiosk's reading of the forecast)",
            description: "Not an official warning: the kiosk read this from the forecast.",
            onset: Self.now.addingTimeInterval(-600), ends: Self.now.addingTimeInterval(26 * 3600))
        var moderate = gusts
        moderate.severity = .moderate
        #expect(
            WarningPageContent(
                [moderate], place: "Rome", at: Self.now, utcOffsetSeconds: 3600,
                clock: .twentyFourHour, language: .en) == nil)
        let page = try #require(
            WarningPageContent(
                [gusts, moderate], place: "Rome", at: Self.now, utcOffsetSeconds: 3600,
                clock: .twentyFourHour, language: .en))
        #expect(page.event == "Gusts")
        #expect(page.level == .orange)
        #expect(page.period == "Now until Mon 15:00")
        #expect(page.advice == "Gusts up to 110 km/h", "the numbers, without the note")
        #expect(!page.official)
        #expect(page.sourceLine.hasPrefix("Not an official warning: the kiosk's own reading"))
        #expect(page.more == 0, "the moderate one is the band's, not the page's")
    }
}
