import FoundationEssentials
import KioskCore
import Testing

private let anchorage = City(
    name: "Anchorage", coordinate: Coordinate(latitude: 61.22, longitude: -149.90),
    countryCode: "US")
private let rome = City(
    name: "Rome", coordinate: Coordinate(latitude: 41.89, longitude: 12.51), countryCode: "IT")
private let anchorageFeed = WarningFeed(source: .nws, place: "Anchorage")

/// A severe or extreme warning's page of its own in the cycle, and the night's blank display
/// it may light (`warnings.wake_screen`), under the manual clock.
@Suite struct WarningPageTests {
    private static let night = NightWindow(
        from: TimeOfDay(hour: 23, minute: 0), to: TimeOfDay(hour: 6, minute: 30), mode: .off)

    private func settings(
        night: NightWindow? = nil, wake: WarningWakeScreen = .extreme,
        pages: [Page] = [.city, .hourly, .map]
    ) -> KioskSettings {
        var configuration = KioskConfiguration()
        configuration.cities = [rome, anchorage]
        configuration.sensor.kind = .none
        configuration.display.pages = pages
        configuration.display.night = night
        configuration.warnings.wakeScreen = wake
        return KioskSettings(configuration)
    }

    private func started(_ clock: TestClock, _ settings: KioskSettings) -> KioskState {
        var state = KioskState(settings: settings, now: clock.now, seed: 1)
        _ = state.handle(
            .started(restored: nil, forecasts: cached(clock.now.wall, for: [rome, anchorage])),
            at: clock.now)
        return state
    }

    /// An NWS warning for Anchorage from `onset` to `end` seconds after `clock`'s now.
    private func blizzard(
        _ clock: TestClock, id: String = "A", severity: WarningSeverity = .extreme,
        onset: Double = -60, end: Double = 6 * 3600, source: WarningSource = .nws,
        references: [String] = [], type: WarningMessageType = .alert
    ) -> WeatherWarning {
        WeatherWarning(
            id: id, references: references, messageType: type, place: "Anchorage",
            source: source, event: "Blizzard Warning", severity: severity,
            headline: "Blizzard Warning", instruction: "Stay off the roads.",
            onset: clock.now.wall.addingTimeInterval(onset),
            ends: clock.now.wall.addingTimeInterval(end))
    }

    private func answer(_ warnings: [WeatherWarning], _ clock: TestClock) -> KioskEvent {
        .warningsFetched(
            [WarningFeedUpdate(feed: anchorageFeed, outcome: .warnings(warnings))],
            nextAsk: clock.now.wall.addingTimeInterval(86_400))
    }

    @Test func theSequencePutsAWarningsPageBeforeItsPlacesPages() {
        let pages: [Page] = [.city, .hourly, .map]
        #expect(
            slideSequence(pages: pages, cityCount: 2, warningCities: [1]) == [
                Slide(.page(.city), cityIndex: 0), Slide(.page(.hourly), cityIndex: 0),
                Slide(.warning, cityIndex: 1), Slide(.page(.city), cityIndex: 1),
                Slide(.page(.hourly), cityIndex: 1), Slide(.page(.map)),
            ])
        #expect(
            slideSequence(pages: [.map, .indoor], cityCount: 2, warningCities: [0, 1]) == [
                Slide(.warning, cityIndex: 0), Slide(.warning, cityIndex: 1),
                Slide(.page(.map)), Slide(.page(.indoor)),
            ], "without per-city pages the warnings open the round")
        #expect(
            slideSequence(pages: pages, cityCount: 2)
                == slideSequence(pages: pages, cityCount: 2, warningCities: [5]))
    }

    @Test func aSevereWarningHasAPageInTheCycleUntilItEnds() throws {
        var clock = TestClock()
        let issued = clock.now
        var state = started(clock, settings())
        _ = state.handle(
            answer([blizzard(clock, severity: .moderate, end: 3600)], clock), at: clock.now)
        #expect(!state.slides.contains(Slide(.warning, cityIndex: 1)), "moderate: the band only")
        _ = state.handle(
            answer([blizzard(clock, id: "B", severity: .severe, end: 3600)], clock), at: clock.now)
        #expect(state.slides.contains(Slide(.warning, cityIndex: 1)))
        var shown: [Slide] = []
        for _ in 0..<6 {
            _ = run(&state, &clock, for: Double(state.settings.cycleSeconds))
            shown.append(state.slide)
        }
        #expect(shown.contains(Slide(.warning, cityIndex: 1)), "it comes round: \(shown)")
        // Shown when it ends: the place's own page takes its place at its end, by the clock.
        for _ in 0..<12 where state.slide != Slide(.warning, cityIndex: 1) {
            _ = run(&state, &clock, for: Double(state.settings.cycleSeconds))
        }
        try #require(state.slide == Slide(.warning, cityIndex: 1))
        let elapsed = clock.now.monotonic.seconds(since: issued.monotonic)
        #expect(elapsed < 3600)
        let effects = run(&state, &clock, for: 3600 - elapsed + 1)
        #expect(!state.slides.contains(Slide(.warning, cityIndex: 1)))
        #expect(state.slide.kind != .warning)
        #expect(effects.contains(.render))
    }

    @Test func anExtremeWarningLightsTheNightsBlankDisplayOnItsPage() {
        var clock = TestClock(hour: 23, minute: 30)
        var state = started(clock, settings(night: Self.night))
        #expect(state.power == .off)
        let effects = state.handle(answer([blizzard(clock, end: 2 * 3600)], clock), at: clock.now)
        #expect(effects.contains(.setDisplayPower(.on)))
        #expect(effects.contains(.render))
        #expect(state.power == .on)
        #expect(state.slide == Slide(.warning, cityIndex: 1))
        // Lit while it lasts, then the night's dark again.
        #expect(!run(&state, &clock, for: 2 * 3600 - 120).contains(.setDisplayPower(.off)))
        #expect(state.power == .on)
        #expect(run(&state, &clock, for: 180).contains(.setDisplayPower(.off)))
        #expect(state.power == .off)
    }

    @Test func aPressTakesItAsSeenAndTheSameWarningDoesNotLightItAgain() {
        var clock = TestClock(hour: 23, minute: 30)
        var state = started(clock, settings(night: Self.night))
        _ = state.handle(answer([blizzard(clock)], clock), at: clock.now)
        #expect(state.power == .on)
        _ = state.handle(.action(.nextPage, from: .button), at: clock.now)
        #expect(
            run(&state, &clock, for: PowerSchedule.wakeSeconds + 1).contains(.setDisplayPower(.off))
        )
        // The next answer repeats it, then updates it: neither lights the display again.
        clock.advance(300)
        #expect(
            !state.handle(answer([blizzard(clock)], clock), at: clock.now).contains(
                .setDisplayPower(.on)))
        let update = blizzard(clock, id: "A2", references: ["A"], type: .update)
        #expect(
            !state.handle(answer([update], clock), at: clock.now).contains(.setDisplayPower(.on)))
        #expect(state.power == .off)
    }

    @Test(arguments: [
        (WarningWakeScreen.extreme, WarningSeverity.severe, WarningSource.nws, false),
        (.severe, .severe, .nws, true),
        (.none, .extreme, .nws, false),
        (.extreme, .extreme, .derived, false),
    ])
    func onlyWhatWakeScreenNamesAndOnlyOfficialWarningsLightIt(
        _ wake: WarningWakeScreen, _ severity: WarningSeverity, _ source: WarningSource,
        _ lights: Bool
    ) {
        let clock = TestClock(hour: 23, minute: 30)
        var state = started(clock, settings(night: Self.night, wake: wake))
        let effects = state.handle(
            answer([blizzard(clock, severity: severity, source: source)], clock), at: clock.now)
        #expect(effects.contains(.setDisplayPower(.on)) == lights)
        #expect(state.power == (lights ? .on : .off))
    }

    @Test func oneThatBeginsLaterLightsItAtItsOnsetAndAnOldOneByDayNever() {
        var clock = TestClock(hour: 22, minute: 0)
        var state = started(clock, settings(night: Self.night))
        // Known by day (the display on): it had its chance.
        _ = state.handle(answer([blizzard(clock, id: "day", end: 5 * 3600)], clock), at: clock.now)
        #expect(!run(&state, &clock, for: 3600 + 60).contains(.setDisplayPower(.on)))
        #expect(state.power == .off)
        // Issued at night for an hour later: dark until its onset, then lit.
        let later = blizzard(clock, id: "night", onset: 3600, end: 3 * 3600)
        _ = state.handle(
            answer([blizzard(clock, id: "day", end: 3600), later], clock), at: clock.now)
        #expect(state.power == .off)
        #expect(run(&state, &clock, for: 3601).contains(.setDisplayPower(.on)))
        #expect(state.slide == Slide(.warning, cityIndex: 1))
    }

    @Test func aDimmedNightOrARemoteOffIsLeftAlone() {
        let dim = NightWindow(from: Self.night.from, to: Self.night.to, mode: .dim)
        let clock = TestClock(hour: 23, minute: 30)
        var dimmed = started(clock, settings(night: dim))
        _ = dimmed.handle(answer([blizzard(clock)], clock), at: clock.now)
        #expect(dimmed.power == .dim)
        var remote = started(TestClock(hour: 12), settings(night: Self.night))
        _ = remote.handle(.action(.setPower(.off), from: .control), at: TestClock(hour: 12).now)
        _ = remote.handle(
            answer([blizzard(TestClock(hour: 12))], TestClock(hour: 12)),
            at: TestClock(hour: 12).now)
        #expect(remote.power == .off, "a person's own off stays")
    }
}
