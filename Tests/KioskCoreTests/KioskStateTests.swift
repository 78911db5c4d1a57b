import FoundationEssentials
import KioskCore
import Testing

/// A manual clock for the reducer: both clocks move together unless a test jumps one.
struct TestClock {
    var now: KioskTime

    /// 2026-11-22 at `hour:minute` in a zone one hour east of UTC, uptime 1000 s.
    init(hour: Int = 12, minute: Int = 0) {
        let wall = LocalDateTime(
            date: LocalDate(year: 2026, month: 11, day: 22), hour: hour, minute: minute
        )
        .instant(utcOffsetSeconds: 3600)
        now = KioskTime(monotonic: .seconds(1000), wall: wall, utcOffsetSeconds: 3600)
    }

    mutating func advance(_ seconds: Double) { now = now.advanced(bySeconds: seconds) }
}

private let rome = City(name: "Rome", coordinate: Coordinate(latitude: 41.89, longitude: 12.51))
private let berlin = City(name: "Berlin", coordinate: Coordinate(latitude: 52.52, longitude: 13.41))
private let oslo = City(name: "Oslo", coordinate: Coordinate(latitude: 59.91, longitude: 10.75))

private func settings(
    cities: [City] = [rome, berlin], pages: [Page] = [.city, .hourly, .indoor, .map],
    night: NightWindow? = nil, sensor: Bool = true
) -> KioskSettings {
    var configuration = KioskConfiguration()
    configuration.cities = cities
    configuration.display.pages = pages
    configuration.display.night = night
    configuration.sensor.kind = sensor ? .simulated : .none
    return KioskSettings(configuration)
}

private func gesture(_ button: ButtonName, _ kind: GestureKind) -> ButtonGesture {
    ButtonGesture(button, kind, at: .milliseconds(0))
}

@Suite struct SlideSequenceTests {
    @Test func theSkyPageIsShownForEachFavourite() {
        #expect(
            slideSequence(pages: [.city, .sky, .map], cityCount: 2) == [
                Slide(.page(.city), cityIndex: 0), Slide(.page(.sky), cityIndex: 0),
                Slide(.page(.city), cityIndex: 1), Slide(.page(.sky), cityIndex: 1),
                Slide(.page(.map)),
            ])
        #expect(Page.sky.isPerCity && PageKind.sky.isPerCity)
    }

    @Test func perCityPagesGoCityByCityAndOthersOncePerRound() {
        let slides = slideSequence(pages: [.city, .hourly, .indoor, .map], cityCount: 2)
        #expect(
            slides == [
                Slide(.page(.city), cityIndex: 0), Slide(.page(.hourly), cityIndex: 0),
                Slide(.page(.city), cityIndex: 1), Slide(.page(.hourly), cityIndex: 1),
                Slide(.page(.indoor)), Slide(.page(.map)),
            ])
        #expect(
            slideSequence(pages: [.indoor, .city], cityCount: 2) == [
                Slide(.page(.indoor)), Slide(.page(.city), cityIndex: 0),
                Slide(.page(.city), cityIndex: 1),
            ])
        #expect(slideSequence(pages: [.city, .map], cityCount: 0) == [Slide(.empty)])
        #expect(
            slideSequence(pages: [.map, .indoor], cityCount: 0) == [
                Slide(.empty), Slide(.page(.indoor)),
            ])
    }
}

@Suite struct KioskStateTests {
    @Test func startRendersFromCacheBeforeAnyNetworkCall() {
        var clock = TestClock()
        var state = KioskState(settings: settings(), now: clock.now, seed: 1)
        let fetched = clock.now.wall.addingTimeInterval(-5 * 60)
        let effects = state.handle(
            .started(restored: nil, forecasts: cached(fetched)), at: clock.now)
        // Nothing kept of the air quality: it is asked at once too.
        #expect(
            effects == [
                .render, .readSensor, .fetchWarnings,
                .fetchAirQuality([rome.coordinate, berlin.coordinate]),
            ])
        // The cache is 5 minutes old: the refresh comes 10 minutes from now.
        let later = run(&state, &clock, for: 9 * 60 + 50)
        #expect(!later.contains(.fetchForecasts))
        #expect(run(&state, &clock, for: 20).contains(.fetchForecasts))
    }

    /// A favourite added while the kiosk was off has nothing cached: the first frame comes
    /// from the cache, and the fetch follows at once instead of when the others' forecasts
    /// are due (issue 28 point 7: it showed "no forecast" for up to an interval).
    @Test func aFavouriteMissingFromTheCacheIsFetchedAtOnce() {
        let clock = TestClock()
        var state = KioskState(settings: settings(), now: clock.now, seed: 1)
        let fetched = clock.now.wall.addingTimeInterval(-5 * 60)
        let effects = state.handle(
            .started(restored: nil, forecasts: cached(fetched, for: [rome])), at: clock.now)
        #expect(
            effects == [
                .render, .fetchForecasts, .readSensor, .fetchWarnings,
                .fetchAirQuality([rome.coordinate, berlin.coordinate]),
            ])
    }

    @Test func withoutACacheTheFirstFrameStillComesFirst() {
        let clock = TestClock()
        var state = KioskState(settings: settings(), now: clock.now, seed: 1)
        #expect(
            state.handle(.started(restored: nil, forecasts: []), at: clock.now)
                == [
                    .render, .fetchForecasts, .readSensor, .fetchWarnings,
                    .fetchAirQuality([rome.coordinate, berlin.coordinate]),
                ])
    }

    @Test func cyclesEveryCycleSeconds() {
        var clock = TestClock()
        var state = KioskState(settings: settings(), now: clock.now, seed: 1)
        _ = state.handle(.started(restored: nil, forecasts: cached(clock.now.wall)), at: clock.now)
        var shown = [state.slide]
        for _ in 0..<6 {
            _ = run(&state, &clock, for: 15)
            shown.append(state.slide)
        }
        #expect(shown == state.slides + [state.slides[0]])
    }

    @Test func interactionPausesCyclingThenItResumes() {
        var clock = TestClock()
        var state = KioskState(settings: settings(), now: clock.now, seed: 1)
        _ = state.handle(.started(restored: nil, forecasts: cached(clock.now.wall)), at: clock.now)
        clock.advance(5)
        let effects = state.handle(.action(.nextCity, from: .button), at: clock.now)
        #expect(effects.contains(.render))
        #expect(state.slide == Slide(.page(.city), cityIndex: 1))
        // No automatic change for resume_after_seconds (60 s)…
        _ = run(&state, &clock, for: 59)
        #expect(state.slide == Slide(.page(.city), cityIndex: 1))
        // …then cycling goes on from there.
        _ = run(&state, &clock, for: 2)
        #expect(state.slide == Slide(.page(.hourly), cityIndex: 1))
    }

    @Test func navigationWrapsAndKeepsThePage() {
        let clock = TestClock()
        var state = KioskState(
            settings: settings(cities: [rome, berlin, oslo]), now: clock.now, seed: 1)
        _ = state.handle(.started(restored: nil, forecasts: cached(clock.now.wall)), at: clock.now)
        _ = state.handle(.action(.nextPage, from: .button), at: clock.now)
        #expect(state.slide == Slide(.page(.hourly), cityIndex: 0))
        _ = state.handle(.action(.previousCity, from: .button), at: clock.now)
        #expect(state.slide == Slide(.page(.hourly), cityIndex: 2))
        _ = state.handle(.action(.nextPage, from: .button), at: clock.now)
        #expect(state.slide == Slide(.page(.indoor)))
        _ = state.handle(.action(.nextCity, from: .button), at: clock.now)
        #expect(
            state.slide == Slide(.page(.city), cityIndex: 0),
            "from indoor, next city shows a city page")
        _ = state.handle(.action(.showPage(.map), from: .control), at: clock.now)
        #expect(state.slide == Slide(.page(.map)))
        _ = state.handle(.action(.showCity(1), from: .control), at: clock.now)
        #expect(state.slide == Slide(.page(.city), cityIndex: 1))
    }

    @Test func recentlyViewedNewestFirstAtMostTen() {
        let cities = (0..<12).map {
            City(name: "C\($0)", coordinate: Coordinate(latitude: Double($0), longitude: 0))
        }
        let clock = TestClock()
        var state = KioskState(settings: settings(cities: cities), now: clock.now, seed: 1)
        _ = state.handle(.started(restored: nil, forecasts: cached(clock.now.wall)), at: clock.now)
        var persisted: [PersistedKioskState] = []
        for index in [3, 5, 3, 7, 0, 1, 2, 4, 6, 8, 9, 10, 11] {
            for case .persistState(let saved) in state.handle(
                .action(.showCity(index), from: .control), at: clock.now)
            {
                persisted.append(saved)
            }
        }
        #expect(
            state.recentCities.map(\.name) == [
                "C11", "C10", "C9", "C8", "C6", "C4", "C2", "C1", "C0", "C7",
            ])
        #expect(persisted.last?.recentCities == state.recentCities)
    }

    @Test func restoresLastSlideAndRecents() {
        let clock = TestClock()
        var state = KioskState(
            settings: settings(cities: [rome, berlin, oslo]), now: clock.now, seed: 1)
        let restored = PersistedKioskState(
            lastCity: oslo, lastPage: .hourly, recentCities: [oslo, rome])
        _ = state.handle(.started(restored: restored, forecasts: []), at: clock.now)
        #expect(state.slide == Slide(.page(.hourly), cityIndex: 2))
        #expect(state.recentCities == [oslo, rome])
        #expect(
            state.handle(.stopping, at: clock.now) == [
                .persistState(restored), .saveSensorHistory(SensorHistoryArchive()),
                .saveHistory(IndoorHistory()),
            ])
    }

    @Test(arguments: [
        (22, 59, false), (23, 0, true), (3, 0, true), (6, 29, true), (6, 30, false), (12, 0, false),
    ])
    func nightWindowAcrossMidnight(hour: Int, minute: Int, blank: Bool) {
        let night = NightWindow(
            from: TimeOfDay(hour: 23, minute: 0), to: TimeOfDay(hour: 6, minute: 30), mode: .off)
        let clock = TestClock(hour: hour, minute: minute)
        var state = KioskState(settings: settings(night: night), now: clock.now, seed: 1)
        let effects = state.handle(
            .started(restored: nil, forecasts: cached(clock.now.wall)), at: clock.now)
        #expect(state.power == (blank ? .off : .on))
        #expect(effects.contains(.setDisplayPower(.off)) == blank)
    }

    @Test func nightStartsAndEndsOnTimeAndSleepsInBetween() {
        let night = NightWindow(
            from: TimeOfDay(hour: 23, minute: 0), to: TimeOfDay(hour: 6, minute: 30), mode: .off)
        var clock = TestClock(hour: 22, minute: 58)
        var state = KioskState(
            settings: settings(night: night, sensor: false), now: clock.now, seed: 1)
        _ = state.handle(.started(restored: nil, forecasts: cached(clock.now.wall)), at: clock.now)
        let evening = run(&state, &clock, for: 2 * 60 + 1)
        #expect(evening.contains(.setDisplayPower(.off)))
        #expect(state.power == .off)
        // Blank: nothing but refreshes and the end of the night wake it.
        let renders = run(&state, &clock, for: 7 * 3600).filter { $0 == .render }
        #expect(renders.isEmpty)
        #expect(state.power == .off)
        let morning = run(&state, &clock, for: 31 * 60)
        #expect(morning.starts(with: [.setDisplayPower(.on), .render]))
        #expect(state.power == .on)
    }

    @Test func aPressAtNightOnlyWakesThenNavigatesThenSleepsAgain() {
        let night = NightWindow(
            from: TimeOfDay(hour: 23, minute: 0), to: TimeOfDay(hour: 6, minute: 30), mode: .off)
        var clock = TestClock(hour: 1, minute: 0)
        var state = KioskState(settings: settings(night: night), now: clock.now, seed: 1)
        _ = state.handle(.started(restored: nil, forecasts: cached(clock.now.wall)), at: clock.now)
        let before = state.slide
        let wake = state.handle(.button(gesture(.next, .press)), at: clock.now)
        #expect(wake.starts(with: [.setDisplayPower(.on), .render]))
        _ = state.handle(.button(gesture(.next, .short)), at: clock.now)
        _ = state.handle(.button(gesture(.next, .release)), at: clock.now)
        #expect(state.slide == before, "the first press only wakes")
        clock.advance(10)
        _ = state.handle(.button(gesture(.next, .press)), at: clock.now)
        _ = state.handle(.button(gesture(.next, .short)), at: clock.now)
        #expect(state.slide != before, "a press while awake navigates")
        let back = run(&state, &clock, for: 31)
        #expect(back.contains(.setDisplayPower(.off)))
    }

    @Test func dimNightKeepsNavigationAndBrightensOnPress() {
        let night = NightWindow(
            from: TimeOfDay(hour: 23, minute: 0), to: TimeOfDay(hour: 6, minute: 30), mode: .dim)
        let clock = TestClock(hour: 2, minute: 0)
        var state = KioskState(settings: settings(night: night), now: clock.now, seed: 1)
        let start = state.handle(
            .started(restored: nil, forecasts: cached(clock.now.wall)), at: clock.now)
        #expect(start.contains(.setDisplayPower(.dim)))
        let press = state.handle(.action(.nextCity, from: .button), at: clock.now)
        #expect(press.contains(.setDisplayPower(.on)))
        #expect(state.slide.cityIndex == 1)
    }

    @Test func backoffDoublesFrom30SecondsTo30MinutesWithinJitter() {
        var clock = TestClock()
        var state = KioskState(settings: settings(sensor: false), now: clock.now, seed: 42)
        // Every favourite has a forecast to show meanwhile.
        let old = clock.now.wall.addingTimeInterval(-2 * 3600)
        _ = state.handle(
            .started(restored: nil, forecasts: cached(old, for: [rome, berlin])), at: clock.now)
        var delays: [Double] = []
        for _ in 0..<9 {
            _ = state.handle(.forecastFailed(message: "offline", notBefore: nil), at: clock.now)
            let delay = state.secondsUntilRefresh(at: clock.now)
            delays.append(delay)
            let effects = run(&state, &clock, for: delay + 0.001)
            #expect(effects.contains(.fetchForecasts))
        }
        let nominal = [30.0, 60, 120, 240, 480, 960, 1800, 1800, 1800]
        for (delay, expected) in zip(delays, nominal) {
            #expect(delay >= expected * 0.8 && delay <= expected * 1.2, "\(delay) vs \(expected)")
        }
        #expect(Set(delays.map { ($0 * 1000).rounded() }).count == delays.count, "jitter varies")
        _ = state.handle(.forecastSucceeded(fetchedAt: clock.now.wall), at: clock.now)
        #expect(state.secondsUntilRefresh(at: clock.now) == 15 * 60)
    }

    @Test func withAFavouriteWithoutAForecastTheKioskTriesAgainAtLeastEveryMinute() {
        var clock = TestClock()
        var state = KioskState(settings: settings(sensor: false), now: clock.now, seed: 42)
        // Rome is cached, Berlin has nothing to show.
        _ = state.handle(
            .started(restored: nil, forecasts: cached(clock.now.wall, for: [rome])), at: clock.now)
        var delays: [Double] = []
        for _ in 0..<9 {
            _ = state.handle(.forecastFailed(message: "offline", notBefore: nil), at: clock.now)
            let delay = state.secondsUntilRefresh(at: clock.now)
            delays.append(delay)
            #expect(run(&state, &clock, for: delay + 0.001).contains(.fetchForecasts))
        }
        #expect(delays.allSatisfy { $0 <= 60 }, "\(delays)")
        #expect(delays.first.map { $0 >= 24 } == true, "the first retry is still about 30 s")
        #expect(Set(delays.map { ($0 * 1000).rounded() }).count == delays.count, "jitter varies")
        // A rate limit still waits for its window.
        let reset = clock.now.wall.addingTimeInterval(3600)
        _ = state.handle(.forecastFailed(message: "hourly limit", notBefore: reset), at: clock.now)
        #expect(state.secondsUntilRefresh(at: clock.now) > 3600)
    }

    @Test func rateLimitWaitsForTheWindowAndRefreshCannotJumpIt() {
        let clock = TestClock()
        var state = KioskState(settings: settings(sensor: false), now: clock.now, seed: 7)
        _ = state.handle(.started(restored: nil, forecasts: []), at: clock.now)
        let reset = clock.now.wall.addingTimeInterval(3600)
        _ = state.handle(.forecastFailed(message: "hourly limit", notBefore: reset), at: clock.now)
        let wait = state.secondsUntilRefresh(at: clock.now)
        #expect(wait > 3600 && wait <= 3600 + 60)
        _ = state.handle(.action(.refresh, from: .control), at: clock.now)
        #expect(state.secondsUntilRefresh(at: clock.now) == wait)
        // Adding a city does not break the limit either.
        _ = state.handle(
            .configChanged(settings(cities: [rome, berlin, oslo], sensor: false)), at: clock.now)
        #expect(state.secondsUntilRefresh(at: clock.now) == wait)
    }

    @Test func manualRefreshAndNewCitiesFetchAtOnce() {
        var clock = TestClock()
        var state = KioskState(settings: settings(sensor: false), now: clock.now, seed: 1)
        _ = state.handle(.started(restored: nil, forecasts: cached(clock.now.wall)), at: clock.now)
        clock.advance(60)
        #expect(
            state.handle(.action(.refresh, from: .button), at: clock.now).contains(.fetchForecasts))
        _ = state.handle(.forecastSucceeded(fetchedAt: clock.now.wall), at: clock.now)
        clock.advance(60)
        let changed = state.handle(
            .configChanged(settings(cities: [rome, berlin, oslo], sensor: false)), at: clock.now)
        #expect(changed.contains(.fetchForecasts))
        // A city added while that fetch runs gets a fetch of its own right after.
        _ = state.handle(
            .configChanged(settings(cities: [rome, oslo], sensor: false)), at: clock.now)
        clock.advance(1)
        #expect(
            state.handle(.forecastSucceeded(fetchedAt: clock.now.wall), at: clock.now).contains(
                .fetchForecasts))
    }

    @Test func newUnitsFetchAgain() {
        var clock = TestClock()
        var state = KioskState(settings: settings(sensor: false), now: clock.now, seed: 1)
        _ = state.handle(.started(restored: nil, forecasts: cached(clock.now.wall)), at: clock.now)
        clock.advance(60)
        var configuration = KioskConfiguration()
        configuration.cities = [rome, berlin]
        configuration.sensor.kind = .none
        configuration.units.temperature = .fahrenheit
        #expect(
            state.handle(.configChanged(KioskSettings(configuration)), at: clock.now).contains(
                .fetchForecasts))
        configuration.display.cycleSeconds = 30
        _ = state.handle(.forecastSucceeded(fetchedAt: clock.now.wall), at: clock.now)
        #expect(
            !state.handle(.configChanged(KioskSettings(configuration)), at: clock.now).contains(
                .fetchForecasts),
            "a change that does not touch the forecast fetches nothing")
    }

    @Test func staleAfterTwiceTheRefreshInterval() {
        var clock = TestClock()
        var state = KioskState(settings: settings(sensor: false), now: clock.now, seed: 1)
        _ = state.handle(.started(restored: nil, forecasts: cached(clock.now.wall)), at: clock.now)
        clock.advance(29 * 60)
        #expect(!state.isStale(at: clock.now))
        clock.advance(2 * 60)
        #expect(state.isStale(at: clock.now))
        var fresh = KioskState(settings: settings(sensor: false), now: clock.now, seed: 1)
        _ = fresh.handle(.started(restored: nil, forecasts: []), at: clock.now)
        #expect(!fresh.isStale(at: clock.now), "nothing tried yet")
        _ = fresh.handle(.forecastFailed(message: "offline", notBefore: nil), at: clock.now)
        #expect(fresh.isStale(at: clock.now))
    }

    @Test func sensorPollsAndRetriesFasterAfterFailures() {
        var clock = TestClock()
        var state = KioskState(settings: settings(), now: clock.now, seed: 1)
        _ = state.handle(.started(restored: nil, forecasts: cached(clock.now.wall)), at: clock.now)
        _ = state.handle(.sensorFailed(message: "no answer at 0x76"), at: clock.now)
        #expect(state.sensorError == "no answer at 0x76")
        var waits: [Double] = []
        for _ in 0..<6 {
            let due = state.nextSensorRead.seconds(since: clock.now.monotonic)
            waits.append(due)
            #expect(run(&state, &clock, for: due).contains(.readSensor))
            _ = state.handle(.sensorFailed(message: "no answer at 0x76"), at: clock.now)
        }
        #expect(waits == [5, 10, 20, 40, 60, 60])
        let recovered = state.handle(
            .sensorSucceeded(indoorReading(at: clock.now.wall)), at: clock.now)
        #expect(recovered.contains(.render))
        #expect(state.sensorError == nil)
        #expect(state.nextSensorRead.seconds(since: clock.now.monotonic) == 60)
    }

    @Test func configRejectedIsShownUntilAGoodOneArrives() {
        let clock = TestClock()
        var state = KioskState(settings: settings(), now: clock.now, seed: 1)
        _ = state.handle(.started(restored: nil, forecasts: cached(clock.now.wall)), at: clock.now)
        #expect(
            state.handle(
                .configRefused(problems: ["line 3: bad"], file: "kiosk.toml"), at: clock.now
            ).contains(.render))
        #expect(state.configError == "line 3: bad")
        _ = state.handle(.configChanged(settings()), at: clock.now)
        #expect(state.configError == nil)
    }

    @Test func removingTheShownCityMovesToAnExistingOne() {
        let clock = TestClock()
        var state = KioskState(
            settings: settings(cities: [rome, berlin, oslo]), now: clock.now, seed: 1)
        _ = state.handle(.started(restored: nil, forecasts: cached(clock.now.wall)), at: clock.now)
        _ = state.handle(.action(.showCity(2), from: .control), at: clock.now)
        _ = state.handle(.configChanged(settings(cities: [oslo, rome])), at: clock.now)
        #expect(
            state.slide == Slide(.page(.city), cityIndex: 0),
            "Oslo moved to position 1 and stays shown")
        _ = state.handle(.configChanged(settings(cities: [rome])), at: clock.now)
        #expect(state.slide.cityIndex == 0)
        _ = state.handle(.configChanged(settings(cities: [])), at: clock.now)
        #expect(state.slide == Slide(.empty))
    }

    @Test func wallClockJumpsDoNotDisturbTimers() {
        var clock = TestClock()
        var state = KioskState(settings: settings(sensor: false), now: clock.now, seed: 1)
        _ = state.handle(.started(restored: nil, forecasts: cached(clock.now.wall)), at: clock.now)
        let first = state.slide
        // NTP sets the clock a day forward one second after boot.
        clock.now.wall = clock.now.wall.addingTimeInterval(86_400)
        clock.advance(1)
        _ = state.handle(.tick, at: clock.now)
        #expect(state.slide == first, "the cycle runs on the monotonic clock")
        #expect(state.isStale(at: clock.now), "the data is now a day old by the wall clock")
    }
}
