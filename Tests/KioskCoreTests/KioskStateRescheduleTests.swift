import FoundationEssentials
import KioskCore
import Testing

/// A changed interval counts from the change, not from the old schedule: `config set
/// display.cycle_seconds 5` on a kiosk that cycled hourly shows the next slide at once. And a
/// kiosk with nothing to fetch (no favourites, no station) fetches nothing and says so,
/// instead of a fetch of no places that counts as a forecast. All on a manual clock.
@Suite struct KioskStateRescheduleTests {
    static let rome = City(name: "Rome", coordinate: Coordinate(latitude: 41.89, longitude: 12.51))
    static let oslo = City(name: "Oslo", coordinate: Coordinate(latitude: 59.91, longitude: 10.75))

    static func configuration(
        cities: [City] = [rome, oslo], cycle: Int = 15, sensorInterval: Int = 60,
        refreshMinutes: Int = 15, resumeAfter: Int = 60
    ) -> KioskConfiguration {
        var configuration = KioskConfiguration()
        configuration.cities = cities
        configuration.display.pages = [.city, .hourly, .indoor, .map]
        configuration.display.cycleSeconds = cycle
        configuration.display.resumeAfterSeconds = resumeAfter
        configuration.sensor.kind = .simulated
        configuration.sensor.intervalSeconds = sensorInterval
        configuration.forecast.refreshMinutes = refreshMinutes
        return configuration
    }

    /// A started kiosk on `configuration` whose forecast was fetched at start.
    static func started(_ configuration: KioskConfiguration, _ clock: TestClock) -> KioskState {
        var state = KioskState(settings: KioskSettings(configuration), now: clock.now, seed: 5)
        _ = state.handle(
            .started(restored: nil, forecasts: cached(clock.now.wall, for: configuration.cities)),
            at: clock.now)
        return state
    }

    @Test func aShorterCycleShowsTheNextSlideAtOnce() {
        var clock = TestClock()
        var state = Self.started(Self.configuration(cycle: 3600), clock)
        let first = state.slide
        _ = run(&state, &clock, for: 20)
        #expect(state.slide == first)
        let effects = state.handle(
            .configChanged(KioskSettings(Self.configuration(cycle: 5))), at: clock.now)
        // The slide has been up 20 s, longer than the new 5 s: the next one comes now.
        #expect(effects.contains(.render))
        #expect(state.slide != first)
        // From then on every 5 s.
        let second = state.slide
        _ = run(&state, &clock, for: 4.9)
        #expect(state.slide == second)
        _ = run(&state, &clock, for: 0.2)
        #expect(state.slide != second)
    }

    @Test func aLongerCycleKeepsTheSlideForTheNewTime() {
        var clock = TestClock()
        var state = Self.started(Self.configuration(cycle: 15), clock)
        let first = state.slide
        _ = run(&state, &clock, for: 10)
        _ = state.handle(
            .configChanged(KioskSettings(Self.configuration(cycle: 120))), at: clock.now)
        // Up 10 s of its new 120: the next slide comes 110 s from now.
        _ = run(&state, &clock, for: 109)
        #expect(state.slide == first)
        _ = run(&state, &clock, for: 2)
        #expect(state.slide != first)
    }

    @Test func aShorterPauseAfterAPressResumesCyclingAtOnce() {
        var clock = TestClock()
        var state = Self.started(Self.configuration(resumeAfter: 3600), clock)
        _ = state.handle(.action(.nextCity, from: .control), at: clock.now)
        let chosen = state.slide
        _ = run(&state, &clock, for: 30)
        #expect(state.slide == chosen)
        _ = state.handle(
            .configChanged(KioskSettings(Self.configuration(resumeAfter: 10))), at: clock.now)
        _ = run(&state, &clock, for: 0)
        #expect(state.slideCycle.pausedUntil == nil)
        #expect(state.slide != chosen)
    }

    @Test func aShorterSensorIntervalReadsAtTheNewTime() {
        var clock = TestClock()
        var state = Self.started(Self.configuration(sensorInterval: 3600), clock)
        _ = state.handle(.sensorSucceeded(indoorReading(at: clock.now.wall)), at: clock.now)
        _ = run(&state, &clock, for: 20)
        _ = state.handle(
            .configChanged(KioskSettings(Self.configuration(sensorInterval: 30))), at: clock.now)
        // The last reading was 20 s ago: the next comes 10 s from now, not in an hour.
        #expect(state.nextSensorRead == clock.now.monotonic.advanced(bySeconds: 10))
        #expect(!run(&state, &clock, for: 9.9).contains(.readSensor))
        #expect(run(&state, &clock, for: 0.2).contains(.readSensor))
    }

    @Test func aSensorRetryAfterAFailureKeepsItsBackOffUnderTheNewInterval() {
        let clock = TestClock()
        var state = Self.started(Self.configuration(sensorInterval: 60), clock)
        // Three failures: the next retry is 20 s away.
        for _ in 0..<3 {
            _ = state.handle(.sensorFailed(message: "no answer at 0x76"), at: clock.now)
        }
        #expect(state.nextSensorRead == clock.now.monotonic.advanced(bySeconds: 20))
        _ = state.handle(
            .configChanged(KioskSettings(Self.configuration(sensorInterval: 8))), at: clock.now)
        // Never longer than the interval: 8 s.
        #expect(state.nextSensorRead == clock.now.monotonic.advanced(bySeconds: 8))
    }

    @Test func aShorterRefreshIntervalFetchesWhenTheNewOneHasPassed() {
        var clock = TestClock()
        var state = Self.started(Self.configuration(refreshMinutes: 60), clock)
        _ = run(&state, &clock, for: 10 * 60)
        let effects = state.handle(
            .configChanged(KioskSettings(Self.configuration(refreshMinutes: 5))), at: clock.now)
        #expect(effects.contains(.fetchForecasts))
    }

    // MARK: Nothing to fetch

    @Test func withoutFavouritesOrAStationNothingIsFetchedOrCountedAsFetched() {
        var clock = TestClock()
        let configuration = Self.configuration(cities: [])
        var state = KioskState(settings: KioskSettings(configuration), now: clock.now, seed: 5)
        let start = state.handle(.started(restored: nil, forecasts: []), at: clock.now)
        #expect(!start.contains(.fetchForecasts))
        #expect(!run(&state, &clock, for: 3600).contains(.fetchForecasts))
        #expect(state.lastForecast == nil)
        #expect(!state.isStale(at: clock.now))
        // A refresh asked for says there is nothing to fetch.
        let asked = state.handle(.action(.refresh, from: .control), at: clock.now)
        #expect(!asked.contains(.fetchForecasts))
        #expect(state.lastRefreshRequest == .nothingToFetch)
        // The first favourite is fetched at once.
        var withRome = configuration
        withRome.cities = [Self.rome]
        let added = state.handle(.configChanged(KioskSettings(withRome)), at: clock.now)
        #expect(added.contains(.fetchForecasts))
    }

    @Test func aStationAloneIsFetched() {
        let clock = TestClock()
        var configuration = Self.configuration(cities: [])
        configuration.station.latitude = 52.52
        configuration.station.longitude = 13.41
        var state = KioskState(settings: KioskSettings(configuration), now: clock.now, seed: 5)
        #expect(
            state.handle(.started(restored: nil, forecasts: []), at: clock.now).contains(
                .fetchForecasts))
    }
}
