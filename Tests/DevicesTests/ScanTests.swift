import Devices
import KioskCore
import Simulator
import Testing

/// `sensor scan` against a simulated bus with several chips: what answers, what it is,
/// and that nothing is written to a chip that has not been identified.
@Suite struct ScanTests {
    let clock = SimulatedClock()
    let bus = SimulatedI2CBus(name: "/dev/i2c-1")

    @Test func everySupportedChipIsFoundAndNamed() async throws {
        let sht4 = SimulatedSHT4x(clock: clock)
        let sht3 = SimulatedSHT3x(clock: clock)
        let scd = SimulatedSCD4x(variant: .scd41, clock: clock)
        bus.attach(SimulatedBME280(), at: 0x76)
        bus.attach(SimulatedBME680(variant: .bme688, clock: clock), at: 0x77)
        bus.attach(sht4, at: 0x44)
        bus.attach(sht3, at: 0x45)
        bus.attach(scd, at: 0x62)
        let found = try await I2CScan.scan(bus, sleep: clock.sleep)
        #expect(found.map(\.address) == [0x44, 0x45, 0x62, 0x76, 0x77])
        #expect(found.map(\.model) == [.sht4x, .sht3x, .scd4x, .bme280, .bme680])
        #expect(
            found.map(\.summary) == [
                "SHT4x, serial 0x0f1d2c3b", "SHT3x, serial 0x1a2b3c4d",
                "SCD41, serial 0x9a3b7c2104e5", "BME280 (chip id 0x60)", "BME688 (chip id 0x61)",
            ])
        // Only identification: no measurement was started.
        #expect(!scd.isMeasuring)
        #expect(!sht4.commands.contains([0xFD]))
        #expect(!sht3.commands.contains([0x24, 0x00]))
    }

    @Test func aMeasuringSCD4xIsFoundAndLeftMeasuring() async throws {
        let scd = SimulatedSCD4x(variant: .scd40, clock: clock)
        bus.attach(scd, at: 0x62)
        var driver = SCD4x(device: bus.device(at: 0x62), sleep: clock.sleep)
        _ = try await driver.read()  // the running kiosk's sensor
        let found = try await I2CScan.scan(bus, sleep: clock.sleep)
        #expect(found.map(\.identity) == [.scd4x(serial: nil, variant: nil, measuring: true)])
        #expect(scd.isMeasuring)
        #expect(scd.commands.filter { $0 == [0x3F, 0x86] }.count == 1)  // the driver's only
        _ = try await driver.read()  // and it keeps measuring for the kiosk
    }

    @Test func displaysAreNamedByAddressWithNothingWrittenToThem() async throws {
        bus.attach(SimulatedHD44780(), at: 0x27)
        bus.attach(SimulatedOLED(controller: .ssd1306), at: 0x3C)
        let found = try await I2CScan.scan(bus, sleep: clock.sleep)
        #expect(found.map(\.identity) == [.characterDisplay, .oledDisplay])
        #expect(found.allSatisfy { $0.model == nil })
        for address: UInt8 in [0x27, 0x3C] {
            let traffic = bus.traffic(at: address)
            #expect(traffic.transfers == 1)  // the quick probe
            #expect(traffic.writtenBytes == 0)
        }
        // Addresses where nothing is attached cost one probe each, and nothing else.
        #expect(bus.traffic(at: 0x44).transfers == 1)
        #expect(bus.traffic(at: 0x44).writtenBytes == 0)
    }

    @Test func somethingElseAtASensorsAddressIsUnidentifiedNotGuessed() async throws {
        bus.attach(SimulatedBME280(), at: 0x44)  // a register chip where an SHT lives
        let bmpCalibration = Array(SimulatedBME280.referenceCalibrationBytes.prefix(26))
        bus.attach(SimulatedBME280(model: .bmp280, calibrationBytes: bmpCalibration), at: 0x77)
        let found = try await I2CScan.scan(bus, sleep: clock.sleep)
        #expect(found.count == 2)
        guard case .unidentified(let reason) = found[0].identity else {
            Issue.record("a register chip at 0x44 was taken for \(found[0].summary)")
            return
        }
        #expect(reason.hasPrefix("no SHT4x serial number"))
        #expect(found[0].model == nil)
        #expect(found[1].identity == .bosch(.bmp280, chipID: 0x58))
    }

    @Test func aBusThatCannotBeOpenedIsAnErrorButANoisyChipIsNot() async throws {
        let sht4 = SimulatedSHT4x(clock: clock)
        bus.attach(sht4, at: 0x45)
        sht4.corruptNextAnswer()
        let found = try await I2CScan.scan(bus, sleep: clock.sleep)
        // The SHT4x attempt failed its CRC; as an SHT3x it does not answer either.
        guard case .unidentified(let reason) = found.first?.identity else {
            Issue.record("a corrupted serial identified a chip")
            return
        }
        #expect(reason.contains("CRC"))
    }
}
