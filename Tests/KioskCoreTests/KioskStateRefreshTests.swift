import FoundationEssentials
import KioskCore
import Testing

/// Manual refreshes join one under way or just ended, every interaction pauses cycling, a
/// rate limit is tried again when the API's address or key changes or when forced, and a
/// switch to dim is drawn at once: all on a manual clock.
@Suite struct KioskStateRefreshTests {
    static let rome = City(
        name: "Rome", coordinate: Coordinate(latitude: 41.89, longitude: 12.51))
    static let berlin = City(
        name: "Berlin", coordinate: Coordinate(latitude: 52.52, longitude: 13.41))

    static func configuration(night: NightWindow? = nil) -> KioskConfiguration {
        var configuration = KioskConfiguration()
        configuration.cities = [rome, berlin]
        configuration.display.pages = [.city, .hourly, .indoor, .map]
        configuration.display.night = night
        configuration.sensor.kind = .none
        return configuration
    }

    /// A started kiosk whose forecast was fetched at start.
    static func started(_ clock: TestClock, night: NightWindow? = nil) -> KioskState {
        var state = KioskState(
            settings: KioskSettings(configuration(night: night)), now: clock.now, seed: 3)
        _ = state.handle(.started(restored: nil, forecasts: cached(clock.now.wall)), at: clock.now)
        return state
    }

    /// Fetches asked for by handling `event` at `clock`.
    static func fetches(_ effects: [KioskEffect]) -> Int {
        effects.filter { $0 == .fetchForecasts }.count
    }

    @Test func fiveRefreshesInARowMakeOneRequest() {
        var clock = TestClock()
        var state = Self.started(clock)
        clock.advance(5 * 60)
        var requests = 0
        for press in 0..<5 {
            requests += Self.fetches(state.handle(.action(.refresh, from: .control), at: clock.now))
            if press == 1 {
                // The fetch comes back between the second and the third refresh.
                clock.advance(2)
                requests += Self.fetches(
                    state.handle(.forecastSucceeded(fetchedAt: clock.now.wall), at: clock.now))
            }
            clock.advance(1)
        }
        #expect(requests == 1)
        #expect(state.lastRefreshRequest == .joinedRecent(secondsAgo: 3))
        // Ten seconds after the fetch ended, a refresh fetches again.
        clock.advance(7)
        let later = state.handle(.action(.refresh, from: .control), at: clock.now)
        #expect(Self.fetches(later) == 1)
        #expect(state.lastRefreshRequest == .started)
    }

    @Test func twoHundredRefreshesInSixSecondsMakeOneRequest() {
        var clock = TestClock()
        var state = Self.started(clock)
        clock.advance(60)
        var requests = 0
        for index in 0..<200 {
            requests += Self.fetches(state.handle(.action(.refresh, from: .control), at: clock.now))
            if index == 20 {
                requests += Self.fetches(
                    state.handle(.forecastSucceeded(fetchedAt: clock.now.wall), at: clock.now))
            }
            clock.advance(0.03)
        }
        #expect(requests == 1)
    }

    @Test func aRefreshWhileOneRunsDoesNotFetchAgainAfterIt() {
        var clock = TestClock()
        var state = Self.started(clock)
        clock.advance(60)
        #expect(Self.fetches(state.handle(.action(.refresh, from: .button), at: clock.now)) == 1)
        _ = state.handle(.action(.refresh, from: .button), at: clock.now)
        #expect(state.lastRefreshRequest == .joinedRunning)
        clock.advance(3)
        let done = state.handle(.forecastSucceeded(fetchedAt: clock.now.wall), at: clock.now)
        #expect(Self.fetches(done) == 0, "the refresh joined the fetch under way")
        #expect(state.secondsUntilRefresh(at: clock.now) == 15 * 60)
    }

    @Test(arguments: [ActionSource.button, .control])
    func aRefreshPausesCyclingLikeEveryInteraction(_ source: ActionSource) {
        var clock = TestClock()
        var state = Self.started(clock)
        clock.advance(20)
        let before = state.slide
        _ = state.handle(.action(.refresh, from: source), at: clock.now)
        #expect(state.slideCycle.pausedUntil == clock.now.monotonic.advanced(bySeconds: 60))
        var effects: [KioskEffect] = []
        for _ in 0..<5 {
            clock.advance(10)
            effects += state.handle(.tick, at: clock.now)
        }
        #expect(state.slide == before, "no slide change during the pause")
        clock.advance(15)
        _ = state.handle(.tick, at: clock.now)
        #expect(state.slide != before, "cycling resumes after resume_after_seconds")
    }

    @Test func aWakeUpPausesCyclingToo() {
        var clock = TestClock()
        var state = Self.started(clock)
        clock.advance(5)
        _ = state.handle(.action(.wake, from: .button), at: clock.now)
        #expect(state.slideCycle.pausedUntil != nil)
    }

    @Test func aDailyRateLimitIsTriedAgainWithANewKeyOrAddress() {
        var clock = TestClock()
        var state = Self.started(clock)
        clock.advance(15 * 60)
        #expect(Self.fetches(state.handle(.tick, at: clock.now)) == 1)
        let reset = clock.now.wall.addingTimeInterval(15 * 3600)
        _ = state.handle(
            .forecastFailed(message: "daily limit", notBefore: reset, summary: "rate limit"),
            at: clock.now)
        #expect(state.secondsUntilRefresh(at: clock.now) > 15 * 3600)
        clock.advance(60)
        // A new favourite does not lift a limit that counts the address.
        var configuration = Self.configuration()
        configuration.cities.append(
            City(name: "Oslo", coordinate: Coordinate(latitude: 59.91, longitude: 10.75)))
        #expect(
            Self.fetches(
                state.handle(.configChanged(KioskSettings(configuration)), at: clock.now)) == 0)
        // An API key does.
        configuration.forecast.apiKey = "paid-plan-key"
        let keyed = state.handle(.configChanged(KioskSettings(configuration)), at: clock.now)
        #expect(Self.fetches(keyed) == 1)
        #expect(state.refresh.rateLimitedUntil == nil)
        // And so does another API address, after the next refusal.
        clock.advance(2)
        _ = state.handle(
            .forecastFailed(message: "daily limit", notBefore: reset, summary: nil), at: clock.now)
        clock.advance(60)
        configuration.forecast.baseURL = "https://customer-api.open-meteo.com"
        let moved = state.handle(.configChanged(KioskSettings(configuration)), at: clock.now)
        #expect(Self.fetches(moved) == 1)
    }

    @Test func forceTriesOnceThroughARateLimit() {
        var clock = TestClock()
        var state = Self.started(clock)
        clock.advance(15 * 60)
        _ = state.handle(.tick, at: clock.now)
        let reset = clock.now.wall.addingTimeInterval(15 * 3600)
        _ = state.handle(.forecastFailed(message: "daily", notBefore: reset), at: clock.now)
        clock.advance(60)
        #expect(Self.fetches(state.handle(.action(.refresh, from: .control), at: clock.now)) == 0)
        #expect(
            state.lastRefreshRequest == .heldByRateLimit(until: state.refresh.rateLimitedUntil!))
        let forced = state.handle(.action(.forceRefresh, from: .control), at: clock.now)
        #expect(Self.fetches(forced) == 1)
        #expect(state.lastRefreshRequest == .started)
        // Refused again: the hold is back, and a plain refresh waits for it again.
        clock.advance(1)
        _ = state.handle(.forecastFailed(message: "daily", notBefore: reset), at: clock.now)
        clock.advance(30)
        #expect(Self.fetches(state.handle(.action(.refresh, from: .control), at: clock.now)) == 0)
        #expect(state.secondsUntilRefresh(at: clock.now) > 14 * 3600)
    }

    @Test func aForcedRefreshStillJoinsOneUnderWay() {
        var clock = TestClock()
        var state = Self.started(clock)
        clock.advance(60)
        #expect(Self.fetches(state.handle(.action(.refresh, from: .control), at: clock.now)) == 1)
        #expect(
            Self.fetches(state.handle(.action(.forceRefresh, from: .control), at: clock.now)) == 0)
        #expect(state.lastRefreshRequest == .joinedRunning)
    }

    @Test func theWaitForARetryIsCountedDownAsStatusCountsIt() {
        var clock = TestClock()
        var state = Self.started(clock)
        clock.advance(15 * 60)
        _ = state.handle(.tick, at: clock.now)
        _ = state.handle(
            .forecastFailed(message: "HTTP 500", notBefore: nil, summary: "Open-Meteo error 500"),
            at: clock.now)
        #expect(state.forecastFailureSummary == "Open-Meteo error 500")
        // The first retry is 30 s ± 20 % away: a countdown in seconds, not "now".
        let wait = state.secondsUntilRefresh(at: clock.now)
        #expect(wait >= 24 && wait <= 36)
        #expect(WeatherFormat.countdown(wait) == "\(Int(wait.rounded(.up))) s")
        // status sends the seconds rounded up; the notice counts from the same instant.
        #expect(
            WeatherFormat.countdown(Double(Int(wait.rounded(.up))))
                == WeatherFormat.countdown(wait))
        let succeeded = state.handle(.forecastSucceeded(fetchedAt: clock.now.wall), at: clock.now)
        #expect(succeeded.contains(.render))
        #expect(state.forecastFailureSummary == nil)
    }

    @Test(arguments: [
        (0.0, "now"), (0.2, "1 s"), (45, "45 s"), (59.5, "1 min"), (60, "1 min"), (61, "2 min"),
        (180, "3 min"), (180.4, "4 min"), (3660, "1 h 1 min"),
    ])
    func countdownsRoundUp(_ seconds: Double, _ text: String) {
        #expect(WeatherFormat.countdown(seconds) == text)
    }

    @Test func switchingToDimDrawsAtOnceAfterThePowerChange() {
        var clock = TestClock(hour: 22, minute: 59)
        let night = NightWindow(
            from: TimeOfDay(hour: 23, minute: 0), to: TimeOfDay(hour: 6, minute: 30), mode: .dim)
        var state = Self.started(clock, night: night)
        clock.advance(61)
        let evening = state.handle(.tick, at: clock.now)
        let dim = evening.firstIndex(of: .setDisplayPower(.dim))
        let render = evening.lastIndex(of: .render)
        #expect(dim != nil && render != nil && render! > dim!, "\(evening)")
        // Setting the night mode to dim in the config, at night, too.
        var day = TestClock(hour: 23, minute: 30)
        var lit = Self.started(day)
        day.advance(5)
        let changed = lit.handle(
            .configChanged(KioskSettings(Self.configuration(night: night))), at: day.now)
        let power = changed.firstIndex(of: .setDisplayPower(.dim))
        let frame = changed.lastIndex(of: .render)
        #expect(power != nil && frame != nil && frame! > power!, "\(changed)")
    }
}

/// After a failed attempt, a refresh is not dropped but joins the next attempt, which goes
/// out when the ten seconds since the failure have passed.
@Suite struct RefreshAfterAFailureTests {
    @Test func aRefreshRightAfterAFailureTriesAtTheEndOfTheWindow() {
        var clock = TestClock()
        var state = KioskStateRefreshTests.started(clock)
        clock.advance(15 * 60)
        #expect(KioskStateRefreshTests.fetches(state.handle(.tick, at: clock.now)) == 1)
        _ = state.handle(
            .forecastFailed(message: "HTTP 503", notBefore: nil, summary: nil), at: clock.now)
        let failedAt = clock.now.monotonic
        clock.advance(2)
        var requests = 0
        for _ in 0..<50 {
            requests += KioskStateRefreshTests.fetches(
                state.handle(.action(.refresh, from: .control), at: clock.now))
            clock.advance(0.1)
        }
        #expect(requests == 0)
        #expect(state.lastRefreshRequest == .scheduled(at: failedAt.advanced(bySeconds: 10)))
        #expect(state.refresh.due == failedAt.advanced(bySeconds: 10))
        clock.advance(failedAt.advanced(bySeconds: 10).seconds(since: clock.now.monotonic))
        #expect(KioskStateRefreshTests.fetches(state.handle(.tick, at: clock.now)) == 1)
    }
}
