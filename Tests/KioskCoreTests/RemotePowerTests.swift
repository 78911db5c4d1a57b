import FoundationEssentials
import KioskCore
import Testing

/// The display's power set from afar (Home Assistant's power select): it holds until the
/// night window next changes or a press at the kiosk.
@Suite struct RemotePowerTests {
    private static let rome = City(
        name: "Rome", coordinate: Coordinate(latitude: 41.89, longitude: 12.51))

    private func started(hour: Int, night: NightWindow?) -> (KioskState, TestClock) {
        var configuration = KioskConfiguration()
        configuration.cities = [Self.rome]
        configuration.display.night = night
        configuration.sensor.kind = .none
        let clock = TestClock(hour: hour)
        var state = KioskState(settings: KioskSettings(configuration), now: clock.now, seed: 1)
        _ = state.handle(.started(restored: nil, forecasts: cached(clock.now.wall)), at: clock.now)
        return (state, clock)
    }

    private func tickUntil(_ state: inout KioskState, _ clock: inout TestClock, seconds: Double)
        -> [KioskEffect]
    {
        let end = clock.now.monotonic.advanced(bySeconds: seconds)
        var effects: [KioskEffect] = []
        while let deadline = state.nextDeadline, deadline <= end {
            clock.advance(max(0, deadline.seconds(since: clock.now.monotonic)))
            effects += state.handle(.tick, at: clock.now)
        }
        clock.advance(end.seconds(since: clock.now.monotonic))
        return effects
    }

    @Test func offByDayHoldsUntilTheNightBeginsThenTheNightRules() {
        let night = NightWindow(
            from: TimeOfDay(hour: 23, minute: 0), to: TimeOfDay(hour: 6, minute: 30), mode: .dim)
        var (state, clock) = started(hour: 12, night: night)
        let off = state.handle(.action(.setPower(.off), from: .control), at: clock.now)
        #expect(off.contains(.setDisplayPower(.off)))
        #expect(state.power == .off)
        // 12:00 → 22:59 stays off; at 23:00 the night window (dim) takes over.
        _ = tickUntil(&state, &clock, seconds: 10 * 3600 + 59 * 60)
        #expect(state.power == .off)
        let evening = tickUntil(&state, &clock, seconds: 120)
        #expect(evening.contains(.setDisplayPower(.dim)))
        #expect(state.power == .dim)
    }

    @Test func onAtNightLightsUntilMorning() {
        let night = NightWindow(
            from: TimeOfDay(hour: 23, minute: 0), to: TimeOfDay(hour: 6, minute: 30), mode: .off)
        var (state, clock) = started(hour: 2, night: night)
        #expect(state.power == .off)
        let on = state.handle(.action(.setPower(.on), from: .control), at: clock.now)
        #expect(on.starts(with: [.setDisplayPower(.on), .render]))
        // Unlike a press (30 s), a remote "on" lasts: an hour later it is still lit.
        _ = tickUntil(&state, &clock, seconds: 3600)
        #expect(state.power == .on)
    }

    @Test func withoutANightWindowItHoldsUntilAPress() {
        var (state, clock) = started(hour: 12, night: nil)
        _ = state.handle(.action(.setPower(.dim), from: .control), at: clock.now)
        #expect(state.power == .dim)
        _ = tickUntil(&state, &clock, seconds: 48 * 3600)
        #expect(state.power == .dim)
        let press = state.handle(.action(.nextCity, from: .button), at: clock.now)
        #expect(press.contains(.setDisplayPower(.on)))
        #expect(state.power == .on)
    }
}
