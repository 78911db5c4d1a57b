import FoundationEssentials
import Testing
import WeatherModel

/// The board keeps each feed's warnings and failures between fetches.
struct WarningBoardTests {
    let nws = WarningFeed(source: .nws, place: "Anchorage")
    let derived = WarningFeed(source: .derived, place: "Anchorage")

    @Test func anAnswerReplacesTheFeedsWarningsAndStampsThePlace() {
        var board = WarningBoard()
        let now = utcInstant("2026-01-10T08:00")
        board.receive(
            [sampleWarning("A", place: "elsewhere"), sampleWarning("B")], for: nws, at: now)
        #expect(board.warnings(for: "Anchorage", at: now).map(\.id) == ["A", "B"])
        #expect(board.warnings(for: "Anchorage", at: now).allSatisfy { $0.place == "Anchorage" })
        board.receive([sampleWarning("B")], for: nws, at: now)
        #expect(board.warnings(for: "Anchorage", at: now).map(\.id) == ["B"])
        #expect(board.lastSuccess(of: nws) == now)
    }

    @Test func sourcesOfOnePlaceAreListedTogetherWorstFirst() {
        var board = WarningBoard()
        let now = utcInstant("2026-01-10T08:00")
        board.receive([sampleWarning("official", severity: .moderate)], for: nws, at: now)
        board.receive([sampleWarning("own", severity: .severe)], for: derived, at: now)
        #expect(board.warnings(for: "Anchorage", at: now).map(\.id) == ["own", "official"])
        #expect(board.allWarnings(at: now).count == 2)
    }

    @Test func aFailureKeepsTheWarningsAndSaysSinceWhen() {
        var board = WarningBoard()
        board.receive([sampleWarning("A")], for: nws, at: utcInstant("2026-01-10T08:00"))
        board.fail(nws, message: "first", at: utcInstant("2026-01-10T14:05"))
        board.fail(nws, message: "second", at: utcInstant("2026-01-10T14:10"))
        let now = utcInstant("2026-01-10T14:15")
        #expect(board.warnings(for: "Anchorage", at: now).map(\.id) == ["A"])
        let failure = try! #require(board.failures(for: "Anchorage").first)
        #expect(failure.since == utcInstant("2026-01-10T14:05"))
        #expect(failure.message == "second")
        #expect(
            failure.summary(now: now, utcOffsetSeconds: 0, clock: .twentyFourHour)
                == "warnings from NWS unavailable since 14:05")
        // Anchorage's own clock, nine hours behind UTC, and twelve-hour style.
        #expect(
            failure.summary(now: now, utcOffsetSeconds: -9 * 3600, clock: .twelveHour)
                == "warnings from NWS unavailable since 5:05 AM")
    }

    @Test func aFailureThatBeganOnAnotherDayNamesTheDay() {
        var board = WarningBoard()
        board.fail(nws, message: "down", at: utcInstant("2026-01-13T14:05"))
        let failure = board.failures[0]
        #expect(
            failure.summary(
                now: utcInstant("2026-01-14T09:00"), utcOffsetSeconds: 0, clock: .twentyFourHour)
                == "warnings from NWS unavailable since Tue 14:05")
    }

    @Test func aFeedThatNeverAnsweredIsAFailureNotAnAllClear() {
        var board = WarningBoard()
        board.fail(nws, message: "refused", at: utcInstant("2026-01-10T08:00"))
        #expect(board.warnings(for: "Anchorage", at: utcInstant("2026-01-10T08:01")).isEmpty)
        #expect(board.failures(for: "Anchorage").count == 1)
        #expect(board.lastSuccess(of: nws) == nil)
    }

    @Test func successOrNotModifiedClearsTheFailure() {
        var board = WarningBoard()
        board.receive([sampleWarning("A")], for: nws, at: utcInstant("2026-01-10T08:00"))
        board.fail(nws, message: "down", at: utcInstant("2026-01-10T09:00"))
        board.unchanged(nws, at: utcInstant("2026-01-10T09:05"))
        #expect(board.failures.isEmpty)
        #expect(
            board.warnings(for: "Anchorage", at: utcInstant("2026-01-10T09:06")).map(\.id) == ["A"])
        board.fail(nws, message: "down again", at: utcInstant("2026-01-10T10:00"))
        #expect(board.failures[0].since == utcInstant("2026-01-10T10:00"))
    }

    @Test func removedPlacesAndEndedWarningsAreForgotten() {
        var board = WarningBoard()
        let now = utcInstant("2026-01-10T08:00")
        board.receive([sampleWarning("A", ends: "2026-01-10T09:00")], for: nws, at: now)
        board.receive(
            [sampleWarning("B")], for: WarningFeed(source: .dwd, place: "Berlin"), at: now)
        #expect(board.nextChange(after: now) == utcInstant("2026-01-10T09:00"))
        board.removeEnded(at: utcInstant("2026-01-10T09:00"))
        #expect(board.warnings(for: "Anchorage", at: now).isEmpty)
        board.keepOnly(places: ["Anchorage"])
        #expect(board.feeds == [nws])
    }
}
