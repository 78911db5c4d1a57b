import FoundationEssentials
import KioskCore
import KioskTesting
import Testing

/// The switch to MET Norway and back, per place, on a manual clock.
struct ProviderSwitchTests {
    let clock = ManualTimeSource(
        wall: LocalDateTime(iso8601: "2026-04-14T10:07:13")!.instant(utcOffsetSeconds: 0))
    let schedule = RequestSchedule(interval: 15 * 60, seed: "kiosk-a")

    var now: Date { clock.now().wall }

    func failure(_ kind: ForecastFailure.Kind, summary: String = "Open-Meteo overloaded (503)")
        -> ForecastFailure
    {
        ForecastFailure(kind: kind, provider: .openMeteo, message: "It failed.", summary: summary)
    }

    func advance(minutes: Double) { clock.advance(bySeconds: minutes * 60) }

    @Test func a503WithNothingFreshSwitchesAndOpenMeteosNextForecastSwitchesBack() {
        var place = ProviderSwitch(setting: .metNorway, shown: .openMeteo)
        do {
            let decision = place.handle(
                .primaryFailed(failure(.serverError(status: 503)), hasFreshForecast: false), at: now
            )
            #expect(decision == .askFallback)
        }
        #expect(place.isSwitched)
        #expect(place.switchedAt == now)
        #expect(place.notice(in: .en) == "Open-Meteo overloaded (503) · asking MET Norway")
        #expect(place.shown == .openMeteo)

        advance(minutes: 0.1)
        do {
            let decision = place.handle(.fallbackAnswered, at: now)
            #expect(decision == .showFallback)
        }
        #expect(place.shown == .metNorway)
        #expect(
            place.notice(in: .en) == "Open-Meteo overloaded (503) · showing MET Norway's forecast")

        // Open-Meteo still fails at the next refresh: the place stays on MET Norway.
        advance(minutes: 15)
        do {
            let decision = place.handle(
                .primaryFailed(
                    failure(.unreachable(.timedOut), summary: "offline"), hasFreshForecast: true),
                at: now)
            #expect(decision == .stay)
        }
        #expect(place.isSwitched)
        #expect(place.notice(in: .en) == "offline · showing MET Norway's forecast")

        // Back: Open-Meteo's forecast replaces MET Norway's, and a late MET answer is dropped.
        advance(minutes: 15)
        do {
            let decision = place.handle(.primaryAnswered, at: now)
            #expect(decision == .switchedBack)
        }
        #expect(!place.isSwitched)
        #expect(place.shown == .openMeteo)
        #expect(place.notice(in: .en) == nil)
        #expect(place.switchedAt == nil)
        do {
            let decision = place.handle(.fallbackAnswered, at: now)
            #expect(decision == .ignoreFallbackAnswer)
        }
        #expect(place.shown == .openMeteo)
    }

    @Test(arguments: [
        ForecastFailure.Kind.unreachable(.connectionFailed), .unreachable(.hostNotFound),
        .unreachable(.timedOut), .unreachable(.tls), .unreachable(.incomplete),
        .serverError(status: 500),
        .serverError(status: 503), .rateLimited(daily: true), .malformed,
    ])
    func theseFailuresSwitch(kind: ForecastFailure.Kind) {
        var place = ProviderSwitch(setting: .metNorway)
        do {
            let decision = place.handle(
                .primaryFailed(failure(kind), hasFreshForecast: false), at: now)
            #expect(decision == .askFallback)
        }
    }

    @Test(arguments: [
        ForecastFailure.Kind.rateLimited(daily: false), .refused(status: 403),
        .rejected(status: 400),
        .rejected(status: 404), .rejected(status: nil), .cancelled, .unreachable(.cancelled),
    ])
    func theseDoNot(kind: ForecastFailure.Kind) {
        var place = ProviderSwitch(setting: .metNorway)
        do {
            let decision = place.handle(
                .primaryFailed(failure(kind), hasFreshForecast: false), at: now)
            #expect(decision == .stay)
        }
        #expect(!place.isSwitched)
    }

    @Test func aFreshForecastInTheCacheKeepsOpenMeteoUntilItIsStale() {
        var place = ProviderSwitch(setting: .metNorway, shown: .openMeteo)
        let overloaded = failure(.serverError(status: 503))
        do {
            let decision = place.handle(.primaryFailed(overloaded, hasFreshForecast: true), at: now)
            #expect(decision == .stay)
        }
        #expect(!place.isSwitched)
        advance(minutes: 20)
        do {
            let decision = place.handle(
                .primaryFailed(overloaded, hasFreshForecast: false), at: now)
            #expect(decision == .askFallback)
        }
    }

    @Test func fallbackNoneNeverSwitchesAndTurningItOffSwitchesBack() {
        var off = ProviderSwitch(setting: .none)
        do {
            let decision = off.handle(
                .primaryFailed(failure(.unreachable(.connectionFailed)), hasFreshForecast: false),
                at: now)
            #expect(decision == .stay)
        }
        #expect(!off.isSwitched)
        do {
            let decision = off.handle(.fallbackAnswered, at: now)
            #expect(decision == .ignoreFallbackAnswer)
        }

        var on = ProviderSwitch(setting: .metNorway)
        _ = on.handle(.primaryFailed(failure(.malformed), hasFreshForecast: false), at: now)
        _ = on.handle(.fallbackAnswered, at: now)
        do {
            let decision = on.handle(.settingChanged(.none), at: now)
            #expect(decision == .switchedBack)
        }
        #expect(!on.isSwitched)
        // MET Norway's forecast stays on screen (with its credit) until Open-Meteo's comes.
        #expect(on.shown == .metNorway)
        do {
            let decision = on.handle(.settingChanged(.metNorway), at: now)
            #expect(decision == .stay)
        }
    }

    @Test func metNorwayIsAskedAtTheSlotsAfterItsExpiresAndAfterAFailure() throws {
        var place = ProviderSwitch(setting: .metNorway)
        let unswitched = place.nextFallbackRequest(
            after: now, schedule: schedule, validity: ConditionalRequest())
        #expect(unswitched == nil)
        _ = place.handle(
            .primaryFailed(failure(.serverError(status: 503)), hasFreshForecast: false), at: now)
        _ = place.handle(.fallbackAnswered, at: now)
        // MET Norway's answer is fresh for 31 minutes: the next slot after that.
        let validity = ConditionalRequest(
            lastModified: "x", freshUntil: now.addingTimeInterval(31 * 60))
        let next = try #require(
            place.nextFallbackRequest(after: now, schedule: schedule, validity: validity))
        #expect(next >= now.addingTimeInterval(31 * 60))
        #expect(next < now.addingTimeInterval(46 * 60))
        #expect(next == schedule.nextSlot(atOrAfter: now.addingTimeInterval(31 * 60)))

        // It fails at that slot: not again at the same instant, but at the next slot, and
        // after a 429 not before the time it names.
        clock.advance(bySeconds: next.timeIntervalSince(now))
        let serverError = ForecastFailure(
            kind: .serverError(status: 502), provider: .metNorway, message: "x",
            summary: "MET Norway error 502")
        _ = place.handle(.fallbackFailed(serverError), at: now)
        #expect(
            place.notice(in: .en)
                == "Open-Meteo overloaded (503) · MET Norway: MET Norway error 502")
        let retry = try #require(
            place.nextFallbackRequest(
                after: now, schedule: schedule, validity: ConditionalRequest()))
        #expect(retry == now.addingTimeInterval(15 * 60))
        let throttled = ForecastFailure(
            kind: .rateLimited(daily: false), provider: .metNorway, message: "x",
            summary: "MET Norway throttled (429)",
            notBefore: now.addingTimeInterval(30 * 60))
        _ = place.handle(.fallbackFailed(throttled), at: now)
        let afterThrottle = try #require(
            place.nextFallbackRequest(
                after: now, schedule: schedule, validity: ConditionalRequest()))
        #expect(afterThrottle == now.addingTimeInterval(30 * 60))
        // An answer clears the failure.
        do {
            let decision = place.handle(.fallbackAnswered, at: now)
            #expect(decision == .showFallback)
        }
        #expect(place.fallbackFailure == nil)
        #expect(place.retryFallbackAfter == nil)
    }

    @Test func aCancelledRefreshChangesNothing() {
        var place = ProviderSwitch(setting: .metNorway)
        _ = place.handle(
            .primaryFailed(failure(.serverError(status: 503)), hasFreshForecast: false), at: now)
        _ = place.handle(
            .primaryFailed(failure(.cancelled, summary: "cancelled"), hasFreshForecast: false),
            at: now)
        let metCancelled = ForecastFailure(
            kind: .cancelled, provider: .metNorway, message: "x", summary: "cancelled")
        _ = place.handle(.fallbackFailed(metCancelled), at: now)
        #expect(place.notice(in: .en) == "Open-Meteo overloaded (503) · asking MET Norway")
        #expect(place.retryFallbackAfter == nil)
    }

    @Test func aMETNorwayFailureWhileOnOpenMeteoIsIgnored() {
        var place = ProviderSwitch(setting: .metNorway)
        let failed = ForecastFailure(
            kind: .malformed, provider: .metNorway, message: "x", summary: "bad")
        do {
            let decision = place.handle(.fallbackFailed(failed), at: now)
            #expect(decision == .stay)
        }
        #expect(place.fallbackFailure == nil)
    }

    @Test func theProvidersNamesAndCredits() {
        #expect(ForecastProviderID.openMeteo.rawValue == "open-meteo")
        #expect(ForecastProviderID.metNorway.rawValue == "met-norway")
        #expect(ForecastProviderID.metNorway.attribution == "Data from MET Norway")
        #expect(ForecastFallback(rawValue: "met-norway")?.provider == .metNorway)
        #expect(ForecastFallback.none.provider == nil)
    }
}
