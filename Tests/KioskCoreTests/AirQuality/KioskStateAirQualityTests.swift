import FoundationEssentials
import KioskCore
import Testing

/// The air quality in the reducer on a manual clock: one batched request for every
/// favourite at most hourly, at this kiosk's slots; back-off after a failure; the last good
/// answer shown until it is three hours old; what was kept restored without a request; and
/// each favourite's index scale by its country unless `units.aqi` says.
@Suite struct KioskStateAirQualityTests {
    static let rome = City(
        name: "Rome", country: "Italy",
        coordinate: Coordinate(latitude: 41.89, longitude: 12.51))
    static let denver = City(
        name: "Denver", country: "United States",
        coordinate: Coordinate(latitude: 39.74, longitude: -104.98))
    static let seed = "kiosk-under-test"

    static func configuration() -> KioskConfiguration {
        var configuration = KioskConfiguration()
        configuration.cities = [rome, denver]
        configuration.display.pages = [.city]
        configuration.sensor.kind = .none
        configuration.warnings.enabled = false
        return configuration
    }

    static func newState(_ clock: TestClock, _ configuration: KioskConfiguration = configuration())
        -> KioskState
    {
        KioskState(
            settings: KioskSettings(configuration), now: clock.now, seed: 7, scheduleSeed: seed)
    }

    /// An answer for `cities` at `clock`'s time: European AQI `index`, US AQI twice it.
    static func answer(_ cities: [City], index: Double, at clock: TestClock) -> [AirQualityEntry] {
        cities.map { city in
            AirQualityEntry(
                coordinate: city.coordinate, fetchedAt: clock.now.wall,
                forecast: AirQualityForecast(
                    coordinate: city.coordinate,
                    current: AirQualityConditions(
                        time: clock.now.wall, europeanAQI: index, usAQI: index * 2)))
        }
    }

    static func requests(_ effects: [KioskEffect]) -> [[Coordinate]] {
        effects.compactMap { if case .fetchAirQuality(let places) = $0 { places } else { nil } }
    }

    /// Starts `state` with forecasts cached now (so no forecast is due) and returns the
    /// start's effects.
    static func start(_ state: inout KioskState, _ clock: TestClock, kept: [AirQualityEntry] = [])
        -> [KioskEffect]
    {
        state.handle(
            [
                .airQualityRestored(kept),
                .started(restored: nil, forecasts: cached(clock.now.wall, for: [rome, denver])),
            ], at: clock.now)
    }

    @Test func everyFavouriteIsAskedInOneRequestAtTheStartThenAtMostHourlyAtTheSlots() {
        var clock = TestClock()
        var state = Self.newState(clock)
        let first = Self.requests(Self.start(&state, clock))
        #expect(first == [[Self.rome.coordinate, Self.denver.coordinate]])
        clock.advance(2)
        _ = state.handle(
            .airQualityFetched(Self.answer([Self.rome, Self.denver], index: 30, at: clock)),
            at: clock.now)
        // Six hours, the answers coming back two seconds after each ask.
        var asks: [Date] = [clock.now.wall.addingTimeInterval(-2)]
        let end = clock.now.monotonic.advanced(bySeconds: 6 * 3600)
        while let deadline = state.nextDeadline, deadline <= end {
            clock.advance(max(0, deadline.seconds(since: clock.now.monotonic)))
            let effects = state.handle(.tick, at: clock.now)
            guard !Self.requests(effects).isEmpty else { continue }
            #expect(Self.requests(effects) == [[Self.rome.coordinate, Self.denver.coordinate]])
            asks.append(clock.now.wall)
            clock.advance(2)
            _ = state.handle(
                .airQualityFetched(Self.answer([Self.rome, Self.denver], index: 30, at: clock)),
                at: clock.now)
        }
        let schedule = RequestSchedule(interval: 3600, seed: Self.seed + "/air-quality")
        #expect(asks.count >= 5 && asks.count <= 6, "asked at \(asks)")
        for (earlier, later) in zip(asks, asks.dropFirst()) {
            #expect(later.timeIntervalSince(earlier) >= 3600 - 2)
            #expect(later == schedule.nextSlot(atOrAfter: later), "off the slots: \(later)")
        }
    }

    @Test func theIntervalIsTheForecastsWhenThatIsLongerThanAnHour() {
        var configuration = Self.configuration()
        configuration.forecast.refreshMinutes = 180
        let clock = TestClock()
        let state = Self.newState(clock, configuration)
        #expect(state.airQuality.schedule.interval == 3 * 3600)
        configuration.forecast.refreshMinutes = 15
        #expect(Self.newState(clock, configuration).airQuality.schedule.interval == 3600)
    }

    @Test func aFailureBacksOffAsTheForecastDoesAndKeepsWhatWasShownUntilStale() {
        var clock = TestClock()
        var state = Self.newState(clock)
        _ = Self.start(&state, clock)
        _ = state.handle(
            .airQualityFetched(Self.answer([Self.rome, Self.denver], index: 30, at: clock)),
            at: clock.now)
        let fetched = clock.now.wall
        // Up to the next slot, then every ask fails.
        var asks: [Double] = []
        var effects: [KioskEffect] = []
        let end = clock.now.monotonic.advanced(bySeconds: 4 * 3600)
        while let deadline = state.nextDeadline, deadline <= end {
            clock.advance(max(0, deadline.seconds(since: clock.now.monotonic)))
            effects = state.handle(.tick, at: clock.now)
            guard !Self.requests(effects).isEmpty else { continue }
            asks.append(clock.now.wall.timeIntervalSince(fetched))
            _ = state.handle(
                .airQualityFailed(
                    message:
                        "The air quality from http://127.0.0.1:9/v1/air-quality could not be had: refused.",
                    notBefore: nil), at: clock.now)
            let age = clock.now.wall.timeIntervalSince(fetched)
            let shown = state.airQuality(for: Self.rome, at: clock.now.wall)
            #expect((shown != nil) == (age <= AirQualityWatch.staleSeconds), "at \(age) s")
        }
        // The first retry 30 s (±20 %) after the first failure, then doubling to 30 minutes.
        let gaps = zip(asks, asks.dropFirst()).map { $1 - $0 }
        #expect(gaps.count > 5)
        #expect(gaps.first.map { $0 >= 24 && $0 <= 36 } == true, "gaps \(gaps)")
        #expect(gaps.allSatisfy { $0 <= 36 * 60 })
        #expect(gaps.last.map { $0 >= 24 * 60 } == true, "gaps \(gaps)")
        #expect(state.airQuality.failures == asks.count)
        #expect(state.airQuality.error?.contains("http://127.0.0.1:9/v1/air-quality") == true)
        // Past three hours the index is gone from the pages.
        #expect(
            state.airQuality(for: Self.rome, at: fetched.addingTimeInterval(3 * 3600 + 1)) == nil)
        #expect(
            state.airQuality(for: Self.rome, at: fetched.addingTimeInterval(3 * 3600 - 1)) != nil)
    }

    @Test func aRateLimitWaitsForItsWindow() {
        var clock = TestClock()
        var state = Self.newState(clock)
        _ = Self.start(&state, clock)
        let reset = clock.now.wall.addingTimeInterval(600)
        _ = state.handle(.airQualityFailed(message: "limited", notBefore: reset), at: clock.now)
        let effects = run(&state, &clock, for: 599)
        #expect(Self.requests(effects).isEmpty)
        #expect(Self.requests(run(&state, &clock, for: 120)).count == 1)
    }

    @Test func anAnswerIsKeptInTheStateDirectoryAndRestoredWithoutARequest() {
        var clock = TestClock()
        var state = Self.newState(clock)
        _ = Self.start(&state, clock)
        let answer = Self.answer([Self.rome, Self.denver], index: 44, at: clock)
        let effects = state.handle(.airQualityFetched(answer), at: clock.now)
        #expect(effects.contains(.storeAirQuality(answer)))
        #expect(effects.contains(.render))
        // Restarted twenty minutes later with what was kept: shown at once, nothing asked
        // before the next slot an hour after it.
        clock.advance(20 * 60)
        var restarted = Self.newState(clock)
        let start = Self.start(&restarted, clock, kept: answer)
        #expect(Self.requests(start).isEmpty)
        #expect(
            restarted.airQuality(for: Self.rome, at: clock.now.wall)?.current?.europeanAQI == 44)
        let untilNext = run(&restarted, &clock, for: 40 * 60 - 5)
        #expect(Self.requests(untilNext).isEmpty)
        #expect(Self.requests(run(&restarted, &clock, for: 3600 + 10)).count == 1)
    }

    @Test func whatWasKeptAnHourAgoOrMoreIsAskedAgainAtOnce() {
        var clock = TestClock()
        let old = Self.answer([Self.rome, Self.denver], index: 44, at: clock)
        clock.advance(3700)
        var state = Self.newState(clock)
        #expect(Self.requests(Self.start(&state, clock, kept: old)).count == 1)
        #expect(state.airQuality(for: Self.rome, at: clock.now.wall) != nil)
    }

    @Test func anotherFavouriteOrAddressAsksAgainButTheScaleAsksNothing() {
        var clock = TestClock()
        var state = Self.newState(clock)
        _ = Self.start(&state, clock)
        _ = state.handle(
            .airQualityFetched(Self.answer([Self.rome, Self.denver], index: 30, at: clock)),
            at: clock.now)
        clock.advance(60)
        var configuration = Self.configuration()
        configuration.units.aqi = .us
        #expect(
            Self.requests(state.handle(.configChanged(KioskSettings(configuration)), at: clock.now))
                .isEmpty)
        configuration.forecast.airQualityURL = "http://127.0.0.1:8080"
        #expect(
            Self.requests(state.handle(.configChanged(KioskSettings(configuration)), at: clock.now))
                .count == 1)
        _ = state.handle(
            .airQualityFetched(Self.answer([Self.rome, Self.denver], index: 30, at: clock)),
            at: clock.now)
        clock.advance(60)
        // A favourite removed asks nothing; its entry goes.
        configuration.cities = [Self.rome]
        #expect(
            Self.requests(state.handle(.configChanged(KioskSettings(configuration)), at: clock.now))
                .isEmpty)
        #expect(state.airQuality.entries.count == 1)
        let oslo = City(name: "Oslo", coordinate: Coordinate(latitude: 59.91, longitude: 10.75))
        configuration.cities = [Self.rome, oslo]
        #expect(
            Self.requests(state.handle(.configChanged(KioskSettings(configuration)), at: clock.now))
                == [[Self.rome.coordinate, oslo.coordinate]])
    }

    @Test func withoutFavouritesNothingIsAsked() {
        var configuration = Self.configuration()
        configuration.cities = []
        var clock = TestClock()
        var state = Self.newState(clock, configuration)
        _ = state.handle(.started(restored: nil, forecasts: []), at: clock.now)
        #expect(Self.requests(run(&state, &clock, for: 7200)).isEmpty)
    }

    @Test func eachFavouriteReadsItsCountrysScaleUnlessUnitsAQISaysOtherwise() {
        var units = Units()
        #expect(units.aqiScale(for: Self.rome) == .european)
        #expect(units.aqiScale(for: Self.denver) == .us)
        let sanJuan = City(
            name: "San Juan", country: "Puerto Rico",
            coordinate: Coordinate(latitude: 18.47, longitude: -66.11))
        #expect(units.aqiScale(for: sanJuan) == .us)
        units.aqi = .european
        #expect(units.aqiScale(for: Self.denver) == .european)
        units.aqi = .us
        #expect(units.aqiScale(for: Self.rome) == .us)
    }
}

extension KioskStateAirQualityTests {
    @Test func aFavouritesCountryCodeDecidesItsScaleBeforeItsCountrysName() {
        let guam = City(
            name: "Hagåtña", country: "Guåhan",
            coordinate: Coordinate(latitude: 13.47, longitude: 144.75),
            countryCode: "GU")
        #expect(Units().aqiScale(for: guam) == .us)
        let paris = City(
            name: "Paris", country: "Frankreich",
            coordinate: Coordinate(latitude: 48.85, longitude: 2.35),
            countryCode: "FR")
        #expect(Units().aqiScale(for: paris) == .european)
    }
}
