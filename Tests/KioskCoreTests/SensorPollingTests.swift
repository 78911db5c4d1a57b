import KioskCore
import Testing

/// The sensor's polling on its own, under a manual clock: a phase (waiting until due, or
/// reading) instead of a flag beside a date.
@Suite struct SensorPollingTests {
    static let start = MonotonicInstant.seconds(1000)

    @Test func aReadingStartsOnlyWhenDueAndOnlyOnce() {
        var polling = SensorPolling(due: Self.start.advanced(bySeconds: 10))
        let started1 = polling.startIfDue(at: Self.start.advanced(bySeconds: 9))
        #expect(!started1)
        #expect(polling.deadline == Self.start.advanced(bySeconds: 10))
        let started2 = polling.startIfDue(at: Self.start.advanced(bySeconds: 10))
        #expect(started2)
        #expect(polling.phase == .reading(due: Self.start.advanced(bySeconds: 10)))
        #expect(polling.deadline == nil, "no timer while a reading is under way")
        let started3 = polling.startIfDue(at: Self.start.advanced(bySeconds: 60))
        #expect(!started3, "one at a time")
    }

    @Test func failuresBackOffFromFiveSecondsToTheInterval() {
        var polling = SensorPolling(due: Self.start)
        var now = Self.start
        var waits: [Double] = []
        for _ in 0..<6 {
            let started4 = polling.startIfDue(at: now)
            #expect(started4)
            polling.failed(at: now, interval: 60)
            let due = polling.due
            waits.append(due.seconds(since: now))
            now = due
        }
        #expect(waits == [5, 10, 20, 40, 60, 60])
        #expect(polling.failures == 6)
        let started5 = polling.startIfDue(at: now)
        #expect(started5)
        polling.succeeded(at: now, interval: 60)
        #expect(polling.failures == 0)
        #expect(polling.phase == .waiting(due: now.advanced(bySeconds: 60)))
    }

    @Test func aNewIntervalMovesTheWaitingReadingButNotOneUnderWay() {
        var polling = SensorPolling(due: Self.start)
        let started6 = polling.startIfDue(at: Self.start)
        #expect(started6)
        polling.succeeded(at: Self.start, interval: 60)
        polling.intervalChanged(from: 60, to: 30, at: Self.start.advanced(bySeconds: 10))
        #expect(polling.due == Self.start.advanced(bySeconds: 30))
        polling.intervalChanged(from: 30, to: 5, at: Self.start.advanced(bySeconds: 20))
        #expect(polling.due == Self.start.advanced(bySeconds: 20), "already past: due now")
        let started7 = polling.startIfDue(at: Self.start.advanced(bySeconds: 20))
        #expect(started7)
        polling.intervalChanged(from: 5, to: 600, at: Self.start.advanced(bySeconds: 21))
        #expect(polling.isReading, "a reading under way is left alone")
    }

    @Test func turningTheSensorOnMakesAReadingDueNow() {
        var polling = SensorPolling(due: Self.start.advanced(bySeconds: 300))
        polling.dueNow(at: Self.start)
        let started8 = polling.startIfDue(at: Self.start)
        #expect(started8)
    }
}
