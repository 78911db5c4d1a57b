import FoundationEssentials
import KioskCore
import Testing

/// The reducer with an e-paper panel: refreshes planned by `PanelRefreshPolicy` instead of
/// cycling, driven through a simulated day with a manual clock.
@Suite("The reducer on an e-paper panel")
struct KioskStatePanelTests {
    static let rome = City(name: "Rome", coordinate: Coordinate(latitude: 41.89, longitude: 12.51))
    static let oslo = City(name: "Oslo", coordinate: Coordinate(latitude: 59.91, longitude: 10.75))
    static let night = NightWindow(
        from: TimeOfDay(hour: 23, minute: 0), to: TimeOfDay(hour: 6, minute: 30), mode: .off)

    static func settings(minRefreshMinutes: Int? = nil) -> KioskSettings {
        var configuration = KioskConfiguration()
        configuration.cities = [rome, oslo]
        configuration.display.pages = [.city, .hourly]
        configuration.display.night = night
        configuration.display.minRefreshMinutes = minRefreshMinutes
        configuration.sensor.kind = .simulated
        return KioskSettings(configuration)
    }

    /// The kiosk as the engine runs it: every fetch and reading succeeds at once (the
    /// indoor temperature drifting 0.1 °C a minute, up for ten minutes and down for ten),
    /// and the panel is busy `busySeconds` after each frame it is given.
    struct Kiosk {
        var state: KioskState
        var clock: TestClock
        var busySeconds: Double
        var busyUntil: MonotonicInstant?
        var refreshes: [(time: LocalDateTime, full: Bool)] = []

        init(
            _ capabilities: DisplayCapabilities = EPaperPanel.inkyImpression57.capabilities,
            settings: KioskSettings = KioskStatePanelTests.settings(), hour: Int = 0,
            busySeconds: Double = 30
        ) {
            self.busySeconds = busySeconds
            clock = TestClock(hour: hour)
            state = KioskState(settings: settings, now: clock.now, seed: 7)
            send(.displayDescribed(capabilities))
            send(.started(restored: nil, forecasts: []))
        }

        mutating func send(_ event: KioskEvent) {
            var queue = state.handle(event, at: clock.now)
            while !queue.isEmpty {
                let effect = queue.removeFirst()
                switch effect {
                case .render:
                    #expect(busyUntil == nil, "a frame was asked for while the panel is busy")
                    refreshes.append((clock.now.local, state.panelPlan?.fullRefresh ?? true))
                    if busySeconds > 0 {
                        busyUntil = clock.now.monotonic.advanced(bySeconds: busySeconds)
                    }
                case .fetchForecasts:
                    queue += state.handle(
                        .forecastSucceeded(
                            fetchedAt: clock.now.wall,
                            forecasts: [
                                ForecastEntry(
                                    coordinate: rome.coordinate, fetchedAt: clock.now.wall,
                                    forecast: LocationForecast(coordinate: rome.coordinate))
                            ]), at: clock.now)
                case .readSensor:
                    let minute = clock.now.local.minuteOfDay
                    let drift = Double(minute % 20 < 10 ? minute % 10 : 10 - minute % 10) / 10
                    queue += state.handle(
                        .sensorSucceeded(
                            indoorReading(at: clock.now.wall, temperature: 21 + drift)),
                        at: clock.now)
                default:
                    break
                }
            }
        }

        /// Runs `seconds` on: timers at their deadlines, the panel's BUSY clearing.
        mutating func run(for seconds: Double) {
            let end = clock.now.monotonic.advanced(bySeconds: seconds)
            while true {
                let next = [state.nextDeadline, busyUntil].compactMap { $0 }.min()
                guard let next, next <= end else { break }
                clock.advance(max(0, next.seconds(since: clock.now.monotonic)))
                if let until = busyUntil, until <= clock.now.monotonic {
                    busyUntil = nil
                    send(.frameFinished(succeeded: true))
                } else {
                    send(.tick)
                }
            }
            clock.advance(end.seconds(since: clock.now.monotonic))
        }
    }

    @Test("A day of forecasts and readings: 66 refreshes, 15 minutes apart, none at night")
    func aDay() {
        var kiosk = Kiosk()
        kiosk.run(for: 24 * 3600)
        let minutes = kiosk.refreshes.map { $0.time.minuteOfDay }
        #expect(kiosk.refreshes.count == 66)
        #expect(minutes.allSatisfy { !Self.night.contains(minuteOfDay: $0) })
        #expect(minutes.first == 6 * 60 + 30)
        for (before, after) in zip(minutes, minutes.dropFirst()) {
            #expect(after - before >= 15)
        }
        // Never cycled: the first favourite's first page all day.
        #expect(kiosk.state.slide == Slide(.page(.city), cityIndex: 0))
    }

    @Test("display.min_refresh_minutes = 60 makes it hourly")
    func minimumMinutesFromTheConfig() {
        var kiosk = Kiosk(settings: Self.settings(minRefreshMinutes: 60))
        kiosk.run(for: 24 * 3600)
        #expect(kiosk.refreshes.count == 17)
        #expect(kiosk.state.panelStatus(at: kiosk.clock.now)?.minimumMinutes == 60)
    }

    @Test("A press redraws at once; a second one while BUSY waits for it to clear")
    func aPressRedrawsAtOnce() throws {
        var kiosk = Kiosk(hour: 12)
        #expect(kiosk.refreshes.count == 1)  // the first frame, before any forecast
        kiosk.run(for: 60)
        #expect(kiosk.refreshes.count == 2, "the first forecast, as soon as BUSY cleared")
        kiosk.run(for: 60)
        #expect(kiosk.refreshes.count == 2)
        kiosk.send(.action(.nextCity, from: .button))
        #expect(kiosk.refreshes.count == 3, "a press within the interval redraws at once")
        kiosk.clock.advance(5)
        kiosk.send(.action(.nextCity, from: .button))
        #expect(kiosk.refreshes.count == 3, "nothing is sent while the panel is busy")
        kiosk.run(for: 30)
        #expect(kiosk.refreshes.count == 4, "drawn as soon as BUSY cleared")
        #expect(kiosk.state.slide == Slide(.page(.city), cityIndex: 0))
        let status = try #require(kiosk.state.panelStatus(at: kiosk.clock.now))
        #expect(status.refreshesToday == 4)
        #expect(status.busy)
        #expect(status.lastRefresh == kiosk.clock.now.wall.addingTimeInterval(-5))
    }

    @Test("A press that leaves the page as it is shows a change that waits at once")
    func aPressShowsWhatWaits() {
        // No sensor (its drift would leave more waiting). The first frame, the first
        // forecast drawn once BUSY cleared (at 30 s); the next forecast came in at 15 min
        // and waits for the end of the interval (15 min 30 s), the panel idle.
        var settings = Self.settings()
        settings.sensorEnabled = false
        var kiosk = Kiosk(settings: settings, hour: 12)
        kiosk.run(for: 15 * 60 + 20)
        #expect(kiosk.refreshes.count == 2)
        #expect(kiosk.busyUntil == nil)
        #expect(kiosk.state.panelStatus(at: kiosk.clock.now)?.pendingRefresh != nil)
        let drawn = kiosk.refreshes.count
        kiosk.send(.action(.showCity(0), from: .button))
        #expect(kiosk.refreshes.count == drawn + 1, "the waiting change is drawn at once")
        #expect(kiosk.state.panelStatus(at: kiosk.clock.now)?.pendingRefresh == nil)
    }

    @Test("A refresh that failed is tried again after the interval, not at once")
    func aFailedRefreshIsRetriedWhenDue() {
        var kiosk = Kiosk(hour: 12)
        kiosk.busyUntil = nil
        kiosk.send(.frameFinished(succeeded: false))
        #expect(kiosk.refreshes.count == 1)
        let due = kiosk.state.panelPlan?.due
        #expect(due == kiosk.clock.now.monotonic.advanced(bySeconds: 15 * 60))
        kiosk.run(for: 15 * 60)
        #expect(kiosk.refreshes.count == 2)
    }

    @Test("A screen that is no panel cycles as before")
    func aScreenCycles() {
        var kiosk = Kiosk(.screen(PixelSize(width: 800, height: 480)), hour: 12, busySeconds: 0)
        kiosk.run(for: 60)
        #expect(kiosk.state.panelPlan == nil)
        #expect(kiosk.refreshes.count >= 5)
    }

    @Test("The Waveshare makes one full refresh in ten, partial ones between")
    func partialRefreshes() {
        var kiosk = Kiosk(EPaperPanel.waveshare7in5V2.capabilities)
        kiosk.run(for: 24 * 3600)
        let full = kiosk.refreshes.filter(\.full).count
        #expect(kiosk.refreshes.count > 100)
        #expect(full == (kiosk.refreshes.count + 9) / 10)
        #expect(kiosk.refreshes.first?.full == true)
    }

    @Test("A press at night redraws at once; the data that comes in does not")
    func aPressAtNight() {
        var kiosk = Kiosk(hour: 2)
        kiosk.run(for: 3600)
        #expect(kiosk.refreshes.isEmpty)
        kiosk.send(.action(.nextPage, from: .button))
        #expect(kiosk.refreshes.count == 1)
        kiosk.run(for: 3600)
        #expect(kiosk.refreshes.count == 1)
    }

    @Test("A panel that opened late adopts the frame it showed: no second refresh at once")
    func aPanelThatOpenedLate() throws {
        let clock = TestClock(hour: 12)
        var state = KioskState(settings: Self.settings(), now: clock.now, seed: 7)
        _ = state.handle(.displayDescribed(nil), at: clock.now)
        #expect(
            state.handle(.started(restored: nil, forecasts: []), at: clock.now).contains(.render))
        #expect(state.panelPlan == nil)
        let effects = state.handle(
            .displayDescribed(EPaperPanel.inkyWhatRed.capabilities, showing: true), at: clock.now)
        #expect(!effects.contains(.render))
        let status = try #require(state.panelStatus(at: clock.now))
        #expect(status.refreshesToday == 1)
        #expect(status.minimumMinutes == 10)
        #expect(status.pendingRefresh == nil)
        #expect(status.nextPossibleRefresh == clock.now.wall.addingTimeInterval(600))
    }
}
