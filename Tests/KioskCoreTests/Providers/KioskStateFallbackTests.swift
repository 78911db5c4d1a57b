import FoundationEssentials
import KioskCore
import Testing

/// The reducer's fallback to MET Norway, on a manual clock: which of Open-Meteo's failures
/// switch a place, the asks at the times MET Norway's terms allow, its answers kept with
/// their validators (across a restart too), the switch back, `fallback = none`, the notice.
@Suite struct KioskStateFallbackTests {
    static let rome = City(
        name: "Rome", coordinate: Coordinate(latitude: 41.89, longitude: 12.51),
        timezone: "Europe/Rome")
    static let berlin = City(
        name: "Berlin", coordinate: Coordinate(latitude: 52.52, longitude: 13.41))

    static func configuration(fallback: ForecastFallback = .metNorway) -> KioskConfiguration {
        var configuration = KioskConfiguration()
        configuration.cities = [rome, berlin]
        configuration.display.pages = [.city, .hourly]
        configuration.sensor.kind = .none
        configuration.warnings.enabled = false
        configuration.forecast.fallback = fallback
        return configuration
    }

    /// A kiosk started with the forecasts `cache` holds, `cacheAge` seconds old (none for
    /// nil): an hour old is stale with the 15-minute refresh.
    static func started(
        _ clock: TestClock, cacheAge: Double? = 3600, fallback: ForecastFallback = .metNorway,
        cache: [ForecastEntry]? = nil
    ) -> KioskState {
        var state = KioskState(
            settings: KioskSettings(configuration(fallback: fallback)), now: clock.now, seed: 3,
            scheduleSeed: "kitchen")
        let forecasts =
            cache
            ?? cacheAge.map { cached(clock.now.wall.addingTimeInterval(-$0), for: [rome, berlin]) }
            ?? []
        _ = state.handle(.started(restored: nil, forecasts: forecasts), at: clock.now)
        return state
    }

    static func failure(_ kind: ForecastFailure.Kind, summary: String = "Open-Meteo error 503")
        -> ForecastFailure
    {
        ForecastFailure(
            kind: kind, provider: .openMeteo,
            message: "Open-Meteo (https://api.open-meteo.com) failed.", summary: summary)
    }

    static func failed(_ failure: ForecastFailure) -> KioskEvent {
        .forecastFailed(
            message: failure.message, notBefore: nil, summary: failure.summary, failure: failure)
    }

    static func fallbackQueries(_ effects: [KioskEffect]) -> [ForecastQuery] {
        effects.compactMap {
            if case .fetchFallback(let query) = $0 { return query }
            return nil
        }
    }

    static func stored(_ effects: [KioskEffect]) -> [ForecastEntry] {
        effects.flatMap {
            if case .storeForecasts(let entries) = $0 { return entries }
            return [ForecastEntry]()
        }
    }

    /// MET Norway's forecast for `place`: 7.5 °C now.
    static func metForecast(_ place: Coordinate, at time: Date) -> LocationForecast {
        var forecast = LocationForecast(coordinate: place)
        forecast.current = CurrentConditions(time: time, temperature: Temperature(celsius: 7.5))
        return forecast
    }

    static func answer(
        _ query: ForecastQuery, at time: Date, validity: ConditionalRequest
    ) -> ForecastAnswer {
        ForecastAnswer(
            provider: .metNorway,
            outcomes: query.places.map {
                .forecast(metForecast($0.coordinate, at: time), validity: validity)
            })
    }

    static func validity(at time: Date) -> ConditionalRequest {
        ConditionalRequest(
            lastModified: "Tue, 14 Apr 2026 10:02:11 GMT",
            freshUntil: time.addingTimeInterval(31 * 60))
    }

    static let switching: [ForecastFailure.Kind] = [
        .unreachable(.connectionFailed), .unreachable(.timedOut), .unreachable(.incomplete),
        .serverError(status: 503), .serverError(status: 500), .rateLimited(daily: true),
        .malformed,
    ]

    @Test(arguments: switching)
    func aFailureThatWarrantsItAsksMETNorwayForEveryPlaceWithNothingFresh(
        kind: ForecastFailure.Kind
    ) throws {
        let clock = TestClock(hour: 10, minute: 7)
        var state = Self.started(clock)
        let effects = state.handle(Self.failed(Self.failure(kind)), at: clock.now)
        let query = try #require(Self.fallbackQueries(effects).first)
        #expect(query.places.map(\.coordinate) == [Self.rome.coordinate, Self.berlin.coordinate])
        #expect(query.places.allSatisfy { $0.validity == ConditionalRequest() })
        #expect(query.places.first?.timezone == "Europe/Rome")
        #expect(state.fallback.place(Self.rome.coordinate)?.state.isSwitched == true)
        #expect(
            state.notices(at: clock.now).contains {
                $0.kind == .providerFallback
                    && $0.text == "Open-Meteo error 503 · asking MET Norway"
            })
        // One ask at a time: nothing more while it is under way.
        #expect(Self.fallbackQueries(state.handle(.tick, at: clock.now)).isEmpty)
    }

    static let staying: [ForecastFailure.Kind] = [
        .rejected(status: 400), .cancelled, .unreachable(.cancelled), .rateLimited(daily: false),
        .refused(status: 403),
    ]

    @Test(arguments: staying)
    func otherFailuresDoNotSwitch(kind: ForecastFailure.Kind) {
        var clock = TestClock(hour: 10, minute: 7)
        var state = Self.started(clock)
        var effects = state.handle(Self.failed(Self.failure(kind)), at: clock.now)
        effects += run(&state, &clock, for: 3600)
        #expect(Self.fallbackQueries(effects).isEmpty)
        #expect(!state.fallback.anySwitched)
        #expect(!state.notices(at: clock.now).contains { $0.kind == .providerFallback })
    }

    @Test func aFreshCacheKeepsThePlacesOnOpenMeteo() {
        var clock = TestClock(hour: 10, minute: 7)
        var state = Self.started(clock, cacheAge: 5 * 60)
        let effects =
            state.handle(Self.failed(Self.failure(.serverError(status: 503))), at: clock.now)
            + run(&state, &clock, for: 60)
        #expect(Self.fallbackQueries(effects).isEmpty)
        #expect(!state.fallback.anySwitched)
    }

    @Test func onlyThePlaceWithNothingFreshSwitchesAndItsPageSaysSo() throws {
        let clock = TestClock(hour: 10, minute: 7)
        var state = Self.started(
            clock, cache: cached(clock.now.wall.addingTimeInterval(-300), for: [Self.rome]))
        let effects = state.handle(
            Self.failed(Self.failure(.serverError(status: 503))), at: clock.now)
        let query = try #require(Self.fallbackQueries(effects).first)
        #expect(query.places.map(\.coordinate) == [Self.berlin.coordinate])
        // Rome's page: its forecast is fresh, no fallback notice.
        #expect(state.currentCity == Self.rome)
        #expect(!state.notices(at: clock.now).contains { $0.kind == .providerFallback })
        _ = state.handle(.action(.showCity(1), from: .control), at: clock.now)
        #expect(state.notices(at: clock.now).contains { $0.kind == .providerFallback })
    }

    @Test func fallbackNoneNeverSwitchesAndTurningItOffSwitchesBack() throws {
        var clock = TestClock(hour: 10, minute: 7)
        do {
            var state = Self.started(clock, fallback: .none)
            var effects = state.handle(
                Self.failed(Self.failure(.serverError(status: 503))), at: clock.now)
            effects += run(&state, &clock, for: 3600)
            #expect(Self.fallbackQueries(effects).isEmpty)
        }
        var state = Self.started(clock)
        let effects = state.handle(
            Self.failed(Self.failure(.serverError(status: 503))), at: clock.now)
        let query = try #require(Self.fallbackQueries(effects).first)
        _ = state.handle(
            .configChanged(KioskSettings(Self.configuration(fallback: .none))), at: clock.now)
        #expect(!state.fallback.anySwitched)
        // The answer under way comes back and is dropped; nothing more is asked.
        Self.expectLateAnswerDropped(query, &state, &clock)
    }

    /// MET Norway's answer to `query`, a second late, is dropped, and nothing more is asked
    /// in the next three hours.
    static func expectLateAnswerDropped(
        _ query: ForecastQuery, _ state: inout KioskState, _ clock: inout TestClock
    ) {
        clock.advance(1)
        let late = state.handle(
            .fallbackAnswered(
                query, answer(query, at: clock.now.wall, validity: validity(at: clock.now.wall))),
            at: clock.now)
        #expect(stored(late).isEmpty)
        #expect(state.forecasts.allSatisfy { $0.provider == .openMeteo })
        #expect(fallbackQueries(run(&state, &clock, for: 3 * 3600)).isEmpty)
    }

    @Test func theFirstAskWaitsUntilAMinuteAfterTheFullHour() throws {
        var clock = TestClock(hour: 12, minute: 59)
        clock.advance(30)
        var state = Self.started(clock)
        let failed = state.handle(
            Self.failed(Self.failure(.serverError(status: 503))), at: clock.now)
        #expect(Self.fallbackQueries(failed).isEmpty)
        clock.advance(60)
        #expect(Self.fallbackQueries(state.handle(.tick, at: clock.now)).isEmpty)
        let effects = run(&state, &clock, for: 60)
        #expect(Self.fallbackQueries(effects).count == 1)
        let intoHour = clock.now.wall.timeIntervalSince1970.truncatingRemainder(dividingBy: 3600)
        #expect(intoHour >= 60)
    }

    @Test func turningTheFallbackOnWhileOpenMeteoFailsSwitchesAtOnce() throws {
        let clock = TestClock(hour: 10, minute: 7)
        var state = Self.started(clock, fallback: .none)
        let failed = state.handle(
            Self.failed(Self.failure(.serverError(status: 503))), at: clock.now)
        #expect(Self.fallbackQueries(failed).isEmpty)
        let effects = state.handle(
            .configChanged(KioskSettings(Self.configuration(fallback: .metNorway))), at: clock.now)
        let query = try #require(Self.fallbackQueries(effects).first)
        #expect(query.places.count == 2)
    }

    @Test func metNorwaysAnswerIsShownKeptWithItsValidatorsAndAskedAgainOnlyAfterExpires()
        throws
    {
        var clock = TestClock(hour: 10, minute: 7)
        var state = Self.started(clock)
        let first = try #require(
            Self.fallbackQueries(
                state.handle(Self.failed(Self.failure(.serverError(status: 503))), at: clock.now)
            ).first)
        clock.advance(2)
        let validity = Self.validity(at: clock.now.wall)
        let effects = state.handle(
            .fallbackAnswered(first, Self.answer(first, at: clock.now.wall, validity: validity)),
            at: clock.now)
        let rome = try #require(
            state.forecasts.entry(for: Self.rome.coordinate, units: ForecastUnits()))
        #expect(rome.provider == .metNorway)
        #expect(rome.validity == validity)
        #expect(rome.forecast.current?.temperature == Temperature(celsius: 7.5))
        #expect(Self.stored(effects).count == 2)
        #expect(Self.stored(effects).allSatisfy { $0.validity == validity })
        #expect(effects.contains(.render))
        let notice = state.notices(at: clock.now).first { $0.kind == .providerFallback }
        #expect(notice?.text == "Open-Meteo error 503 · showing MET Norway's forecast")
        #expect(
            notice?.pageNotice == .warning("Open-Meteo error 503 · showing MET Norway's forecast"))
        // MET Norway's fresh data is no stale forecast.
        #expect(!state.isStale(at: clock.now))

        // The next ask: after Expires, on this kiosk's slot, away from the full hour, with
        // the exact Last-Modified as the validator.
        var asked: [(Date, ForecastQuery)] = []
        while asked.isEmpty, clock.now.wall < validity.freshUntil!.addingTimeInterval(3600) {
            let step = run(&state, &clock, for: 60)
            asked += Self.fallbackQueries(step).map { (clock.now.wall, $0) }
        }
        let (when, second) = try #require(asked.first)
        #expect(when >= validity.freshUntil!)
        let intoHour = when.timeIntervalSince1970.truncatingRemainder(dividingBy: 3600)
        #expect(intoHour >= 60 && intoHour <= 3540)
        #expect(second.places.allSatisfy { $0.validity.lastModified == validity.lastModified })
    }

    @Test func a304KeepsTheForecastAndRefreshesItsValidity() throws {
        var clock = TestClock(hour: 10, minute: 7)
        var state = Self.started(clock)
        let first = try #require(
            Self.fallbackQueries(
                state.handle(Self.failed(Self.failure(.malformed)), at: clock.now)
            ).first)
        let validity = Self.validity(at: clock.now.wall)
        _ = state.handle(
            .fallbackAnswered(first, Self.answer(first, at: clock.now.wall, validity: validity)),
            at: clock.now)
        let before = try #require(
            state.forecasts.entry(for: Self.rome.coordinate, units: ForecastUnits()))
        clock.advance(40 * 60)
        let renewed = ConditionalRequest(
            lastModified: validity.lastModified, freshUntil: clock.now.wall.addingTimeInterval(1800)
        )
        let effects = state.handle(
            .fallbackAnswered(
                first,
                ForecastAnswer(
                    provider: .metNorway,
                    outcomes: first.places.map { _ in .notModified(validity: renewed) })),
            at: clock.now)
        let after = try #require(
            state.forecasts.entry(for: Self.rome.coordinate, units: ForecastUnits()))
        #expect(after.forecast == before.forecast)
        #expect(after.provider == .metNorway)
        #expect(after.validity == renewed)
        #expect(after.fetchedAt == clock.now.wall)
        #expect(Self.stored(effects).map(\.validity) == [renewed, renewed])
    }

    @Test func openMeteosNextForecastSwitchesBackAndALateMETAnswerIsDropped() throws {
        var clock = TestClock(hour: 10, minute: 7)
        var state = Self.started(clock)
        let first = try #require(
            Self.fallbackQueries(
                state.handle(
                    Self.failed(Self.failure(.unreachable(.hostNotFound), summary: "offline")),
                    at: clock.now)
            ).first)
        clock.advance(5)
        let back = cached(clock.now.wall, for: [Self.rome, Self.berlin])
        _ = state.handle(
            .forecastSucceeded(fetchedAt: clock.now.wall, forecasts: back), at: clock.now)
        #expect(!state.fallback.anySwitched)
        #expect(!state.notices(at: clock.now).contains { $0.kind == .providerFallback })
        Self.expectLateAnswerDropped(first, &state, &clock)
    }

    @Test func metNorwaysValidatorsSurviveARestart() throws {
        let clock = TestClock(hour: 10, minute: 7)
        let validity = Self.validity(at: clock.now.wall.addingTimeInterval(-3600))
        let entry = ForecastEntry(
            coordinate: Self.rome.coordinate, fetchedAt: clock.now.wall.addingTimeInterval(-3600),
            forecast: Self.metForecast(Self.rome.coordinate, at: clock.now.wall),
            provider: .metNorway, validity: validity)
        let bytes = try JSONEncoder().encode([entry])
        let restored = try JSONDecoder().decode([ForecastEntry].self, from: bytes)
        #expect(restored == [entry])
        // A cache written before the validators loads with none.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = try #require(String(bytes: encoder.encode(entry), encoding: .utf8))
        let cut = try #require(text.firstRange(of: #","validity":"#))
        let old = try JSONDecoder().decode(
            ForecastEntry.self, from: Data((text[..<cut.lowerBound] + "}").utf8))
        #expect(old.validity == ConditionalRequest())
        #expect(old.provider == .metNorway)

        var state = Self.started(
            clock,
            cache: restored + cached(clock.now.wall.addingTimeInterval(-3600), for: [Self.berlin]))
        let query = try #require(
            Self.fallbackQueries(
                state.handle(Self.failed(Self.failure(.serverError(status: 502))), at: clock.now)
            ).first)
        #expect(
            query.places.first { ForecastEntry.sameKey($0.coordinate, Self.rome.coordinate) }?
                .validity == validity)
        #expect(
            query.places.first { ForecastEntry.sameKey($0.coordinate, Self.berlin.coordinate) }?
                .validity == ConditionalRequest())
    }
}
