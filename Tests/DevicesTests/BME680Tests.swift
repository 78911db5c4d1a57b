import Devices
import KioskCore
import Simulator
import Testing

/// The BME680/BME688: calibration layout and Bosch's formulas against the vectors the
/// Python script computed from the datasheets; the driver against the register-level
/// simulated chip.
@Suite struct BME680Tests {
    let clock = SimulatedClock()
    let bus = SimulatedI2CBus(name: "/dev/i2c-1")

    @Test func calibrationBytesParseToThePublishedParameters() throws {
        let vectors = try SensorVectors.load().bme680
        let c = BME680Calibration(bytes: vectors.calibrationBytes)
        let p = vectors.calibration
        #expect([c.t1, c.t2, c.t3] == [p["t1"], p["t2"], p["t3"]].compactMap { $0 })
        #expect(
            [c.p1, c.p2, c.p3, c.p4, c.p5, c.p6, c.p7, c.p8, c.p9, c.p10]
                == ["p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9", "p10"].compactMap {
                    p[$0]
                })
        #expect(
            [c.h1, c.h2, c.h3, c.h4, c.h5, c.h6, c.h7]
                == ["h1", "h2", "h3", "h4", "h5", "h6", "h7"].compactMap { p[$0] })
        #expect([c.gh1, c.gh2, c.gh3] == ["gh1", "gh2", "gh3"].compactMap { p[$0] })
        #expect(c.resHeatRange == p["res_heat_range"])
        #expect(c.resHeatValue == p["res_heat_val"])
        #expect(c.rangeSwitchingError == p["range_sw_err"])
        #expect(vectors.calibrationBytes == SimulatedBME680.referenceCalibrationBytes)
    }

    @Test func fieldsCompensateToTheDatasheetsFormulasForBothVariants() throws {
        let vectors = try SensorVectors.load().bme680
        let calibration = BME680Calibration(bytes: vectors.calibrationBytes)
        #expect(vectors.measurements.count == 6)
        for vector in vectors.measurements {
            let variant = try #require(BME680Variant(rawValue: vector.variant))
            let m = try BME680.compensate(
                field: vector.field, variant: variant, calibration: calibration,
                gasMeasured: true, location: "test")
            #expect(abs(m.temperature.celsius - vector.temperatureC) < 1e-9)
            #expect(abs(m.pressure.pascals - vector.pressurePa) < 1e-6)
            #expect(abs(m.humidity - vector.humidityPercent) < 1e-9)
            let gas = try #require(m.gasResistance)
            // The datasheet's constant arrays are printed with 10 digits.
            #expect(abs(gas.ohms - vector.gasResistanceOhm) / vector.gasResistanceOhm < 1e-8)
        }
        // Pimoroni's test values (Bosch's integer API): 26.69 °C, 98 712 Pa, 42.402 %.
        let first = try BME680.compensate(
            field: vectors.measurements[0].field, variant: .bme680, calibration: calibration,
            gasMeasured: true, location: "test")
        #expect(abs(first.temperature.celsius - 26.69) < 0.01)
        #expect(abs(first.pressure.pascals - 98_712) < 10)
        #expect(abs(first.humidity - 42.402) < 0.01)
        #expect(Int(first.gasResistance?.ohms ?? 0) == 12_946_859)  // integer API: 12 946 860
        #expect(BME680Calibration.gasResistanceBME688(adc: 0, range: 0) == 102_400_000)
    }

    @Test func heaterAndWaitCodesFollowBoschsFormulas() throws {
        let vectors = try SensorVectors.load().bme680
        let calibration = BME680Calibration(bytes: vectors.calibrationBytes)
        for heater in vectors.heater {
            #expect(
                Int(
                    calibration.heaterResistanceCode(
                        target: heater.targetC, ambient: heater.ambientC))
                    == heater.resHeat, "\(heater.targetC) °C")
        }
        for wait in vectors.gasWait {
            #expect(
                Int(BME680Calibration.gasWaitCode(milliseconds: wait.milliseconds)) == wait.code)
        }
        #expect(BME680Calibration.gasWaitMilliseconds(code: 0x65) == 148)  // 37 × 4
    }

    @Test(arguments: [BME680Variant.bme680, .bme688])
    func theDriverReadsTheSimulatedChip(variant: BME680Variant) async throws {
        let chip = SimulatedBME680(
            variant: variant,
            air: .fixed(
                temperature: Temperature(celsius: 19.5), humidity: 63,
                carbonDioxide: CarbonDioxide(partsPerMillion: 900),
                pressure: Pressure(pascals: 99_800)), clock: clock)
        bus.attach(chip, at: 0x77)
        var driver = BME680(device: bus.device(at: 0x77), sleep: clock.sleep)
        let m = try await driver.read()
        #expect(m.variant == variant)
        #expect(driver.variant == variant)
        #expect(abs(m.temperature.celsius - 19.5) < 0.01)
        #expect(abs(m.humidity - 63) < 0.05)
        #expect(abs(m.pressure.pascals - 99_800) < 3)
        // 50 kΩ + 200 kΩ × 450/900 in the simulation, to the gas ADC's resolution.
        let gas = try #require(m.gasResistance)
        #expect(abs(gas.ohms - 150_000) / 150_000 < 0.01)
        // The variant's run_gas value and the heater set point were written.
        #expect(chip.register(0x71) == (variant == .bme688 ? 0x20 : 0x10))
        #expect(chip.register(0x64) == BME680Calibration.gasWaitCode(milliseconds: 150))
        #expect(
            chip.register(0x5A) == chip.calibration.heaterResistanceCode(target: 320, ambient: 25))
        _ = try await driver.read()
        // The second heater set point is computed at the measured ambient temperature.
        #expect(
            chip.register(0x5A)
                == chip.calibration.heaterResistanceCode(
                    target: 320, ambient: m.temperature.celsius))
    }

    @Test func withoutAHeaterNoGasIsMeasured() async throws {
        let chip = SimulatedBME680(clock: clock)
        bus.attach(chip, at: 0x76)
        var driver = BME680(
            device: bus.device(at: 0x76), settings: BME680.Settings(heater: nil),
            sleep: clock.sleep)
        let m = try await driver.read()
        #expect(m.gasResistance == nil)
        #expect(chip.register(0x70) == 0x08)  // heat_off
        #expect(
            driver.measurementTime
                == bme680MeasurementTime(temperature: .x1, pressure: .x1, humidity: .x1))
    }

    @Test func aBME280AtTheAddressIsNamedAndTheChipComesBackAfterAnUnplug() async throws {
        bus.attach(SimulatedBME280(), at: 0x76)
        var driver = BME680(device: bus.device(at: 0x76), sleep: clock.sleep)
        do {
            _ = try await driver.read()
            Issue.record("a BME280 was read as a BME680")
        } catch {
            #expect(
                "\(error)"
                    == "The device at 0x76 on /dev/i2c-1 has chip id 0x60 (that is a BME280), not a BME680's or BME688's 0x61; set the sensor's kind to the chip that is there, or its address (a BME680 is at 0x76 or 0x77)."
            )
        }
        let chip = SimulatedBME680(clock: clock)
        bus.attach(chip, at: 0x76)
        _ = try await driver.read()
        chip.setFault(.noAnswer)
        await #expect(throws: I2CTransferError.self) { try await driver.read() }
        #expect(driver.variant == nil)
        chip.setFault(nil)
        _ = try await driver.read()
        #expect(driver.variant == .bme680)
    }

    @Test func aMeasurementThatNeverEndsIsAnErrorNotAStaleValue() async throws {
        let chip = SimulatedBME680(clock: clock)
        bus.attach(chip, at: 0x77)
        var driver = BME680(device: bus.device(at: 0x77), sleep: clock.sleep)
        _ = try await driver.read()
        chip.setFault(.stuckMeasuring)
        do {
            _ = try await driver.read()
            Issue.record("a stuck measurement gave a reading")
        } catch {
            #expect(
                "\(error)".hasPrefix("The BME680 at 0x77 on /dev/i2c-1 had no new data 50 ms after")
            )
        }
    }

    @Test func notMeasuredMarkersAreRefused() throws {
        let calibration = BME680Calibration(bytes: SimulatedBME680.referenceCalibrationBytes)
        var field = [UInt8](repeating: 0, count: 17)
        field[0] = 0x80
        field[2...4] = [0x80, 0x00, 0x00]  // pressure 0x80000
        field[5...7] = [0x7A, 0x5F, 0x80]
        field[8...9] = [0x80, 0x00]  // humidity 0x8000
        #expect(throws: BME680Error(.unmeasured([.pressure, .humidity]), location: "here")) {
            try BME680.compensate(
                field: field, variant: .bme680, calibration: calibration, gasMeasured: false,
                location: "here")
        }
    }
}
