import FoundationEssentials
import KioskCore
import Testing

private let berlin = City(
    name: "Berlin", coordinate: Coordinate(latitude: 52.52, longitude: 13.41), countryCode: "DE")
private let rome = City(
    name: "Rome", coordinate: Coordinate(latitude: 41.89, longitude: 12.51), countryCode: "IT")
private let berlinFeed = WarningFeed(source: .dwd, place: "Berlin")

/// The warnings in the reducer under the manual clock: when the services are asked, what an
/// answer changes, and what the clock alone changes (an onset, an end), with no ask.
@Suite struct WarningWatchTests {
    private func settings(night: NightWindow? = nil, enabled: Bool = true) -> KioskSettings {
        var configuration = KioskConfiguration()
        configuration.cities = [berlin, rome]
        configuration.sensor.kind = .none
        configuration.display.night = night
        configuration.warnings.enabled = enabled
        return KioskSettings(configuration)
    }

    /// A gale warning for Berlin from `onset` to `end` seconds after `clock`'s now.
    private func gale(
        _ id: String, _ clock: TestClock, onset: Double, end: Double,
        severity: WarningSeverity = .moderate, type: WarningMessageType = .alert,
        references: [String] = []
    ) -> WeatherWarning {
        WeatherWarning(
            id: id, references: references, messageType: type, place: "Berlin", source: .dwd,
            event: "gale", severity: severity, headline: "Gale \(id)",
            onset: clock.now.wall.addingTimeInterval(onset),
            ends: clock.now.wall.addingTimeInterval(end))
    }

    private func started(_ clock: TestClock, settings: KioskSettings) -> KioskState {
        var state = KioskState(settings: settings, now: clock.now, seed: 1)
        _ = state.handle(
            .started(restored: nil, forecasts: cached(clock.now.wall, for: [berlin, rome])),
            at: clock.now)
        return state
    }

    private func answer(
        _ warnings: [WeatherWarning], _ clock: TestClock, next: Double = 300
    ) -> KioskEvent {
        .warningsFetched(
            [WarningFeedUpdate(feed: berlinFeed, outcome: .warnings(warnings))],
            nextAsk: clock.now.wall.addingTimeInterval(next))
    }

    /// A service failing and then answering again is drawn at once both times: the pages
    /// name a failing service ("warnings from DWD unavailable since …"), and kept saying so
    /// until the next minute's frame after it had answered again.
    @Test func aFailureAndItsEndAreDrawnAtOnce() {
        var clock = TestClock()
        var state = started(clock, settings: settings())
        let failed = state.handle(
            .warningsFetched(
                [WarningFeedUpdate(feed: berlinFeed, outcome: .failed("Bright Sky answered 500."))],
                nextAsk: clock.now.wall.addingTimeInterval(300)),
            at: clock.now)
        #expect(failed.contains(.render))
        clock.advance(300)
        let back = state.handle(answer([], clock), at: clock.now)
        #expect(back.contains(.render))
    }

    @Test func theStartAsksOnceAndTheNextAskIsWhenTheServiceAllows() {
        var clock = TestClock()
        var state = KioskState(settings: settings(), now: clock.now, seed: 1)
        let first = state.handle(
            .started(restored: nil, forecasts: cached(clock.now.wall, for: [berlin, rome])),
            at: clock.now)
        #expect(first.contains(.fetchWarnings))
        #expect(!run(&state, &clock, for: 600).contains(.fetchWarnings), "one ask at a time")
        _ = state.handle(answer([], clock, next: 420), at: clock.now)
        #expect(!run(&state, &clock, for: 419).contains(.fetchWarnings))
        #expect(run(&state, &clock, for: 2).contains(.fetchWarnings))
    }

    @Test func switchedOffOrWithoutFavouritesNothingIsAsked() {
        var clock = TestClock()
        var state = started(clock, settings: settings(enabled: false))
        #expect(!run(&state, &clock, for: 3600).contains(.fetchWarnings))
        #expect(state.snapshotWarnings(at: clock.now).isEmpty)
    }

    @Test func aWarningShowsFromTheAnswerAndVanishesAtItsEndWithoutAnAsk() {
        var clock = TestClock()
        var state = started(clock, settings: settings())
        let effects = state.handle(
            answer([gale("A", clock, onset: 600, end: 3600)], clock, next: 7200), at: clock.now)
        #expect(effects.contains(.render), "a new warning is drawn at once")
        #expect(state.warnings(for: "Berlin", at: clock.now.wall).map(\.id) == ["A"])
        #expect(state.warnings(for: "Rome", at: clock.now.wall).isEmpty)
        // Its onset and its end are deadlines of their own: the reducer wakes for them.
        let untilOnset = run(&state, &clock, for: 601)
        #expect(untilOnset.contains(.render))
        #expect(
            state.warnings(for: "Berlin", at: clock.now.wall).first?.isInEffect(
                at: clock.now.wall) == true)
        let untilEnd = run(&state, &clock, for: 3000)
        #expect(untilEnd.contains(.render))
        #expect(!untilEnd.contains(.fetchWarnings), "gone by the clock, not by an ask")
        #expect(state.warnings(for: "Berlin", at: clock.now.wall).isEmpty)
        #expect(state.warnings.board.allWarnings(at: clock.now.wall).isEmpty)
    }

    @Test func anUpdateReplacesAndACancelRemoves() {
        var clock = TestClock()
        var state = started(clock, settings: settings())
        _ = state.handle(answer([gale("A", clock, onset: 0, end: 3600)], clock), at: clock.now)
        clock.advance(300)
        let update = gale(
            "B", clock, onset: 0, end: 7200, severity: .severe, type: .update, references: ["A"])
        let updated = state.handle(
            answer([gale("A", clock, onset: -300, end: 3300), update], clock), at: clock.now)
        #expect(updated.contains(.render))
        let shown = state.warnings(for: "Berlin", at: clock.now.wall)
        #expect(shown.map(\.id) == ["B"])
        #expect(shown.first?.severity == .severe)
        clock.advance(300)
        let cancel = gale("C", clock, onset: 0, end: 7200, type: .cancel, references: ["B"])
        _ = state.handle(answer([update, cancel], clock), at: clock.now)
        #expect(state.warnings(for: "Berlin", at: clock.now.wall).isEmpty)
    }

    @Test func aFailingSourceSaysSoAndKeepsWhatItKnew() {
        var clock = TestClock()
        var state = started(clock, settings: settings())
        _ = state.handle(answer([gale("A", clock, onset: 0, end: 3600)], clock), at: clock.now)
        clock.advance(300)
        let failed = state.handle(
            .warningsFetched(
                [WarningFeedUpdate(feed: berlinFeed, outcome: .failed("Bright Sky answered 500."))],
                nextAsk: clock.now.wall.addingTimeInterval(300)), at: clock.now)
        #expect(!failed.contains(.fetchWarnings))
        #expect(state.warnings(for: "Berlin", at: clock.now.wall).map(\.id) == ["A"])
        let failure = state.warnings.board.failures.first
        #expect(failure?.message == "Bright Sky answered 500.")
        #expect(failure?.since == clock.now.wall)
        #expect(
            failure?.summary(now: clock.now.wall, utcOffsetSeconds: 3600, clock: .twentyFourHour)
                == "warnings from DWD unavailable since 12:05")
        // The next answer clears the failure.
        clock.advance(300)
        _ = state.handle(answer([], clock), at: clock.now)
        #expect(state.warnings.board.failures.isEmpty)
        #expect(state.warnings(for: "Berlin", at: clock.now.wall).isEmpty)
    }

    @Test func aRemovedFavouriteTakesItsWarningsAlong() {
        let clock = TestClock()
        var state = started(clock, settings: settings())
        _ = state.handle(answer([gale("A", clock, onset: 0, end: 3600)], clock), at: clock.now)
        var configuration = KioskConfiguration()
        configuration.cities = [rome]
        configuration.sensor.kind = .none
        let effects = state.handle(.configChanged(KioskSettings(configuration)), at: clock.now)
        #expect(state.warnings.board.allWarnings(at: clock.now.wall).isEmpty)
        #expect(effects.contains(.render))
    }

    @Test func atNightAWarningsEndWakesNothingButIsGoneByMorning() {
        let night = NightWindow(
            from: TimeOfDay(hour: 23, minute: 0), to: TimeOfDay(hour: 6, minute: 30), mode: .off)
        var clock = TestClock(hour: 23, minute: 30)
        var state = started(clock, settings: settings(night: night))
        #expect(state.power == .off)
        _ = state.handle(
            answer([gale("A", clock, onset: 0, end: 3600)], clock, next: 86400), at: clock.now)
        let nightEffects = run(&state, &clock, for: 2 * 3600)
        #expect(!nightEffects.contains(.setDisplayPower(.on)))
        #expect(state.warnings(for: "Berlin", at: clock.now.wall).isEmpty)
        #expect(state.power == .off)
    }
}

/// The kiosk's own warnings, read from the forecast it has, for every favourite.
@Suite struct DerivedWarningWatchTests {
    @Test func aHotDayInTheForecastIsTheKiosksOwnWarningBesideTheOfficialOnes() {
        let clock = TestClock()
        var configuration = KioskConfiguration()
        configuration.cities = [rome]
        configuration.sensor.kind = .none
        var state = KioskState(settings: KioskSettings(configuration), now: clock.now, seed: 1)
        let today = LocalDateTime(clock.now.wall, utcOffsetSeconds: 0).date
        let forecast = LocationForecast(
            coordinate: rome.coordinate,
            daily: [
                DailyForecast(
                    date: today, temperatureMax: Temperature(celsius: 35),
                    temperatureMin: Temperature(celsius: 22))
            ])
        _ = state.handle(
            .started(
                restored: nil,
                forecasts: [
                    ForecastEntry(
                        coordinate: rome.coordinate, fetchedAt: clock.now.wall, forecast: forecast)
                ]), at: clock.now)
        let shown = state.warnings(for: "Rome", at: clock.now.wall)
        #expect(shown.map(\.event) == ["heat"])
        #expect(shown.first?.official == false)
        #expect(shown.first?.headline.contains("the kiosk's reading of the forecast") == true)
        // The next forecast without the heat takes it away.
        var state2 = state
        _ = state2.handle(
            .forecastSucceeded(
                fetchedAt: clock.now.wall,
                forecasts: [
                    ForecastEntry(
                        coordinate: rome.coordinate, fetchedAt: clock.now.wall,
                        forecast: LocationForecast(coordinate: rome.coordinate))
                ]), at: clock.now)
        #expect(state2.warnings(for: "Rome", at: clock.now.wall).isEmpty)
    }
}

extension KioskState {
    /// What a snapshot would list: nothing while warnings are off.
    fileprivate func snapshotWarnings(at now: KioskTime) -> [WeatherWarning] {
        settings.watchesWarnings ? warnings.shown(at: now) : []
    }
}

/// An e-paper panel draws a new, changed or ended warning of the place it shows at once,
/// not at its next planned refresh.
@Suite struct WarningPanelTests {
    @Test func aNewWarningAndItsEndAreDrawnAtOnce() {
        var kiosk = KioskStatePanelTests.Kiosk(hour: 12)
        kiosk.run(for: 120)
        let before = kiosk.refreshes.count
        let rome = KioskStatePanelTests.rome
        let warning = WeatherWarning(
            id: "heat", place: rome.name, source: .derived, event: "heat", severity: .minor,
            headline: "Heat", onset: kiosk.clock.now.wall,
            ends: kiosk.clock.now.wall.addingTimeInterval(300))
        kiosk.send(
            .warningsFetched(
                [
                    WarningFeedUpdate(
                        feed: WarningFeed(source: .derived, place: rome.name),
                        outcome: .warnings([warning]))
                ], nextAsk: kiosk.clock.now.wall.addingTimeInterval(3600)))
        #expect(kiosk.refreshes.count == before + 1, "within the 15-minute interval, at once")
        kiosk.run(for: 299)
        #expect(kiosk.refreshes.count == before + 1)
        kiosk.run(for: 31)
        #expect(kiosk.refreshes.count == before + 2, "its end, at once")
    }
}
