import FoundationEssentials
import Testing
import WeatherModel

@Suite struct IndoorHistoryTests {
    private func reading(_ minutes: Double, _ temperature: Double = 21) -> SensorReading {
        SensorReading(
            chip: .bme280, time: Date(timeIntervalSince1970: 1_800_000_000 + minutes * 60),
            temperature: Temperature(celsius: temperature), humidity: 45,
            pressure: Pressure(pascals: 101_300))
    }

    @Test func oneSamplePerFiveMinutesTheLatestWins() {
        var history = IndoorHistory()
        for minute in stride(from: 0.0, through: 14, by: 1) {
            history.record(reading(minute, minute))
        }
        #expect(history.samples.map(\.temperature.celsius) == [4, 9, 14])
    }

    @Test func keepsTwentyFourHours() {
        var history = IndoorHistory()
        for minute in stride(from: 0.0, through: 48 * 60, by: 5) { history.record(reading(minute)) }
        #expect(history.samples.count == 24 * 12 + 1)
        let span = history.samples.last!.time.timeIntervalSince(history.samples.first!.time)
        #expect(span == 24 * 3600)
    }

    @Test func ignoresReadingsFromThePastAndSortsOnLoad() {
        var history = IndoorHistory()
        history.record(reading(60))
        history.record(reading(10))
        #expect(history.samples.count == 1)
        let loaded = IndoorHistory(samples: [reading(20), reading(0), reading(10)])
        #expect(
            loaded.samples.map(\.time) == [reading(0).time, reading(10).time, reading(20).time])
    }
}
