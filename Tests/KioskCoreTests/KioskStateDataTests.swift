import FoundationEssentials
import KioskCore
import Testing

/// The data the reducer keeps (forecasts, indoor readings, config problems, typed notices)
/// and the decisions that used to live in the daemon: the hourly history write, reopening
/// hardware, and what a press on a blank screen does. All on a manual clock.
@Suite struct KioskStateDataTests {
    static let rome = City(
        name: "Rome", coordinate: Coordinate(latitude: 41.89, longitude: 12.51))
    static let station = Coordinate(latitude: 52.52, longitude: 13.41)

    static func configuration(night: NightWindow? = nil) -> KioskConfiguration {
        var configuration = KioskConfiguration()
        configuration.cities = [rome]
        configuration.display.pages = [.city, .indoor]
        configuration.display.night = night
        configuration.sensor.kind = .simulated
        return configuration
    }

    static func started(
        _ clock: TestClock, _ configuration: KioskConfiguration = configuration(),
        forecasts: [ForecastEntry] = []
    ) -> KioskState {
        var state = KioskState(
            settings: KioskSettings(configuration), now: clock.now, seed: 7)
        _ = state.handle(.started(restored: nil, forecasts: forecasts), at: clock.now)
        return state
    }

    static func gesture(_ button: ButtonName, _ kind: GestureKind) -> ButtonGesture {
        ButtonGesture(button, kind, at: .milliseconds(0))
    }

    static let blankNight = NightWindow(
        from: TimeOfDay(hour: 23, minute: 0), to: TimeOfDay(hour: 6, minute: 30), mode: .off)

    // MARK: Events carry their data

    @Test func forecastsComeWithTheirEventsAndReplaceTheirLocation() {
        let clock = TestClock()
        let old = cached(clock.now.wall.addingTimeInterval(-600))
        var state = Self.started(clock, forecasts: old)
        #expect(state.forecasts == old)
        #expect(state.lastForecast == old.first?.fetchedAt)
        let fresh = cached(clock.now.wall)
        _ = state.handle(
            .forecastSucceeded(fetchedAt: clock.now.wall, forecasts: fresh), at: clock.now)
        #expect(state.forecasts == fresh, "the same place is replaced, not added")
    }

    @Test func aReadingIsKeptByTheStateWithTheStationsElevation() {
        let clock = TestClock()
        var configuration = Self.configuration()
        configuration.station.latitude = Self.station.latitude
        configuration.station.longitude = Self.station.longitude
        let stationForecast = ForecastEntry(
            coordinate: Self.station, fetchedAt: clock.now.wall,
            forecast: LocationForecast(coordinate: Self.station, elevation: 34))
        var state = Self.started(clock, configuration, forecasts: [stationForecast])
        #expect(state.stationElevation == 34, "Open-Meteo's elevation for the station")
        _ = state.handle(.sensorSucceeded(indoorReading(at: clock.now.wall)), at: clock.now)
        #expect(state.indoor.latest?.temperature == Temperature(celsius: 21.5))
        #expect(state.indoor.history.samples.count == 1)
        configuration.station.elevation = 120
        _ = state.handle(.configChanged(KioskSettings(configuration)), at: clock.now)
        #expect(state.stationElevation == 120, "the config's elevation wins")
    }

    // MARK: Typed notices

    @Test func noticesAreTypedAndTheConfigsCarryItsFile() {
        let clock = TestClock()
        var state = Self.started(clock, forecasts: cached(clock.now.wall))
        _ = state.handle(.sensorFailed(message: "no answer at 0x76"), at: clock.now)
        _ = state.handle(
            .configRefused(problems: ["/k.toml, line 3: bad."], file: "/k.toml"), at: clock.now)
        let notices = state.notices(at: clock.now)
        #expect(
            notices.map(\.kind) == [
                .configRefused, .sensor(nextRetry: clock.now.wall.addingTimeInterval(5)),
            ], "the sensor's notice says when it is read again: 5 s after a first failure")
        #expect(notices.allSatisfy { $0.severity == .error })
        #expect(notices.first?.text == "Config line 3: bad — the last good config is in use")
        #expect(notices.filter(\.isAboutSensor).map(\.text) == ["no answer at 0x76"])
        #expect(state.configProblems == ["/k.toml, line 3: bad."])
        _ = state.handle(.configChanged(KioskSettings(Self.configuration())), at: clock.now)
        #expect(state.configProblems.isEmpty)
    }

    @Test func anOldForecastIsAStaleWarning() {
        var clock = TestClock()
        var state = Self.started(clock, forecasts: cached(clock.now.wall))
        clock.advance(31 * 60)
        _ = state.handle(.tick, at: clock.now)
        _ = state.handle(
            .forecastFailed(message: "offline", notBefore: nil, summary: "offline"), at: clock.now)
        let stale = state.notices(at: clock.now).first
        #expect(stale?.severity == .warning)
        guard case .staleForecast(_, _, let reason)? = stale?.kind else {
            Issue.record("no stale notice: \(String(describing: stale))")
            return
        }
        #expect(reason == "offline")
    }

    // MARK: The indoor history is written hourly

    @Test func theHistoryIsWrittenHourlyAndWhenStopping() {
        var clock = TestClock()
        var state = Self.started(clock)
        var writes = 0
        for _ in 0..<130 {
            clock.advance(60)
            let effects = state.handle(
                .sensorSucceeded(indoorReading(at: clock.now.wall)), at: clock.now)
            writes += effects.filter { if case .saveHistory = $0 { true } else { false } }.count
        }
        #expect(writes == 2, "130 minutes of readings: written at 60 and 120")
        let stopping = state.handle(.stopping, at: clock.now)
        guard case .saveHistory(let history)? = stopping.last else {
            Issue.record("stopping does not write the history: \(stopping)")
            return
        }
        #expect(history.samples.count == state.indoor.history.samples.count)
    }

    @Test func aClockSteppedBackWritesTheHistoryToo() {
        var clock = TestClock()
        var state = Self.started(clock)
        clock.advance(60)
        clock.now.wall = clock.now.wall.addingTimeInterval(-2 * 3600)
        let effects = state.handle(
            .sensorSucceeded(indoorReading(at: clock.now.wall)), at: clock.now)
        #expect(effects.contains { if case .saveHistory = $0 { true } else { false } })
    }

    // MARK: Reopening hardware

    @Test func displayAndSensorKeysReopenTheirHardwareBeforeTheFrame() {
        let clock = TestClock()
        var state = Self.started(clock)
        var configuration = Self.configuration()
        configuration.display.cycleSeconds = 30
        let unrelated = state.handle(.configChanged(KioskSettings(configuration)), at: clock.now)
        #expect(!unrelated.contains(.reopenDisplay) && !unrelated.contains(.reopenSensor))
        configuration.display.device = "/dev/fb1"
        let display = state.handle(.configChanged(KioskSettings(configuration)), at: clock.now)
        #expect(display.contains(.reopenDisplay) && !display.contains(.reopenSensor))
        let reopen = display.firstIndex(of: .reopenDisplay) ?? .max
        #expect(reopen < display.firstIndex(of: .render) ?? -1, "the new display draws the frame")
        configuration.sensor.address = 0x77
        let sensor = state.handle(.configChanged(KioskSettings(configuration)), at: clock.now)
        #expect(sensor.contains(.reopenSensor) && !sensor.contains(.reopenDisplay))
    }

    /// Settings compare as values, not as text they were once joined into: a station one
    /// metre below the sea (the Netherlands has many) is not "no elevation given", so the
    /// sensor, whose sea-level pressure depends on it, opens again.
    @Test func anElevationOfMinusOneMetreIsNotNone() {
        let clock = TestClock()
        var state = Self.started(clock)
        var configuration = Self.configuration()
        configuration.station.elevation = nil
        _ = state.handle(.configChanged(KioskSettings(configuration)), at: clock.now)
        configuration.station.elevation = -1
        let effects = state.handle(.configChanged(KioskSettings(configuration)), at: clock.now)
        #expect(effects.contains(.reopenSensor))
    }

    // MARK: A press on a blank screen only wakes it

    @Test func aPressWhileBlankedOnlyWakes() {
        let clock = TestClock(hour: 1)
        var state = Self.started(clock, Self.configuration(night: Self.blankNight))
        #expect(state.power == .off)
        let before = state.slide
        let press = state.handle(.button(Self.gesture(.next, .press)), at: clock.now)
        #expect(press.starts(with: [.setDisplayPower(.on), .render]))
        // The display is awake now, but the rest of that press still does nothing.
        _ = state.handle(.button(Self.gesture(.next, .long)), at: clock.now)
        _ = state.handle(.button(Self.gesture(.next, .short)), at: clock.now)
        _ = state.handle(.button(Self.gesture(.next, .release)), at: clock.now)
        #expect(state.slide == before)
        // The next press acts.
        _ = state.handle(.button(Self.gesture(.select, .press)), at: clock.now)
        _ = state.handle(.button(Self.gesture(.select, .short)), at: clock.now)
        #expect(state.slide.page == .indoor)
    }

    @Test func wakingOneButtonLeavesTheOthersAlone() {
        let clock = TestClock(hour: 1)
        var state = Self.started(clock, Self.configuration(night: Self.blankNight))
        _ = state.handle(.button(Self.gesture(.select, .press)), at: clock.now)
        _ = state.handle(.button(Self.gesture(.select, .repeat)), at: clock.now)
        #expect(state.slide.page == .city)
        _ = state.handle(.button(Self.gesture(.previous, .press)), at: clock.now)
        _ = state.handle(.button(Self.gesture(.previous, .short)), at: clock.now)
        _ = state.handle(.button(Self.gesture(.select, .short)), at: clock.now)
        #expect(state.slide.page == .city, "the waking select still does nothing")
        _ = state.handle(.button(Self.gesture(.select, .release)), at: clock.now)
        _ = state.handle(.button(Self.gesture(.select, .press)), at: clock.now)
        _ = state.handle(.button(Self.gesture(.select, .short)), at: clock.now)
        #expect(state.slide.page == .indoor)
    }

    @Test func aGestureWithNoActionDoesNothing() {
        let clock = TestClock()
        var state = Self.started(clock)
        let before = state.slide
        #expect(state.handle(.button(Self.gesture(.next, .long)), at: clock.now).isEmpty)
        #expect(state.handle(.button(Self.gesture(.next, .press)), at: clock.now).isEmpty)
        #expect(state.slide == before)
        #expect(state.slideCycle.pausedUntil == nil, "no action, no pause")
    }

    // MARK: The steps of a slide on a small display

    @Test func theStepsOfASlideAreTimedByTheReducer() {
        var clock = TestClock()
        var state = Self.started(clock)
        let city = state.slide
        #expect(state.handle(.slideSteps(3, for: Slide(.page(.indoor))), at: clock.now).isEmpty)
        #expect(state.handle(.slideSteps(3, for: city), at: clock.now).isEmpty, "step 0 is up")
        #expect(state.nextDeadline == clock.now.monotonic.advanced(bySeconds: 5))
        var steps: [Int] = []
        for _ in 0..<2 {
            clock.advance(5)
            #expect(state.handle(.tick, at: clock.now).contains(.render))
            steps.append(state.slideStep)
        }
        #expect(steps == [1, 2])
        #expect(state.slide == city)
        clock.advance(5)
        _ = state.handle(.tick, at: clock.now)
        #expect(state.slide != city, "after cycle_seconds the next slide comes")
        #expect(state.slideStep == 0)
        #expect(state.nextDeadline == clock.now.monotonic.advanced(bySeconds: 15))
    }

    @Test func aPausedSlideGoesRoundItsStepsAgain() {
        var clock = TestClock()
        var state = Self.started(clock)
        _ = state.handle(.action(.showCity(0), from: .control), at: clock.now)
        _ = state.handle(.slideSteps(2, for: state.slide), at: clock.now)
        var steps: [Int] = []
        for _ in 0..<4 {
            clock.advance(7.5)
            _ = state.handle(.tick, at: clock.now)
            steps.append(state.slideStep)
        }
        #expect(steps == [1, 0, 1, 0], "paused for 60 s: the two steps take turns")
    }
}
