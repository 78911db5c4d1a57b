import Devices
import KioskCore
import Simulator
import Testing

/// The SHT3x and SHT4x drivers against the protocol-level simulated chips, on a clock
/// that moves only when the driver sleeps: the chips' timing rules apply, nothing waits.
@Suite struct SHTDriverTests {
    let clock = SimulatedClock()
    let bus = SimulatedI2CBus(name: "/dev/i2c-1")
    let air = SimulatedAir.fixed(
        temperature: Temperature(celsius: 23.4), humidity: 51.2,
        carbonDioxide: CarbonDioxide(partsPerMillion: 420), pressure: Pressure(pascals: 100_000))

    @Test func sht3xReadsInSingleShotHighRepeatabilityAfterAResetAndAStatusRead() async throws {
        let chip = SimulatedSHT3x(air: air, clock: clock)
        bus.attach(chip, at: 0x44)
        var driver = SHT3x(device: bus.device(at: 0x44), sleep: clock.sleep)
        let measurement = try await driver.read()
        #expect(abs(measurement.temperature.celsius - 23.4) < 0.002)
        #expect(abs(measurement.humidity - 51.2) < 0.001)
        #expect(chip.commands == [[0x30, 0xA2], [0xF3, 0x2D], [0x30, 0x41], [0x24, 0x00]])
        #expect(chip.status & 0x8010 == 0)  // cleared after the reset was seen
        _ = try await driver.read()
        #expect(chip.commands.suffix(2) == [[0x24, 0x00], [0x24, 0x00]])  // no second set-up
        #expect(try await driver.serialNumber() == chip.serial)
    }

    @Test func aReadBeforeTheMeasurementEndsIsNotAcknowledged() async throws {
        let chip = SimulatedSHT3x(air: air, clock: clock)
        bus.attach(chip, at: 0x44)
        let device = bus.device(at: 0x44)
        try await device.write(register: 0x24, value: 0x00)
        clock.advance(by: .milliseconds(14))
        await #expect(throws: I2CTransferError.self) { try await device.read(count: 6) }
        // A driver that waited only the typical 12.5 ms would never get a reading.
        let clock = self.clock
        var hasty = SHT3x(device: device) { _ in clock.advance(by: .milliseconds(12)) }
        await #expect(throws: I2CTransferError.self) { try await hasty.read() }
    }

    @Test func aWrongCRCIsOneSentenceNamingTheChipBusAndAddressAndTheNextReadRecovers()
        async throws
    {
        let chip = SimulatedSHT3x(air: air, clock: clock)
        bus.attach(chip, at: 0x45)
        var driver = SHT3x(device: bus.device(at: 0x45), sleep: clock.sleep)
        _ = try await driver.read()
        chip.corruptNextAnswer()
        do {
            _ = try await driver.read()
            Issue.record("a corrupted frame gave a reading")
        } catch let error as SensirionError {
            #expect(
                error.description.hasPrefix("The SHT3x at 0x45 on /dev/i2c-1 sent word 1 of 2 ("))
            #expect(
                error.description.hasSuffix(
                    "the transfer was corrupted, so no reading was taken; check the wiring and the pull-ups, or shorten the cable."
                ))
        }
        #expect(abs(try await driver.read().temperature.celsius - 23.4) < 0.002)
        #expect(chip.commands.filter { $0 == [0x30, 0xA2] }.count == 2)  // reset again
    }

    @Test func anUnpluggedSHT3xFailsAndComesBackWithoutANewDriver() async throws {
        let chip = SimulatedSHT3x(air: air, clock: clock)
        bus.attach(chip, at: 0x44)
        var driver = SHT3x(device: bus.device(at: 0x44), sleep: clock.sleep)
        _ = try await driver.read()
        bus.detach(at: 0x44)
        do {
            _ = try await driver.read()
            Issue.record("an unplugged sensor gave a reading")
        } catch {
            #expect("\(error)".contains("0x44 on /dev/i2c-1"))
        }
        bus.attach(chip, at: 0x44)
        #expect(abs(try await driver.read().humidity - 51.2) < 0.001)
    }

    @Test func sht4xReadsSerialThenMeasuresWithHighPrecision() async throws {
        let chip = SimulatedSHT4x(
            air: .fixed(
                temperature: Temperature(celsius: -12.5), humidity: 97.5,
                carbonDioxide: CarbonDioxide(partsPerMillion: 420),
                pressure: Pressure(pascals: 100_000)), clock: clock)
        bus.attach(chip, at: 0x46)
        var driver = SHT4x(device: bus.device(at: 0x46), sleep: clock.sleep)
        let measurement = try await driver.read()
        #expect(abs(measurement.temperature.celsius + 12.5) < 0.002)
        #expect(abs(measurement.humidity - 97.5) < 0.002)
        #expect(driver.serial == chip.serial)
        #expect(chip.commands == [[0x94], [0x89], [0xFD]])
        _ = try await driver.read()
        #expect(chip.commands.count == 4)
    }

    @Test func sht4xHumidityIsCroppedToTheDatasheetsRange() {
        #expect(SensirionSignal.humiditySHT4x(0) == 0)  // −6 % by the formula
        #expect(SensirionSignal.humiditySHT4x(65535) == 100)  // 119 % by the formula
        #expect(abs(SensirionSignal.humiditySHT4x(0x8000) - 56.500953) < 1e-6)
    }

    @Test func sht4xUnpluggedAndBackAndACorruptedAnswer() async throws {
        let chip = SimulatedSHT4x(air: air, clock: clock)
        bus.attach(chip, at: 0x44)
        var driver = SHT4x(device: bus.device(at: 0x44), sleep: clock.sleep)
        _ = try await driver.read()
        chip.setUnplugged(true)
        await #expect(throws: I2CTransferError.self) { try await driver.read() }
        #expect(driver.serial == nil)
        chip.setUnplugged(false)
        chip.corruptNextAnswer()  // the serial number, on the set-up after the failure
        await #expect(throws: SensirionError.self) { try await driver.read() }
        #expect(abs(try await driver.read().temperature.celsius - 23.4) < 0.002)
    }
}
