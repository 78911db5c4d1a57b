import Devices
import FoundationEssentials
import KioskCore
import Simulator
import Testing

/// The calibrations of the published vectors (bme280-vectors.md V1–V4) and their chips.
private let calibrations: [(model: SensorChip, calibration: BME280Calibration)] = [
    (
        .bmp280,
        BME280Calibration(
            t1: 27504, t2: 26435, t3: -1000, p1: 36477, p2: -10685, p3: 3024, p4: 2855,
            p5: 140, p6: -7, p7: 15500, p8: -14600, p9: 6000, humidity: nil)
    ),
    (.bme280, parse(SimulatedBME280.referenceCalibrationBytes)),
    (
        .bme280,
        BME280Calibration(
            t1: 28009, t2: 25654, t3: 50, p1: 39145, p2: -10750, p3: 3024, p4: 5667,
            p5: -120, p6: -7, p7: 15500, p8: -14600, p9: 6000,
            humidity: .init(h1: 75, h2: 376, h3: 0, h4: 286, h5: 50, h6: 30))
    ),
    (
        .bme280,
        parse([
            0x6C, 0x6E, 0x77, 0x66, 0x32, 0x00, 0xA8, 0x92, 0x27, 0xD5, 0xD0, 0x0B, 0x6F,
            0x18, 0xCA, 0xFF, 0xF9, 0xFF, 0xAC, 0x26, 0x0A, 0xD8, 0xBD, 0x10, 0x00, 0x4B,
            0x65, 0x01, 0x00, 0x14, 0x0B, 0x00, 0x1E,
        ])
    ),
]

private func parse(_ bytes: [UInt8]) -> BME280Calibration {
    BME280Calibration(
        temperatureAndPressure: Array(bytes[0..<26]), humidity: Array(bytes[26..<33]))
}

/// The simulated chip's own behaviour.
@Suite struct SimulatorTests {
    @Test(arguments: [
        (-20.0, 10.0, 80_000.0), (0.0, 50.0, 95_000.0), (21.648, 45.0, 101_325.0),
        (35.0, 90.0, 105_000.0),
    ])
    func conditionsInvertToRawValuesThatCompensateBack(
        temperature: Double, humidity: Double, pressure: Double
    ) {
        for vector in calibrations {
            let raw = vector.calibration.rawSample(
                temperature: Temperature(celsius: temperature),
                humidity: vector.model == .bme280 ? humidity : nil,
                pressure: Pressure(pascals: pressure))
            #expect(raw.skippedChannels.isEmpty)  // even at the marker's temperature
            let back = vector.calibration.compensate(raw)
            #expect(abs(back.temperature.celsius - temperature) < 0.01)
            #expect(abs(back.pressure.pascals - pressure) < 3)
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
        let bytes = SimulatedBME280.referenceCalibrationBytes
        #expect(Array(registers[0x88..<0x88 + 26]) == Array(bytes[0..<26]))
        #expect(Array(registers[0xE1...0xE7]) == Array(bytes[26..<33]))
        let bmp280 = SimulatedBME280(
            model: .bmp280, calibration: calibrations[0].calibration,
            output: .conditions(
                temperature: Temperature(celsius: 20), humidity: 50,
                pressure: Pressure(pascals: 100_000)))
        #expect(bmp280.registers[0xD0] == 0x58)
        #expect(Array(bmp280.registers[0xE1...0xE7]) == Array(repeating: 0, count: 7))
    }

    @Test func aMeasurementTakesTime() async throws {
        let bus = SimulatedI2CBus()
        let chip = SimulatedBME280(
            output: .conditions(
                temperature: Temperature(celsius: 30), humidity: 40,
                pressure: Pressure(pascals: 100_000)))
        bus.attach(chip, at: 0x77)
        let device = bus.device(at: 0x77)
        // ×16 on every channel: 112.8 ms, long enough that "right after" is reliably early.
        try await device.write(register: 0xF2, value: 0x05)
        try await device.write(register: 0xF4, value: 0xB5)
        // Right after the trigger the data registers still hold the reset values.
        let early = try await device.read(register: 0xF7, count: 8)
        #expect(early == [0x80, 0, 0, 0x80, 0, 0, 0x80, 0])
        try await Task.sleep(for: .milliseconds(130))
        let status = try await device.read(register: 0xF3, count: 1)[0]
        #expect(status & 0x08 == 0)
        let data = try await device.read(register: 0xF7, count: 8)
        #expect(data != early)
        #expect(try await device.read(register: 0xF4, count: 1) == [0xB4])  // back to sleep
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
            #expect((19...24).contains(conditions.temperature.celsius))
            #expect((30...60).contains(conditions.humidity))
            #expect((95_000...104_000).contains(conditions.pressure.pascals))
            if conditions.temperature.celsius > warmest {
                warmest = conditions.temperature.celsius
                warmestHour = hour
            }
        }
        #expect(warmestHour == 15)
        let high = SimulatedClimate(elevation: 1500).conditions(at: midnightLocal)
        #expect(high.pressure.pascals < 88_000)
    }
}
