import FoundationEssentials
import Testing
import WeatherModel

/// Update replaces, cancel removes, expiry without a fetch, worst first.
struct WarningRulesTests {
    @Test func anUpdateReplacesTheWarningItReferences() {
        let alert = sampleWarning("A", severity: .moderate)
        let update = sampleWarning("U", type: .update, references: ["A"], severity: .severe)
        let resolved = WarningRules.resolve([update, alert])
        #expect(resolved.map(\.id) == ["U"])
        #expect(resolved.first?.severity == .severe)
        // The order they arrive in does not matter.
        #expect(WarningRules.resolve([alert, update]).map(\.id) == ["U"])
    }

    @Test func aCancelRemovesWhatItReferencesAndIsNeverShown() {
        let alert = sampleWarning("A")
        let update = sampleWarning("U", type: .update, references: ["A"])
        let cancel = sampleWarning("C", type: .cancel, references: ["A", "U"])
        #expect(WarningRules.resolve([alert, update, cancel]).isEmpty)
        // A cancel that references nothing known removes nothing and still is not shown.
        let other = sampleWarning("B")
        #expect(WarningRules.resolve([other, cancel]).map(\.id) == ["B"])
    }

    @Test func anAlertsReferencesAreNotAnUpdate() {
        // CAP lets an Alert name related messages; only Update and Cancel supersede.
        let first = sampleWarning("A")
        let second = sampleWarning("B", references: ["A"])
        #expect(Set(WarningRules.resolve([first, second]).map(\.id)) == ["A", "B"])
    }

    @Test func theSameIdentifierTwiceKeepsTheLaterMessage() {
        let first = sampleWarning("A", severity: .minor)
        let second = sampleWarning("A", severity: .extreme)
        let resolved = WarningRules.resolve([first, second])
        #expect(resolved.count == 1)
        #expect(resolved.first?.severity == .extreme)
    }

    @Test func applyingLaterMessagesToKnownWarnings() {
        let known = WarningRules.resolve([sampleWarning("A"), sampleWarning("B")])
        let later = [sampleWarning("C", type: .cancel, references: ["A"])]
        #expect(WarningRules.apply(later, to: known).map(\.id) == ["B"])
    }

    @Test func anExpiredWarningVanishesAtItsEndWithoutAFetch() {
        let warning = sampleWarning("A", onset: "2026-01-10T06:00", ends: "2026-01-10T18:00")
        // The manual clock: an instant moved on by hand.
        var now = utcInstant("2026-01-10T05:00")
        #expect(WarningRules.current([warning], at: now).count == 1)
        #expect(!warning.isInEffect(at: now))
        now = now.addingTimeInterval(2 * 3600)
        #expect(warning.isInEffect(at: now))
        now = now.addingTimeInterval(10 * 3600 + 59 * 60)
        #expect(WarningRules.current([warning], at: now).count == 1)
        now = now.addingTimeInterval(60)
        #expect(WarningRules.current([warning], at: now).isEmpty)
    }

    @Test func theEndIsTheHazardsEndElseTheMessagesExpiry() {
        let both = sampleWarning("A", ends: "2026-01-10T18:00", expires: "2026-01-10T12:00")
        #expect(both.end == utcInstant("2026-01-10T18:00"))
        let expiresOnly = sampleWarning("B", ends: nil, expires: "2026-01-10T12:00")
        #expect(expiresOnly.end == utcInstant("2026-01-10T12:00"))
        let neither = sampleWarning("C", ends: nil)
        #expect(neither.end == nil)
        #expect(neither.isCurrent(at: utcInstant("2030-01-01T00:00")))
    }

    @Test func worstFirstThenEarliestOnset() {
        let warnings = [
            sampleWarning("late-moderate", severity: .moderate, onset: "2026-01-10T12:00"),
            sampleWarning("minor", severity: .minor, onset: "2026-01-10T01:00"),
            sampleWarning("extreme", severity: .extreme, onset: "2026-01-10T15:00"),
            sampleWarning("early-moderate", severity: .moderate, onset: "2026-01-10T03:00"),
        ]
        #expect(
            WarningRules.ordered(warnings).map(\.id) == [
                "extreme", "early-moderate", "late-moderate", "minor",
            ])
    }

    @Test func theNextChangeIsTheNearestEndOrOnset() {
        let now = utcInstant("2026-01-10T08:00")
        let warnings = [
            sampleWarning("A", onset: "2026-01-10T06:00", ends: "2026-01-10T18:00"),
            sampleWarning("B", onset: "2026-01-10T09:30", ends: "2026-01-11T00:00"),
            sampleWarning("gone", onset: "2026-01-09T06:00", ends: "2026-01-09T18:00"),
        ]
        #expect(WarningRules.nextChange(in: warnings, after: now) == utcInstant("2026-01-10T09:30"))
        #expect(
            WarningRules.nextChange(in: warnings, after: utcInstant("2026-01-10T10:00"))
                == utcInstant("2026-01-10T18:00"))
        #expect(WarningRules.nextChange(in: [], after: now) == nil)
    }
}
