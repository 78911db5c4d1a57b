import Devices
import FoundationEssentials
import KioskCore
import Simulator
import Testing

/// The simulated chip's own behaviour.
@Suite struct SimulatorTests {
    @Test(arguments: [
        (-20.0, 10.0, 80_000.0), (0.0, 50.0, 95_000.0), (21.648, 45.0, 101_325.0),
        (35.0, 90.0, 105_000.0),
    ])
    func conditionsInvertToRawValuesThatCompensateBack(
        temperature: Double, humidity: Double, pressure: Double
    ) {
        for vector in Vector.all {
            let raw = vector.calibration.rawSample(
                temperature: temperature, humidity: vector.model == .bme280 ? humidity : nil,
                pressure: pressure)
            #expect(raw.skippedChannels.isEmpty)  // even at the marker's temperature
            let back = vector.calibration.compensate(raw)
            #expect(abs(back.temperature - temperature) < 0.01)
            #expect(abs(back.pressure - pressure) < 3)
            if vector.model == .bme280 {
                #expect(abs((back.humidity ?? -1) - humidity) < 0.05)
            }
        }
    }

    @Test func registersHaveTheirPowerOnValues() {
        let chip = SimulatedBME280()
        let registers = chip.registers
        #expect(registers[0xD0] == 0x60)
        #expect(Array(registers[0xF7...0xFE]) == [0x80, 0, 0, 0x80, 0, 0, 0x80, 0])
        #expect(Array(registers[0x88..<0x88 + 26]) == Array(Vector.v2Bytes[0..<26]))
        #expect(Array(registers[0xE1...0xE7]) == Array(Vector.v2Bytes[26..<33]))
        #expect(
            SimulatedBME280(
                model: .bmp280, calibration: Vector.all[0].calibration,
                output: .raw(Vector.all[0].raw)
            ).registers[0xD0] == 0x58)
    }

    @Test func aMeasurementTakesTime() async throws {
        let bus = SimulatedI2CBus()
        let chip = SimulatedBME280(
            output: .conditions(temperature: 30, humidity: 40, pressure: 100_000))
        bus.attach(chip, at: 0x77)
        let device = bus.device(at: 0x77)
        try await device.write(register: 0xF2, value: 0x01)
        try await device.write(register: 0xF4, value: 0x25)
        // Right after the trigger the data registers still hold the reset values.
        let early = try await device.read(register: 0xF7, count: 8)
        #expect(early == [0x80, 0, 0, 0x80, 0, 0, 0x80, 0])
        try await Task.sleep(for: .milliseconds(12))
        let status = try await device.read(register: 0xF3, count: 1)[0]
        #expect(status & 0x08 == 0)
        let data = try await device.read(register: 0xF7, count: 8)
        #expect(data != early)
        #expect(try await device.read(register: 0xF4, count: 1) == [0x24])  // back to sleep
    }

    @Test func nothingAnswersAtAnEmptyAddress() async {
        let bus = SimulatedI2CBus()
        await #expect(throws: I2CTransferError.self) {
            try await bus.device(at: 0x40).read(register: 0, count: 1)
        }
    }

    @Test func theClimateHasADailyCycle() {
        let climate = SimulatedClimate(elevation: 34, utcOffsetSeconds: 3600)
        let midnightLocal = Date(timeIntervalSince1970: 1_700_006_400 - 3600)  // 00:00 UTC+1
        var warmestHour = 0
        var warmest = -100.0
        for hour in 0..<24 {
            let conditions = climate.conditions(
                at: midnightLocal.addingTimeInterval(Double(hour) * 3600))
            #expect((19...24).contains(conditions.temperature))
            #expect((30...60).contains(conditions.humidity))
            #expect((95_000...104_000).contains(conditions.pressure))
            if conditions.temperature > warmest {
                warmest = conditions.temperature
                warmestHour = hour
            }
        }
        #expect(warmestHour == 15)
        let high = SimulatedClimate(elevation: 1500).conditions(at: midnightLocal)
        #expect(high.pressure < 88_000)
    }
}
