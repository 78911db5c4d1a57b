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
}
