import Devices
import FoundationEssentials
import KioskCore
import Simulator
import Testing

/// The simulated Sensirion chips' own rules (what a driver must respect), and the
/// climate's CO2 and outdoor temperature.
@Suite struct SimulatedSensorTests {
    let clock = SimulatedClock()
    let bus = SimulatedI2CBus()

    @Test func theClimateHasEveningCO2AboveTheVentilateLineAndAnOutdoorDay() {
        let climate = SimulatedClimate(elevation: 34, utcOffsetSeconds: 0)
        let midnight = Date(timeIntervalSince1970: 1_700_006_400)  // 00:00 UTC
        var bands: Set<CarbonDioxideBand> = []
        var outdoor: [Double] = []
        for hour in 0..<24 {
            let instant = midnight.addingTimeInterval(Double(hour) * 3600)
            let ppm = climate.carbonDioxide(at: instant).partsPerMillion
            #expect((420...1300).contains(ppm))
            bands.insert(climate.carbonDioxide(at: instant).band)
            outdoor.append(climate.outdoorTemperature(at: instant).celsius)
            #expect((50...90).contains(climate.outdoorHumidity(at: instant)))
        }
        #expect(bands == [.good, .ventilate])
        #expect(
            climate.carbonDioxide(at: midnight.addingTimeInterval(21 * 3600)).band == .ventilate)
        #expect(outdoor.firstIndex(of: outdoor.max()!) == 15)
        #expect(outdoor.max()! - outdoor.min()! > 10)  // a wider swing than indoors
    }

    @Test func aSensirionChipRefusesACommandWhileMeasuringAndAnEarlyRead() throws {
        let chip = SimulatedSHT3x(clock: clock)
        let at = "0x44 on the simulated bus"
        try chip.write(register: 0x24, value: 0x00, location: at)
        clock.advance(by: .milliseconds(5))
        #expect(throws: I2CTransferError.self) {
            try chip.write(register: 0xF3, value: 0x2D, location: at)
        }
        #expect(throws: I2CTransferError.self) { try chip.read(count: 6, location: at) }
        clock.advance(by: .milliseconds(10))
        let bytes = try chip.read(count: 6, location: at)
        #expect(try SensirionWords.decode(bytes).count == 2)
        // The answer is read once.
        #expect(throws: I2CTransferError.self) { try chip.read(count: 6, location: at) }
    }

    @Test func anArgumentWithAWrongCRCIsNotTaken() throws {
        let chip = SimulatedSCD4x(clock: clock)
        let at = "0x62 on the simulated bus"
        try chip.write(register: 0x24, bytes: [0x27] + SensirionWords.encode([540]), location: at)
        #expect(chip.altitude == 540)
        clock.advance(by: .milliseconds(1))
        var frame = [0x27] + SensirionWords.encode([900])
        frame[3] ^= 0xFF
        #expect(throws: I2CTransferError.self) {
            try chip.write(register: 0x24, bytes: frame, location: at)
        }
        #expect(chip.altitude == 540)
    }

    @Test func anSCD4xHasNewDataEveryFiveSecondsAndOnlyOnce() async throws {
        let chip = SimulatedSCD4x(clock: clock)
        bus.attach(chip, at: 0x62)
        let device = bus.device(at: 0x62)
        try await device.write(register: 0x21, value: 0xB1)  // start_periodic_measurement
        func readMeasurement() async throws -> [UInt8] {
            try await device.write(register: 0xEC, value: 0x05)
            clock.advance(by: .milliseconds(1))
            return try await device.read(count: 9)
        }
        clock.advance(by: .seconds(4))
        await #expect(throws: I2CTransferError.self) { try await readMeasurement() }
        clock.advance(by: .seconds(1))
        #expect(try SensirionWords.decode(try await readMeasurement())[0] == 600)
        await #expect(throws: I2CTransferError.self) { try await readMeasurement() }
        // Measuring, it takes no other command.
        await #expect(throws: I2CTransferError.self) {
            try await device.write(register: 0x36, value: 0x82)
        }
    }

    @Test func theSimulatedBusProbesWithoutData() async throws {
        let chip = SimulatedSHT4x(clock: clock)
        bus.attach(chip, at: 0x44)
        #expect(try await bus.acknowledges(0x44))
        #expect(try await !bus.acknowledges(0x45))
        chip.setUnplugged(true)
        #expect(try await !bus.acknowledges(0x44))
        #expect(chip.commands.isEmpty)
    }
}
