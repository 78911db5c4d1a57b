import FoundationEssentials
import KioskCore
import Testing

/// A Pi without a real-time clock boots with a wrong time, dates data with it, then NTP
/// steps the clock back: nothing may freeze or wait for the wrong time to come round.
@Suite struct ClockStepTests {
    private static let base = 1_800_000_000.0

    private func reading(minutes: Double) -> SensorReading {
        SensorReading(
            chip: .bme280, time: Date(timeIntervalSince1970: Self.base + minutes * 60),
            temperature: Temperature(celsius: 20 + minutes / 60), humidity: 45,
            pressure: Pressure(pascals: 101_300 + minutes))
    }

    @Test func indoorHistoryGoesOnAfterTheClockStepsBack() {
        var history = IndoorHistory()
        // A day ahead: the boot's wrong clock.
        for minute in stride(from: 1440.0, through: 1500, by: 5) {
            history.record(reading(minutes: minute))
        }
        // The right time: the readings are kept, the future ones dropped.
        for minute in stride(from: 0.0, through: 60, by: 5) {
            history.record(reading(minutes: minute))
        }
        #expect(history.samples.count == 13)
        #expect(history.samples.last?.time == reading(minutes: 60).time)
        #expect(history.samples.allSatisfy { $0.time <= reading(minutes: 60).time })
    }

    @Test func pressureTendencyGoesOnAfterTheClockStepsBack() {
        var history = PressureHistory()
        for minute in stride(from: 600.0, through: 700, by: 1) {
            history.record(
                Pressure(pascals: 101_000), at: Date(timeIntervalSince1970: Self.base + minute * 60)
            )
        }
        // Back by less than the three-hour span; then three hours of falling pressure on
        // the right clock, which the samples from the wrong one must not hide.
        for minute in stride(from: 560.0, through: 740, by: 1) {
            history.record(
                Pressure(pascals: 101_000 - (minute - 560) * 2),
                at: Date(timeIntervalSince1970: Self.base + minute * 60))
        }
        #expect(history.stored.last?.time == Date(timeIntervalSince1970: Self.base + 740 * 60))
        #expect(history.tendency == .falling)
    }

    private func settings() -> KioskSettings {
        var configuration = KioskConfiguration()
        configuration.cities = [
            City(name: "Rome", coordinate: Coordinate(latitude: 41.89, longitude: 12.51))
        ]
        configuration.sensor.kind = .none
        return KioskSettings(configuration)
    }

    private func now(wall: Double, uptime: Double) -> KioskTime {
        KioskTime(
            monotonic: .seconds(uptime), wall: Date(timeIntervalSince1970: wall),
            utcOffsetSeconds: 0)
    }

    @Test func aCacheDatedInTheFutureIsRefreshedAtOnceNotADayLater() {
        let start = now(wall: Self.base, uptime: 100)
        var state = KioskState(settings: settings(), now: start, seed: 1)
        let fetched = Date(timeIntervalSince1970: Self.base + 86_400)
        let effects = state.handle(.started(restored: nil, forecasts: cached(fetched)), at: start)
        #expect(state.secondsUntilRefresh(at: start) == 0)
        #expect(state.lastForecast == start.wall)
        #expect(effects.contains(.fetchForecasts))
    }

    @Test func aWallClockStepBackDatesTheForecastNowAndRefreshes() {
        // Booted a day ahead; a forecast fetched on that clock.
        var clock = now(wall: Self.base + 86_400, uptime: 100)
        var state = KioskState(settings: settings(), now: clock, seed: 1)
        _ = state.handle(.started(restored: nil, forecasts: []), at: clock)
        _ = state.handle(.tick, at: clock)
        _ = state.handle(.forecastSucceeded(fetchedAt: clock.wall), at: clock)
        #expect(state.secondsUntilRefresh(at: clock) == 15 * 60)
        // NTP syncs a minute later: the wall clock steps back a day.
        clock = now(wall: Self.base + 60, uptime: 160)
        let effects = state.handle(.tick, at: clock)
        #expect(state.lastForecast == clock.wall)
        #expect(effects.contains(.render))
        #expect(effects.contains(.fetchForecasts), "refreshed at once: its age is unknown")
    }

    @Test func smallAdjustmentsAreNotSteps() {
        var clock = now(wall: Self.base, uptime: 100)
        var state = KioskState(settings: settings(), now: clock, seed: 1)
        _ = state.handle(.started(restored: nil, forecasts: []), at: clock)
        _ = state.handle(.tick, at: clock)
        _ = state.handle(.forecastSucceeded(fetchedAt: clock.wall), at: clock)
        clock = now(wall: Self.base + 30.5, uptime: 130)
        let effects = state.handle(.tick, at: clock)
        #expect(!effects.contains(.fetchForecasts))
        #expect(state.lastForecast == Date(timeIntervalSince1970: Self.base))
    }
}
