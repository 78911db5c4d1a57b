import KioskCore
import Testing

/// The forecast refresh on its own, under a manual clock: one phase (idle, fetching,
/// backing off, rate-limited) instead of four flags and dates that overlapped.
@Suite struct RefreshScheduleTests {
    static let start = MonotonicInstant.seconds(1000)

    static func at(_ seconds: Double) -> MonotonicInstant { start.advanced(bySeconds: seconds) }

    @Test func aFetchStartsOnlyWhenDueAndOnlyOnce() {
        var refresh = RefreshSchedule(due: Self.at(10))
        let early = refresh.startIfDue(at: Self.at(9))
        #expect(!early)
        #expect(refresh.phase == .idle && refresh.deadline == Self.at(10))
        let due = refresh.startIfDue(at: Self.at(10))
        #expect(due)
        #expect(refresh.phase == .fetching(again: false, heldUntil: nil))
        #expect(refresh.deadline == nil, "no timer while a fetch is under way")
        let again = refresh.startIfDue(at: Self.at(60))
        #expect(!again, "one at a time")
        refresh.succeeded(at: Self.at(12), interval: 900)
        #expect(refresh.phase == .idle && refresh.due == Self.at(912))
        #expect(refresh.lastEnded == Self.at(12))
    }

    @Test func aFailureBacksOffAndARateLimitHoldsUntilItsWindow() {
        var refresh = RefreshSchedule(due: Self.start)
        _ = refresh.startIfDue(at: Self.start)
        refresh.failed(at: Self.at(1), delay: 30, limitedUntil: nil)
        #expect(refresh.phase == .backingOff && refresh.due == Self.at(31))
        #expect(!refresh.isHeld(at: Self.at(2)))
        _ = refresh.startIfDue(at: Self.at(31))
        refresh.failed(at: Self.at(32), delay: 70, limitedUntil: Self.at(92))
        #expect(refresh.phase == .rateLimited(until: Self.at(92)) && refresh.due == Self.at(102))
        #expect(refresh.isHeld(at: Self.at(91)) && !refresh.isHeld(at: Self.at(92)))
        refresh.changed(at: Self.at(50))
        #expect(refresh.due == Self.at(102), "a change does not break the rate limit")
        refresh.limitLifted()
        #expect(refresh.phase == .backingOff && refresh.due == Self.at(102))
    }

    @Test func aForcedFetchRunsThroughTheRateLimitAndRemembersIt() {
        var refresh = RefreshSchedule(due: Self.start)
        _ = refresh.startIfDue(at: Self.start)
        refresh.failed(at: Self.at(1), delay: 3700, limitedUntil: Self.at(3601))
        refresh.bringForward(to: Self.at(5))
        let forced = refresh.startIfDue(at: Self.at(5))
        #expect(forced)
        #expect(refresh.phase == .fetching(again: false, heldUntil: Self.at(3601)))
        #expect(refresh.rateLimitedUntil == Self.at(3601), "the reply says it went despite it")
        refresh.succeeded(at: Self.at(6), interval: 900)
        #expect(refresh.rateLimitedUntil == nil && refresh.due == Self.at(906))
    }

    @Test func aChangeDuringAFetchIsFetchedRightAfterIt() {
        var refresh = RefreshSchedule(due: Self.start)
        _ = refresh.startIfDue(at: Self.start)
        refresh.changed(at: Self.at(1))
        refresh.reschedule(to: Self.at(500))
        #expect(refresh.phase == .fetching(again: true, heldUntil: nil))
        refresh.succeeded(at: Self.at(2), interval: 900)
        #expect(refresh.phase == .idle && refresh.due == Self.at(2))
        refresh.changed(at: Self.at(3))
        #expect(refresh.due == Self.at(2), "idle: a change only brings the refresh forward")
    }

    @Test func aFailedFetchAfterAChangeLeavesItsRetryToFetchTheNewSet() {
        var refresh = RefreshSchedule(due: Self.start)
        _ = refresh.startIfDue(at: Self.start)
        refresh.changed(at: Self.at(1))
        refresh.failed(at: Self.at(2), delay: 20, limitedUntil: nil)
        _ = refresh.startIfDue(at: Self.at(22))
        refresh.succeeded(at: Self.at(23), interval: 900)
        #expect(refresh.due == Self.at(923), "no second fetch of the same set")
    }
}
