import FoundationEssentials
import KioskCore
import Testing

@Suite("The e-paper refresh policy, with a manual clock")
struct PanelRefreshPolicyTests {
    /// Midnight UTC (the kiosk's offset is 0 here), day 20,000 since the epoch.
    static let midnight = Date(timeIntervalSince1970: 20_000 * 86_400)

    static func time(_ seconds: Double) -> KioskTime {
        KioskTime(
            monotonic: .milliseconds(Int64(seconds * 1000)),
            wall: midnight.addingTimeInterval(seconds), utcOffsetSeconds: 0)
    }

    static let night = NightWindow(
        from: TimeOfDay(hour: 23, minute: 0), to: TimeOfDay(hour: 6, minute: 30), mode: .off)

    /// A day, minute by minute: a forecast every 15 minutes, an indoor reading every minute
    /// (drifting 0.1 °C a minute up and down), the panel busy 30 s per refresh.
    static func day(_ settings: PanelRefreshPolicy.Settings) -> [(minute: Int, full: Bool)] {
        var policy = PanelRefreshPolicy(settings: settings)
        var refreshes: [(minute: Int, full: Bool)] = []
        var busySince: Double?
        for minute in 0..<(24 * 60) {
            let seconds = Double(minute * 60)
            if let since = busySince, seconds - since >= 30 {
                if case .refresh(_, let full) = policy.refreshFinished(
                    succeeded: true, at: time(since + 30))
                {
                    refreshes.append((minute, full))
                    busySince = since + 30
                } else {
                    busySince = nil
                }
            }
            let content = PanelContent(
                slide: "city Rome",
                forecastFetchedAt: midnight.addingTimeInterval(Double(minute / 15 * 15 * 60)),
                indoor: Temperature(
                    celsius: 21 + Double(minute % 20 < 10 ? minute % 10 : 10 - minute % 10) / 10))
            if case .refresh(_, let full) = policy.contentChanged(content, at: time(seconds)) {
                refreshes.append((minute, full))
                busySince = seconds
            }
        }
        #expect(policy.refreshesToday == refreshes.count)
        return refreshes
    }

    @Test("Inky: a day of forecasts and readings is 66 full refreshes, none at night")
    func inkyDay() {
        let refreshes = Self.day(
            PanelRefreshPolicy.Settings(
                capabilities: EPaperPanel.inkyImpression57.capabilities, night: Self.night))
        #expect(refreshes.count == 66)
        #expect(refreshes.allSatisfy { $0.full })
        #expect(refreshes.first?.minute == 6 * 60 + 30, "the first is when the night ends")
        #expect(refreshes.allSatisfy { $0.minute >= 6 * 60 + 30 && $0.minute < 23 * 60 })
        for (earlier, later) in zip(refreshes, refreshes.dropFirst()) {
            #expect(later.minute - earlier.minute >= 15)
        }
    }

    @Test("Waveshare: every 5 minutes at most, one full refresh in ten, the others partial")
    func waveshareDay() {
        let refreshes = Self.day(
            PanelRefreshPolicy.Settings(
                capabilities: EPaperPanel.waveshare7in5V2.capabilities, night: Self.night))
        for (earlier, later) in zip(refreshes, refreshes.dropFirst()) {
            #expect(later.minute - earlier.minute >= 5)
        }
        #expect(refreshes.count <= (23 * 60 - 6 * 60 - 30) / 5 + 1)
        #expect(refreshes.count > 66, "indoor changes are drawn between forecasts")
        let fulls = refreshes.enumerated().filter { $0.element.full }.map(\.offset)
        #expect(fulls.prefix(3) == [0, 10, 20])
    }

    @Test("Without a night window the panel follows the forecasts round the clock")
    func noNight() {
        let refreshes = Self.day(
            PanelRefreshPolicy.Settings(capabilities: EPaperPanel.inkyImpression73.capabilities))
        #expect(refreshes.count == 96)
    }

    @Test("A button redraws at once, even inside the interval; while busy, right after")
    func button() {
        var policy = PanelRefreshPolicy(
            settings: .init(minimumInterval: .seconds(900), partialRefresh: false))
        let rome = PanelContent(slide: "city Rome")
        let oslo = PanelContent(slide: "city Oslo")
        #expect(policy.contentChanged(rome, at: Self.time(0)) == .refresh(rome, full: true))
        // Busy: the press waits for BUSY to clear, then goes first.
        #expect(policy.buttonPressed(oslo, at: Self.time(10)) == .wait)
        #expect(policy.busy)
        #expect(
            policy.refreshFinished(succeeded: true, at: Self.time(30)) == .refresh(oslo, full: true)
        )
        #expect(policy.refreshFinished(succeeded: true, at: Self.time(60)) == .wait)
        // A change without a press waits for the interval; a press does not.
        #expect(policy.contentChanged(rome, at: Self.time(120)) == .wait)
        #expect(policy.nextRefresh(at: Self.time(120)) == Self.time(30 + 900).monotonic)
        #expect(policy.buttonPressed(rome, at: Self.time(130)) == .refresh(rome, full: true))
    }

    @Test("A failed refresh is drawn again when due; an unchanged page never")
    func failureAndNoChange() {
        var policy = PanelRefreshPolicy(
            settings: .init(minimumInterval: .seconds(300), partialRefresh: false))
        let page = PanelContent(slide: "city Rome", indoor: Temperature(celsius: 21.0))
        #expect(policy.contentChanged(page, at: Self.time(0)) == .refresh(page, full: true))
        #expect(policy.refreshFinished(succeeded: false, at: Self.time(45)) == .wait)
        #expect(policy.tick(at: Self.time(300)) == .refresh(page, full: true))
        #expect(policy.refreshFinished(succeeded: true, at: Self.time(330)) == .wait)
        var nearly = page
        nearly.indoor = Temperature(celsius: 21.4)
        #expect(policy.contentChanged(nearly, at: Self.time(2000)) == .wait)
        #expect(policy.nextRefresh(at: Self.time(2000)) == nil)
    }

    @Test("The indoor step is a difference: 0.8 °F (0.44 °C) waits, 1 °F (0.56 °C) is drawn")
    func indoorStepInFahrenheit() {
        var policy = PanelRefreshPolicy(
            settings: .init(minimumInterval: .seconds(60), partialRefresh: false))
        let page = PanelContent(slide: "city Rome", indoor: Temperature(fahrenheit: 70))
        #expect(policy.contentChanged(page, at: Self.time(0)) == .refresh(page, full: true))
        #expect(policy.refreshFinished(succeeded: true, at: Self.time(30)) == .wait)
        var warmer = page
        warmer.indoor = Temperature(fahrenheit: 70.8)
        #expect(policy.contentChanged(warmer, at: Self.time(600)) == .wait)
        warmer.indoor = Temperature(fahrenheit: 71)
        #expect(policy.contentChanged(warmer, at: Self.time(660)) == .refresh(warmer, full: true))
    }

    @Test(
        "The first forecast of a page that has none is drawn at once (not at night); the next waits"
    )
    func firstForecast() {
        var policy = PanelRefreshPolicy(
            settings: .init(
                minimumInterval: .seconds(900), partialRefresh: false, night: Self.night))
        let waiting = PanelContent(slide: "city Rome")
        var fetched = waiting
        fetched.forecastFetchedAt = Self.midnight.addingTimeInterval(8 * 3600 + 40)
        #expect(
            policy.contentChanged(waiting, at: Self.time(8 * 3600)) == .refresh(waiting, full: true)
        )
        #expect(policy.refreshFinished(succeeded: true, at: Self.time(8 * 3600 + 30)) == .wait)
        #expect(policy.nextRefresh(at: Self.time(8 * 3600 + 30)) == nil)
        // Forty seconds after the start, the first forecast: drawn now, not in 15 minutes.
        #expect(
            policy.contentChanged(fetched, at: Self.time(8 * 3600 + 40))
                == .refresh(fetched, full: true))
        #expect(policy.refreshFinished(succeeded: true, at: Self.time(8 * 3600 + 70)) == .wait)
        // The one after it keeps to the interval.
        var newer = fetched
        newer.forecastFetchedAt = Self.midnight.addingTimeInterval(8 * 3600 + 300)
        #expect(policy.contentChanged(newer, at: Self.time(8 * 3600 + 300)) == .wait)
        #expect(
            policy.nextRefresh(at: Self.time(8 * 3600 + 300))
                == Self.time(8 * 3600 + 40 + 900).monotonic)

        // At night a first forecast waits for the morning like any change.
        var night = PanelRefreshPolicy(
            settings: .init(
                minimumInterval: .seconds(900), partialRefresh: false, night: Self.night))
        #expect(night.contentChanged(waiting, at: Self.time(3600)) == .wait)
        #expect(night.buttonPressed(waiting, at: Self.time(3600)) == .refresh(waiting, full: true))
        #expect(night.refreshFinished(succeeded: true, at: Self.time(3630)) == .wait)
        #expect(night.contentChanged(fetched, at: Self.time(3700)) == .wait)
        #expect(night.nextRefresh(at: Self.time(3700)) == Self.time(6 * 3600 + 30 * 60).monotonic)
    }
}
