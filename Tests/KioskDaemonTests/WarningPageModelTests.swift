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
}
