import Devices
import KioskCore
import Simulator
import Testing

/// The SCD4x driver against the protocol-level simulated SCD40/SCD41, on a clock that
/// moves only when the driver sleeps (5-second measurements take no time).
@Suite struct SCD4xDriverTests {
    let clock = SimulatedClock()
    let bus = SimulatedI2CBus(name: "/dev/i2c-1")

    /// Air at 1150 ppm and 950 hPa: far enough from the standard atmosphere that the
    /// pressure compensation shows.
    let air = SimulatedAir.fixed(
        temperature: Temperature(celsius: 22.25), humidity: 48.5,
        carbonDioxide: CarbonDioxide(partsPerMillion: 1150), pressure: Pressure(pascals: 95_000))

    func chip(_ variant: SCD4x.Variant = .scd41) -> SimulatedSCD4x {
        let chip = SimulatedSCD4x(variant: variant, air: air, clock: clock)
        bus.attach(chip, at: 0x62)
        return chip
    }

    @Test func periodicSetUpStopsReadsTheSerialSetsCalibrationAndAltitudeThenStarts()
        async throws
    {
        let chip = chip()
        let settings = SCD4x.Settings(altitude: 540)
        var driver = SCD4x(device: bus.device(at: 0x62), settings: settings, sleep: clock.sleep)
        let measurement = try await driver.read()
        #expect(driver.serial == chip.serial)
        #expect(chip.isMeasuring)
        #expect(chip.selfCalibration)
        #expect(chip.altitude == 540)
        let codes = chip.commands.map { UInt16($0[0]) << 8 | UInt16($0[1]) }
        #expect(Array(codes.prefix(5)) == [0x3F86, 0x3682, 0x2416, 0x2427, 0x21B1])
        #expect(codes.suffix(2) == [0xE4B8, 0xEC05])
        #expect(abs(measurement.temperature.celsius - 22.25) < 0.002)
        #expect(abs(measurement.humidity - 48.5) < 0.001)
        // Compensated for 540 m (standard atmosphere ≈ 95 001 Pa) in 95 000 Pa air.
        #expect(abs(measurement.carbonDioxide.partsPerMillion - 1150) <= 1)
        // The next read waits for the next 5-second value; a second read_measurement
        // within the interval would find nothing.
        _ = try await driver.read()
        #expect(chip.commands.filter { $0 == [0x21, 0xB1] }.count == 1)
    }

    @Test func theStationPressureCompensatesTheReading() async throws {
        let chip = chip()
        var driver = SCD4x(device: bus.device(at: 0x62), sleep: clock.sleep)
        // Uncompensated (it assumes sea level), the chip under-reads in thinner air.
        let raw = try await driver.read()
        #expect(abs(raw.carbonDioxide.partsPerMillion - 1150 * 95_000 / 101_325) <= 1)
        let compensated = try await driver.read(ambientPressure: Pressure(pascals: 95_000))
        #expect(chip.ambientPressure == 950)
        #expect(abs(compensated.carbonDioxide.partsPerMillion - 1150) <= 1)
        // The same pressure is not sent again.
        let sent = chip.commands.filter { $0.prefix(2) == [0xE0, 0x00] }.count
        _ = try await driver.read(ambientPressure: Pressure(pascals: 95_010))
        #expect(chip.commands.filter { $0.prefix(2) == [0xE0, 0x00] }.count == sent)
    }

    @Test func selfCalibrationCanBeTurnedOff() async throws {
        let chip = chip()
        var driver = SCD4x(
            device: bus.device(at: 0x62),
            settings: SCD4x.Settings(automaticSelfCalibration: false), sleep: clock.sleep)
        _ = try await driver.read()
        #expect(!chip.selfCalibration)
    }

    @Test func singleShotOnAnSCD41MeasuresPerReadAndStaysIdle() async throws {
        let chip = chip(.scd41)
        var driver = SCD4x(
            device: bus.device(at: 0x62), settings: SCD4x.Settings(mode: .singleShot),
            sleep: clock.sleep)
        let measurement = try await driver.read(ambientPressure: Pressure(pascals: 95_000))
        #expect(abs(measurement.carbonDioxide.partsPerMillion - 1150) <= 1)
        #expect(driver.variant == .scd41)
        #expect(!chip.isMeasuring)
        #expect(chip.commands.contains([0x21, 0x9D]))
        #expect(!chip.commands.contains([0x21, 0xB1]))
    }

    @Test func singleShotOnAnSCD40IsRefusedWithASentence() async throws {
        _ = chip(.scd40)
        var driver = SCD4x(
            device: bus.device(at: 0x62), settings: SCD4x.Settings(mode: .singleShot),
            sleep: clock.sleep)
        do {
            _ = try await driver.read()
            Issue.record("an SCD40 measured in single shot")
        } catch {
            #expect(
                "\(error)"
                    == "The SCD4x at 0x62 on /dev/i2c-1 is an SCD40, which has no single-shot measurement (only the SCD41 has); use periodic measurement."
            )
        }
    }

    @Test func forcedRecalibrationNeedsThreeMinutesOfMeasuringThenCorrects() async throws {
        let chip = chip()
        var driver = SCD4x(device: bus.device(at: 0x62), sleep: clock.sleep)
        _ = try await driver.read()
        do {
            _ = try await driver.performForcedRecalibration(
                target: CarbonDioxide(partsPerMillion: 1000))
            Issue.record("a recalibration after 5 s of measuring was taken")
        } catch {
            #expect(
                "\(error)".hasPrefix(
                    "The SCD4x at 0x62 on /dev/i2c-1 refused the forced recalibration"))
        }
        // Measure for 3 minutes (the failure set the chip up again), then recalibrate.
        for _ in 0..<40 { _ = try await driver.read() }
        let before = try await driver.read().carbonDioxide.partsPerMillion
        let correction = try await driver.performForcedRecalibration(
            target: CarbonDioxide(partsPerMillion: 1000))
        #expect(correction == Int(1000 - before))
        #expect(chip.isMeasuring)  // started again
        #expect(abs(try await driver.read().carbonDioxide.partsPerMillion - 1000) <= 1)
    }

    @Test func aPowerCycledChipIsSetUpAgainAndMeasures() async throws {
        let chip = chip()
        var driver = SCD4x(device: bus.device(at: 0x62), sleep: clock.sleep)
        _ = try await driver.read()
        bus.detach(at: 0x62)
        await #expect(throws: I2CTransferError.self) { try await driver.read() }
        chip.powerCycle()
        bus.attach(chip, at: 0x62)
        #expect(!chip.isMeasuring)
        _ = try await driver.read()
        #expect(chip.isMeasuring)
    }

    @Test func aChipThatStopsMeasuringBehindTheDriversBackIsNotWaitedForForever()
        async throws
    {
        let chip = chip()
        var driver = SCD4x(device: bus.device(at: 0x62), sleep: clock.sleep)
        _ = try await driver.read()
        chip.powerCycle()  // a brown-out: idle, no new data ever
        do {
            _ = try await driver.read()
            Issue.record("a reading came from an idle chip")
        } catch {
            #expect(
                "\(error)".hasPrefix("The SCD4x at 0x62 on /dev/i2c-1 still had no new measurement")
            )
        }
        _ = try await driver.read()  // set up again
        #expect(chip.isMeasuring)
    }

    @Test func aCorruptedWordIsRefused() async throws {
        let chip = chip()
        var driver = SCD4x(device: bus.device(at: 0x62), sleep: clock.sleep)
        _ = try await driver.read()
        chip.corruptNextAnswer()  // the data-ready status
        await #expect(throws: SensirionError.self) { try await driver.read() }
        _ = try await driver.read()
    }

    @Test func zeroPpmIsNoReadingButNoReasonToSetTheChipUpAgain() async throws {
        let chip = chip()
        chip.setAir(
            .fixed(
                temperature: Temperature(celsius: 20), humidity: 40,
                carbonDioxide: CarbonDioxide(partsPerMillion: 0),
                pressure: Pressure(pascals: 101_325)))
        var driver = SCD4x(device: bus.device(at: 0x62), sleep: clock.sleep)
        await #expect(
            throws: SensirionError(.noCarbonDioxide, chip: "SCD4x", location: "0x62 on /dev/i2c-1")
        ) {
            try await driver.read()
        }
        chip.setAir(air)
        _ = try await driver.read()
        #expect(chip.commands.filter { $0 == [0x3F, 0x86] }.count == 1)
    }
}
