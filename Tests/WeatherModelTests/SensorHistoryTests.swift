import FoundationEssentials
import Testing
import WeatherModel

/// A `[[sensors]]` quantity's 24 hours and its 3-hour tendency.
@Suite struct SensorHistoryTests {
    static let base = Date(timeIntervalSince1970: 1_800_000_000)

    func at(minutes: Double) -> Date { Self.base.addingTimeInterval(minutes * 60) }

    @Test func oneSamplePerFiveMinutesForADay() {
        var history = SensorHistory()
        for minute in stride(from: 0.0, through: 26 * 60, by: 1) {
            history.record(400 + minute, at: at(minutes: minute))
        }
        #expect(history.samples.count == 24 * 12 + 1)
        #expect(history.samples.last?.value == 1960.0)
        #expect(history.samples.first!.time >= at(minutes: 2 * 60))
        history.record(.nan, at: at(minutes: 26 * 60 + 10))
        #expect(history.samples.last?.value == 1960.0)
    }

    @Test func theTendencyNeedsThreeHoursAndLeavesTheSteadyBandAlone() {
        var history = SensorHistory()
        for minute in stride(from: 0.0, through: 160, by: 5) {
            history.record(800, at: at(minutes: minute))
        }
        #expect(history.tendency(steadyBand: 100) == nil)
        history.record(850, at: at(minutes: 180))
        #expect(history.threeHourChange == 50)
        #expect(history.tendency(steadyBand: 100) == .steady)
        history.record(950, at: at(minutes: 185))
        #expect(history.tendency(steadyBand: 100) == .rising)
        history.record(650, at: at(minutes: 190))
        #expect(history.tendency(steadyBand: 100) == .falling)
    }

    @Test func aClockSteppedBackDropsTheFuture() {
        var history = SensorHistory()
        history.record(5, at: at(minutes: 24 * 60))
        history.record(4, at: at(minutes: 0))
        #expect(history.samples.map(\.value) == [4])
    }
}
