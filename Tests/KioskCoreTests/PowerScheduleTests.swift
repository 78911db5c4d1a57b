import KioskCore
import Testing

/// The display's power on its own, under a manual clock: the night window, overridden by a
/// press for `wakeSeconds` or by a remote setting until the window next changes, as a phase
/// instead of a woken-until time beside an optional remote setting.
@Suite struct PowerScheduleTests {
    /// 23:00 to 06:30.
    static func night(_ mode: NightMode) -> NightWindow {
        NightWindow(
            from: TimeOfDay(hour: 23, minute: 0), to: TimeOfDay(hour: 6, minute: 30), mode: mode)
    }

    @Test func theNightWindowDecidesAndItsNextChangeIsADeadline() {
        var schedule = PowerSchedule()
        var clock = TestClock(hour: 22, minute: 59)
        let result1 = schedule.update(night: Self.night(.off), at: clock.now)
        #expect(result1 == nil)
        #expect(schedule.power == .on)
        #expect(schedule.deadlines == [clock.now.monotonic.advanced(bySeconds: 60)])
        clock.advance(60)
        let result2 = schedule.update(night: Self.night(.off), at: clock.now)
        #expect(result2 == .on, "was on")
        #expect(schedule.power == .off)
        // The next change is the morning's, 7 h 30 min later.
        #expect(schedule.nextNightChange == clock.now.monotonic.advanced(bySeconds: 27_000))
        let result3 = schedule.update(night: Self.night(.off), at: clock.now)
        #expect(result3 == nil, "no change twice")
        let result4 = schedule.update(night: nil, at: clock.now)
        #expect(result4 == .off, "no window: on")
        #expect(schedule.power == .on && schedule.deadlines.isEmpty)
    }

    @Test func aPressAtNightLightsTheDisplayForThirtySeconds() {
        var schedule = PowerSchedule()
        var clock = TestClock(hour: 2)
        _ = schedule.update(night: Self.night(.dim), at: clock.now)
        #expect(schedule.power == .dim)
        let result5 = schedule.press(night: Self.night(.dim), at: clock.now.monotonic)
        #expect(result5)
        let end = clock.now.monotonic.advanced(bySeconds: PowerSchedule.wakeSeconds)
        #expect(schedule.override == .woken(until: end) && schedule.deadlines.contains(end))
        _ = schedule.update(night: Self.night(.dim), at: clock.now)
        #expect(schedule.power == .on)
        clock.advance(20)
        let result6 = schedule.press(night: Self.night(.dim), at: clock.now.monotonic)
        #expect(result6, "again")
        clock.advance(29)
        let result7 = schedule.update(night: Self.night(.dim), at: clock.now)
        #expect(result7 == nil, "still woken")
        clock.advance(2)
        let result8 = schedule.update(night: Self.night(.dim), at: clock.now)
        #expect(result8 == .on)
        #expect(schedule.power == .dim && schedule.override == .none)
    }

    @Test func aPressByDayOrWithoutAWindowChangesNothing() {
        var schedule = PowerSchedule()
        let clock = TestClock(hour: 12)
        _ = schedule.update(night: Self.night(.off), at: clock.now)
        let byDay = schedule.press(night: Self.night(.off), at: clock.now.monotonic)
        let withoutWindow = schedule.press(night: nil, at: clock.now.monotonic)
        #expect(!byDay && !withoutWindow)
        #expect(schedule.override == .none)
    }

    @Test func aRemoteSettingHoldsUntilTheWindowChangesOrAPress() {
        var schedule = PowerSchedule()
        var clock = TestClock(hour: 12)
        schedule.set(.off, night: Self.night(.dim), at: clock.now)
        let result9 = schedule.update(night: Self.night(.dim), at: clock.now)
        #expect(result9 == .on)
        // It holds until 23:00, then the window's dim takes over.
        let evening = clock.now.monotonic.advanced(bySeconds: 11 * 3600)
        #expect(schedule.override == .remote(.off, until: evening))
        clock.advance(11 * 3600 - 1)
        let result10 = schedule.update(night: Self.night(.dim), at: clock.now)
        #expect(result10 == nil)
        clock.advance(1)
        let result11 = schedule.update(night: Self.night(.dim), at: clock.now)
        #expect(result11 == .off)
        #expect(schedule.power == .dim && schedule.override == .none)
        // Without a window it holds until a press, which ends it.
        schedule.set(.off, night: nil, at: clock.now)
        _ = schedule.update(night: nil, at: clock.now)
        #expect(schedule.override == .remote(.off, until: nil) && schedule.deadlines.isEmpty)
        clock.advance(48 * 3600)
        let result12 = schedule.update(night: nil, at: clock.now)
        #expect(result12 == nil && schedule.power == .off)
        let result13 = schedule.press(night: nil, at: clock.now.monotonic)
        #expect(result13)
        let result14 = schedule.update(night: nil, at: clock.now)
        #expect(result14 == .off && schedule.power == .on)
    }

    @Test func aPressOnARemoteOffAtNightWakesTheDisplay() {
        var schedule = PowerSchedule()
        let clock = TestClock(hour: 2)
        schedule.set(.off, night: Self.night(.dim), at: clock.now)
        _ = schedule.update(night: Self.night(.dim), at: clock.now)
        let result15 = schedule.press(night: Self.night(.dim), at: clock.now.monotonic)
        #expect(result15)
        #expect(
            schedule.override
                == .woken(until: clock.now.monotonic.advanced(bySeconds: PowerSchedule.wakeSeconds))
        )
        let result16 = schedule.update(night: Self.night(.dim), at: clock.now)
        #expect(result16 == .off)
        #expect(schedule.power == .on)
    }
}
