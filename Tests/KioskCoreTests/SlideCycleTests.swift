import KioskCore
import Testing

/// The slides' cycling on its own, under a manual clock: a phase (cycling, or paused until)
/// instead of a next-slide time beside an optional pause.
@Suite struct SlideCycleTests {
    static let start = MonotonicInstant.seconds(1000)

    static func at(_ seconds: Double) -> MonotonicInstant { start.advanced(bySeconds: seconds) }

    @Test func aSlideIsDueEveryCycle() {
        var cycle = SlideCycle(next: Self.at(15))
        #expect(!cycle.isDue(at: Self.at(14)) && cycle.isDue(at: Self.at(15)))
        cycle.restart(at: Self.at(15), cycle: 15)
        #expect(cycle.phase == .cycling(next: Self.at(30)) && cycle.deadline == Self.at(30))
    }

    @Test func aPauseHoldsTheSlideThenTheNextComesAtOnce() {
        var cycle = SlideCycle(next: Self.at(15))
        cycle.pause(until: Self.at(60))
        #expect(cycle.pausedUntil == Self.at(60) && cycle.deadline == Self.at(60))
        #expect(!cycle.isDue(at: Self.at(30)), "no slide changes while paused")
        cycle.restart(at: Self.at(30), cycle: 15)
        #expect(cycle.pausedUntil == Self.at(60), "a display back on keeps the pause")
        cycle.resumeIfOver(at: Self.at(59))
        #expect(cycle.pausedUntil == Self.at(60))
        cycle.resumeIfOver(at: Self.at(61))
        #expect(cycle.phase == .cycling(next: Self.at(61)) && cycle.isDue(at: Self.at(61)))
    }

    @Test func aLongerOrShorterCycleOrPauseMovesWhatIsWaitedFor() {
        var cycle = SlideCycle(next: Self.at(15))
        cycle.lengthen(cycleBy: -10, pauseBy: 30, at: Self.at(10))
        #expect(cycle.phase == .cycling(next: Self.at(10)), "never into the past")
        cycle.pause(until: Self.at(70))
        cycle.lengthen(cycleBy: 5, pauseBy: -30, at: Self.at(20))
        #expect(cycle.phase == .paused(until: Self.at(40)))
        cycle.lengthen(cycleBy: 5, pauseBy: 0, at: Self.at(50))
        #expect(cycle.phase == .paused(until: Self.at(40)), "an unchanged pause stays")
    }
}
