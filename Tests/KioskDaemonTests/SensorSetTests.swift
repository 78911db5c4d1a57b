import FoundationEssentials
import KioskCore
import KioskDaemon
import Simulator
import Testing

/// Several sensors read side by side on the simulator board: the drivers a Pi runs, over
/// chips simulated at the protocol level, on a clock that moves only when a driver waits.
@Suite struct SensorSetTests {
    let entries = [
        SensorEntry(model: .scd4x, role: .indoor, name: "Living room"),
        SensorEntry(model: .ds18b20, role: .outdoor, name: "Balcony"),
    ]
    let noon = Date(timeIntervalSince1970: 1_700_046_000)

    func board() -> SimulatedSensorBoard {
        SimulatedSensorBoard(
            entries: entries, climate: SimulatedClimate(elevation: 34), clock: SimulatedClock(),
            now: { [noon] in noon })
    }

    @Test func anSCD41IndoorAndADS18B20OutdoorBothRead() async throws {
        let board = board()
        var set = SensorSet(board: board)
        let outcomes = await set.readAll()
        #expect(outcomes.map(\.entry.name) == ["Living room", "Balcony"])
        let indoor = try outcomes[0].result.get()
        let outdoor = try outcomes[1].result.get()
        let climate = SimulatedClimate(elevation: 34)
        let co2 = try #require(indoor.carbonDioxide)
        // Uncompensated for the station's 34 m (no Bosch chip in the set gives a pressure),
        // the chip reads about 0.4 % off, as a real one would.
        #expect(abs(co2.partsPerMillion - climate.carbonDioxide(at: noon).partsPerMillion) <= 5)
        #expect(indoor.humidity != nil)
        let expected = climate.outdoorTemperature(at: noon).celsius
        #expect(abs((outdoor.temperature?.celsius ?? .nan) - expected) < 0.07)
        #expect(outdoor.carbonDioxide == nil)
    }

    @Test func oneFailingNeverHidesTheOtherAndRecoversWhenPluggedBack() async throws {
        let board = board()
        guard case .i2c(let chip as SimulatedSCD4x) = board.chips[0] else {
            Issue.record("the first chip is not the SCD41")
            return
        }
        var set = SensorSet(board: board)
        _ = await set.readAll()
        chip.setUnplugged(true)
        let failed = await set.readAll()
        #expect(throws: SensorReadFailure.self) { try failed[0].result.get() }
        if case .failure(let failure) = failed[0].result {
            #expect(failure.description.hasPrefix("Sensor \"Living room\" (SCD4x): "))
            #expect(failure.description.contains("0x62"))
            #expect(failure.description.hasSuffix("."))
        }
        #expect((try? failed[1].result.get())?.temperature != nil)
        chip.setUnplugged(false)
        chip.powerCycle()
        let recovered = await set.readAll()
        #expect((try? recovered[0].result.get())?.carbonDioxide != nil)
        #expect((try? recovered[1].result.get())?.temperature != nil)
    }

    @Test func theIndoorBoschChipIsTheFirstIndoorBME280OrNone() {
        var pi = KioskConfiguration()
        pi.board = "raspberry-pi-4"
        pi.sensor.kind = .bme280
        pi.sensors = entries
        // An SCD41 and a DS18B20: no BME280 for the indoor page, its tiles show instead.
        #expect(IndoorSensor.bosch(of: pi) == nil)
        pi.sensors.append(SensorEntry(model: .bmp280, role: .outdoor, name: "Roof"))
        pi.sensors.append(SensorEntry(model: .bme280, name: "Hall", bus: 3, address: 0x77))
        let indoor = IndoorSensor.bosch(of: pi)
        #expect(indoor?.sensor.bus == 3 && indoor?.sensor.address == 0x77)
        var simulator = KioskConfiguration()
        simulator.sensor.kind = .simulated
        simulator.sensors = entries
        #expect(IndoorSensor.bosch(of: simulator) == simulator)
        simulator.sensor.kind = .none
        #expect(IndoorSensor.bosch(of: simulator) == nil)
    }
}
