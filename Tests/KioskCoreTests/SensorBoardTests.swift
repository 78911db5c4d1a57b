import FoundationEssentials
import KioskCore
import Testing

/// The `[[sensors]]` sub-machine: each sensor's last values and failure on its own.
@Suite struct SensorBoardTests {
    let indoor = SensorEntry(model: .scd4x, role: .indoor, name: "Living room")
    let outdoor = SensorEntry(model: .ds18b20, role: .outdoor, name: "Balcony")
    let start = Date(timeIntervalSince1970: 1_700_000_000)

    func values(co2: Double? = nil, celsius: Double) -> SensorValues {
        SensorValues(
            temperature: Temperature(celsius: celsius),
            carbonDioxide: co2.map(CarbonDioxide.init(partsPerMillion:)))
    }

    @Test func oneFailingKeepsItsValuesAndNeverTouchesTheOther() {
        var board = SensorBoard()
        let first = board.record(
            [
                SensorSample(entry: indoor, result: .success(values(co2: 900, celsius: 21))),
                SensorSample(entry: outdoor, result: .success(values(celsius: 4))),
            ], at: start)
        #expect(first)
        let later = start.addingTimeInterval(60)
        let unplugged = SensorProblem("Sensor \"Living room\" (SCD4x): nothing answers at 0x62.")
        let second = board.record(
            [
                SensorSample(entry: indoor, result: .failure(unplugged)),
                SensorSample(entry: outdoor, result: .success(values(celsius: 5))),
            ], at: later)
        #expect(second)
        #expect(board.sensors[0].error == unplugged.description)
        #expect(board.sensors[0].values?.carbonDioxide?.partsPerMillion == 900)
        #expect(board.sensors[0].readAt == start)
        #expect(board.sensors[1].error == nil)
        #expect(board.sensors[1].readAt == later)
        #expect(board.first(.outdoor, \.temperature)?.value.celsius == 5)
        #expect(board.first(.indoor, \.carbonDioxide)?.status.entry == indoor)
        // Plugged back: its own error clears.
        _ = board.record(
            [
                SensorSample(entry: indoor, result: .success(values(co2: 1200, celsius: 22))),
                SensorSample(entry: outdoor, result: .success(values(celsius: 5))),
            ], at: later.addingTimeInterval(60))
        #expect(board.sensors.allSatisfy { $0.error == nil })
        #expect(board.first(.indoor, \.carbonDioxide)?.value.band == .ventilate)
    }

    @Test func theSameRoundTwiceChangesNothing() {
        var board = SensorBoard()
        let round = [SensorSample(entry: outdoor, result: .success(values(celsius: 4)))]
        let changed = board.record(round, at: start)
        let again = board.record(round, at: start)
        #expect(changed && !again)
    }

    @Test func eachSensorKeepsItsDayAndItsTendency() {
        var board = SensorBoard()
        for minute in stride(from: 0, through: 180, by: 5) {
            let time = start.addingTimeInterval(Double(minute) * 60)
            let failing = minute == 90
            _ = board.record(
                [
                    SensorSample(
                        entry: indoor,
                        result: failing
                            ? .failure(SensorProblem("Sensor \"Living room\" fails."))
                            : .success(values(co2: 600 + Double(minute) * 4, celsius: 21))),
                    SensorSample(
                        entry: outdoor,
                        result: .success(values(celsius: 8 - Double(minute) / 60))),
                ], at: time)
        }
        let co2 = board.sensors[0].history
        #expect(co2.carbonDioxide.samples.count == 36)  // 37 rounds, one failed
        #expect(co2.carbonDioxide.samples.last?.value == 1320)
        #expect(co2.carbonDioxideTendency == .rising)
        #expect(co2.temperatureTendency == .steady)
        let outside = board.sensors[1].history
        #expect(outside.temperature.samples.count == 37)
        #expect(outside.temperatureTendency == .falling)
        #expect(outside.carbonDioxide.samples.isEmpty && outside.carbonDioxideTendency == nil)
    }
}
