import FoundationEssentials
import KioskCore
import Testing

/// The `[[sensors]]`' histories carry on across a restart: restored by name and chip, a
/// sensor gone from the config losing its history, written hourly and when stopping.
@Suite struct SensorHistoryRestoreTests {
    let livingRoom = SensorEntry(model: .scd4x, role: .indoor, name: "Living room")
    let balcony = SensorEntry(model: .ds18b20, role: .outdoor, name: "Balcony")
    let start = Date(timeIntervalSince1970: 1_700_000_000)

    /// Three hours of CO2 rising 900 → 1500 ppm and a temperature falling 8 → 4 °C.
    func threeHours() -> SensorHistoryArchive {
        var indoor = SensorHistories()
        var outdoor = SensorHistories()
        for step in 0...36 {
            let time = start.addingTimeInterval(Double(step) * 300)
            indoor.record(
                SensorValues(
                    temperature: Temperature(celsius: 21),
                    carbonDioxide: CarbonDioxide(partsPerMillion: 900 + Double(step) * 600 / 36)),
                at: time)
            outdoor.record(
                SensorValues(temperature: Temperature(celsius: 8 - Double(step) * 4 / 36)),
                at: time)
        }
        return SensorHistoryArchive([
            .init(key: .init(livingRoom), history: indoor),
            .init(key: .init(balcony), history: outdoor),
        ])
    }

    func round(_ entries: [SensorEntry], celsius: Double = 5) -> [SensorSample] {
        entries.map {
            SensorSample(
                entry: $0,
                result: .success(SensorValues(temperature: Temperature(celsius: celsius))))
        }
    }

    @Test func theHistoriesAndTendenciesComeBackOnceEachSensorIsRead() {
        let later = start.addingTimeInterval(3 * 3600 + 60)
        var board = SensorBoard(restoring: threeHours(), at: later)
        _ = board.record(round([livingRoom, balcony]), at: later)
        let indoor = board.sensors[0].history
        #expect(indoor.carbonDioxide.samples.count == 37)
        #expect(indoor.carbonDioxideTendency == .rising)
        #expect(board.sensors[1].history.temperatureTendency == .falling)
        #expect(board.sensors[1].history.temperature.samples.first?.time == start)
    }

    @Test func aSensorGoneFromTheConfigLosesItsHistory() {
        let later = start.addingTimeInterval(3 * 3600)
        var board = SensorBoard(restoring: threeHours(), at: later)
        // Before the first round nothing is known of the config: both are kept to write.
        #expect(board.archive.sensors.map(\.key.name) == ["Living room", "Balcony"])
        _ = board.record(round([balcony]), at: later)
        #expect(board.archive.sensors.map(\.key.name) == ["Balcony"])
        #expect(board.archive[.init(livingRoom)] == nil)
    }

    @Test func aRenamedSensorOrAnotherChipStartsAfresh() {
        let later = start.addingTimeInterval(3 * 3600)
        var board = SensorBoard(restoring: threeHours(), at: later)
        let renamed = SensorEntry(model: .ds18b20, role: .outdoor, name: "Garden")
        let otherChip = SensorEntry(model: .sht4x, role: .indoor, name: "Living room")
        _ = board.record(round([renamed, otherChip]), at: later)
        #expect(board.sensors.allSatisfy { $0.history.temperature.samples.count == 1 })
        #expect(board.sensors.allSatisfy { $0.history.carbonDioxide.samples.isEmpty })
    }

    @Test func aSensorMovedToAnotherAddressKeepsItsHistory() {
        var board = SensorBoard()
        let first = SensorEntry(model: .sht4x, name: "Bedroom", bus: 1, address: 0x44)
        let moved = SensorEntry(model: .sht4x, name: "Bedroom", bus: 1, address: 0x45)
        _ = board.record(round([first], celsius: 20), at: start)
        _ = board.record(round([moved], celsius: 21), at: start.addingTimeInterval(600))
        #expect(board.sensors[0].history.temperature.samples.map(\.value) == [20, 21])
    }

    @Test func theReducerRestoresWritesHourlyAndWhenStopping() {
        var clock = TestClock()
        var configuration = KioskConfiguration()
        configuration.sensors = [livingRoom, balcony]
        var state = KioskState(
            settings: KioskSettings(configuration), now: clock.now, seed: 7)
        var archive = threeHours()
        // Dated three hours before now, as a file written just before a restart is.
        let shift = clock.now.wall.timeIntervalSince(start) - 3 * 3600
        archive.sensors = archive.sensors.map { sensor in
            var moved = SensorHistories()
            for sample in sensor.history.carbonDioxide.samples {
                moved.record(
                    SensorValues(
                        carbonDioxide: CarbonDioxide(partsPerMillion: sample.value)),
                    at: sample.time.addingTimeInterval(shift))
            }
            for sample in sensor.history.temperature.samples {
                moved.record(
                    SensorValues(temperature: Temperature(celsius: sample.value)),
                    at: sample.time.addingTimeInterval(shift))
            }
            return .init(key: sensor.key, history: moved)
        }
        _ = state.handle(
            .started(restored: nil, forecasts: [], sensorHistory: archive), at: clock.now)
        var writes: [SensorHistoryArchive] = []
        for _ in 0..<25 {
            clock.advance(300)
            let effects = state.handle(
                .sensorsRead(round([livingRoom, balcony]), completesPoll: false), at: clock.now)
            for case .saveSensorHistory(let written) in effects { writes.append(written) }
        }
        #expect(writes.count == 2, "125 minutes of rounds: written at 60 and 120")
        #expect(state.sensorBoard.sensors[0].history.carbonDioxideTendency != nil)
        let stopping = state.handle(.stopping, at: clock.now)
        let saved = stopping.compactMap { effect -> SensorHistoryArchive? in
            if case .saveSensorHistory(let archive) = effect { archive } else { nil }
        }
        #expect(saved == [state.sensorBoard.archive])
        let kept = saved.first?[.init(livingRoom)]?.carbonDioxide.samples.count ?? 0
        #expect(kept == 37, "the restored three hours carry on: \(kept) samples")
    }
}
