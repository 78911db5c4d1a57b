import Devices
import KioskCore
import Simulator
import Testing

/// The BME280 driver against the register-level simulated chip.
@Suite struct DriverTests {
    @Test(arguments: Vector.all)
    func vectorsThroughTheDriver(vector: Vector) async throws {
        let chip = SimulatedBME280(
            model: vector.model, calibration: vector.calibration, output: .raw(vector.raw))
        var bench = Bench(chip: chip)
        let measurement = try await bench.driver.read()
        #expect(measurement.chip == vector.model)
        #expect(measurement.raw == vector.raw)
        #expect(close(measurement.temperature.celsius, vector.temperature))
        #expect(close(measurement.pressure.pascals, vector.pressure))
        if let humidity = vector.humidity {
            #expect(close(measurement.humidity, humidity))
        } else {
            #expect(measurement.humidity == nil)
        }
        #expect(bench.driver.calibration == vector.calibration)
    }

    @Test func probesResetsAndConfiguresInTheDatasheetsOrder() async throws {
        var bench = Bench(chip: SimulatedBME280())
        _ = try await bench.driver.read()
        let transfers = bench.recorder.transfers
        // chip id, reset, NVM-copy status, calibration, config, ctrl_hum, ctrl_meas, status,
        // data burst.
        #expect(transfers.first == .read(0xD0, 1))
        #expect(transfers[1] == .write(0xE0, 0xB6))
        #expect(transfers.contains(.read(0x88, 26)))
        #expect(transfers.contains(.read(0xE1, 7)))
        let humidityControl = try #require(transfers.firstIndex(of: .write(0xF2, 0x01)))
        let measurementControl = try #require(transfers.firstIndex(of: .write(0xF4, 0x25)))
        #expect(humidityControl < measurementControl)
        #expect(transfers.last == .read(0xF7, 8))
        #expect(transfers.contains(.write(0xF5, 0x00)))
    }

    @Test func laterReadsDoNotProbeAgain() async throws {
        var bench = Bench(chip: SimulatedBME280())
        _ = try await bench.driver.read()
        bench.recorder.clear()
        _ = try await bench.driver.read()
        #expect(!bench.recorder.transfers.contains(.write(0xE0, 0xB6)))
        #expect(!bench.recorder.transfers.contains(.read(0x88, 26)))
        // Only the id is checked before the measurement.
        #expect(Array(bench.recorder.transfers.prefix(2)) == [.read(0xD0, 1), .write(0xF2, 0x01)])
    }

    @Test func oversamplingAndFilterReachTheRegisters() async throws {
        let settings = BME280.Settings(oversampling: .x16, filter: .x4)
        var bench = Bench(chip: SimulatedBME280(), settings: settings)
        _ = try await bench.driver.read()
        #expect(bench.recorder.transfers.contains(.write(0xF2, 0x05)))
        #expect(bench.recorder.transfers.contains(.write(0xF4, 0b101_101_01)))
        #expect(bench.recorder.transfers.contains(.write(0xF5, 0b010_00)))
        #expect(bench.chip.lastWrite(to: 0xF5) == 0x08)
        #expect(
            bench.driver.maximumMeasurementTime(for: .bme280) == .microseconds(112_800))
    }

    @Test func theFirstReadAfterPowerOnIsARealMeasurement() async throws {
        // A driver that read too early would get the reset values (0x80000): 684 hPa-style
        // garbage, or here a skipped error. The driver waits and gets the conditions.
        let chip = SimulatedBME280(
            output: .conditions(
                temperature: Temperature(celsius: 23.5), humidity: 61,
                pressure: Pressure(pascals: 98_765)))
        var bench = Bench(chip: chip)
        let measurement = try await bench.driver.read()
        #expect(abs(measurement.temperature.celsius - 23.5) < 0.01)
        #expect(abs((measurement.humidity ?? 0) - 61) < 0.05)
        #expect(abs(measurement.pressure.pascals - 98_765) < 2)
    }

    @Test func aBMP280ReportsNoHumidityAndReadsSixDataBytes() async throws {
        let chip = SimulatedBME280(
            model: .bmp280, calibration: Vector.all[0].calibration,
            output: .conditions(
                temperature: Temperature(celsius: 19), humidity: 50,
                pressure: Pressure(pascals: 101_000)))
        var bench = Bench(chip: chip)
        let measurement = try await bench.driver.read()
        #expect(measurement.chip == .bmp280)
        #expect(measurement.humidity == nil)
        #expect(abs(measurement.temperature.celsius - 19) < 0.01)
        #expect(!bench.recorder.transfers.contains(.read(0xE1, 7)))
        #expect(!bench.recorder.transfers.contains { $0 == .write(0xF2, 0x01) })
        #expect(bench.recorder.transfers.last == .read(0xF7, 6))
    }

    @Test func theChipsFilterSmoothsASuddenChange() async throws {
        let chip = SimulatedBME280(
            output: .conditions(
                temperature: Temperature(celsius: 20), humidity: 50,
                pressure: Pressure(pascals: 100_000)))
        var bench = Bench(chip: chip, settings: BME280.Settings(filter: .x16))
        _ = try await bench.driver.read()
        chip.setOutput(
            .conditions(
                temperature: Temperature(celsius: 20), humidity: 50,
                pressure: Pressure(pascals: 101_600)))
        let filtered = try await bench.driver.read()
        // With coefficient 16 one step moves a sixteenth of the way.
        #expect(abs(filtered.pressure.pascals - 100_100) < 5)
    }
}

/// Each fault of the simulated chip: the right error, then recovery on the next read.
@Suite struct FaultTests {
    enum Expected: Sendable {
        case transfer
        case unknownChip(UInt8)
        case timedOut
        case skipped
    }

    @Test(arguments: [
        (SimulatedBME280.Fault.noAnswer, Expected.transfer),
        (.stuckMeasuring, .timedOut),
        (.skippedValues, .skipped),
        (.wrongChipID(0x55), .unknownChip(0x55)),
        (.wrongChipID(0xFF), .unknownChip(0xFF)),
    ])
    func faultThenRecovery(fault: SimulatedBME280.Fault, expected: Expected) async throws {
        let chip = SimulatedBME280(
            output: .conditions(
                temperature: Temperature(celsius: 21), humidity: 45,
                pressure: Pressure(pascals: 100_500)))
        var bench = Bench(chip: chip)
        _ = try await bench.driver.read()
        chip.setFault(fault)
        do {
            _ = try await bench.driver.read()
            Issue.record("the read under \(fault) returned a number")
        } catch let error as BME280Error {
            switch (expected, error.reason) {
            case (.unknownChip(let id), .unknownChip(let got)):
                #expect(id == got)
                #expect(error.description.contains("0x76 on the simulated bus"))
                #expect(error.description.contains("check sensor.address"))
            case (.timedOut, .measurementTimedOut(let milliseconds)):
                #expect(milliseconds == 20)
                #expect(error.description.contains("still said \"measuring\""))
            case (.skipped, .skipped(let channels)):
                #expect(channels == [.temperature, .pressure, .humidity])
                #expect(error.description.contains("no reading was taken"))
            default:
                Issue.record("unexpected \(error) for \(fault)")
            }
        } catch let error as I2CTransferError {
            guard case .transfer = expected else {
                Issue.record("unexpected \(error) for \(fault)")
                return
            }
            #expect(error.description.contains("Nothing answers at 0x76 on the simulated bus"))
        }
        #expect(bench.driver.chip == nil)  // forgotten: the next read probes again

        chip.setFault(nil)
        bench.recorder.clear()
        let measurement = try await bench.driver.read()
        #expect(abs(measurement.temperature.celsius - 21) < 0.01)
        #expect(bench.recorder.transfers.first == .read(0xD0, 1))
        #expect(bench.recorder.transfers[1] == .write(0xE0, 0xB6))
    }

    @Test func aBMP280IdIsReportedAsSuchAndAReplacedChipIsFound() async throws {
        let chip = SimulatedBME280(
            output: .conditions(
                temperature: Temperature(celsius: 21), humidity: 45,
                pressure: Pressure(pascals: 100_500)))
        var bench = Bench(chip: chip)
        chip.setFault(.bmp280ID)
        let bmp = try await bench.driver.read()
        #expect(bmp.chip == .bmp280)
        #expect(bmp.humidity == nil)
        #expect(abs(bmp.temperature.celsius - 21) < 0.01)

        // Swapping the chip means unplugging it: the failed read makes the next one probe.
        bench.bus.detach(at: 0x76)
        await #expect(throws: I2CTransferError.self) { try await bench.driver.read() }
        chip.setFault(nil)
        bench.bus.attach(chip, at: 0x76)
        let bme = try await bench.driver.read()
        #expect(bme.chip == .bme280)
        #expect(abs((bme.humidity ?? 0) - 45) < 0.05)
    }

    @Test func aChipSwappedBetweenReadsIsProbedAfresh() async throws {
        let chip = SimulatedBME280(
            output: .conditions(
                temperature: Temperature(celsius: 21), humidity: 45,
                pressure: Pressure(pascals: 100_500)))
        var bench = Bench(chip: chip)
        #expect(try await bench.driver.read().chip == .bme280)
        chip.setFault(.bmp280ID)
        #expect(try await bench.driver.read().chip == .bmp280)
        chip.setFault(nil)
        bench.recorder.clear()
        let again = try await bench.driver.read()
        #expect(again.chip == .bme280 && again.humidity != nil)
        #expect(bench.recorder.transfers[1] == .write(0xE0, 0xB6))
    }

    @Test func unpluggedAndPluggedBackIn() async throws {
        let chip = SimulatedBME280()
        var bench = Bench(chip: chip)
        _ = try await bench.driver.read()
        bench.bus.detach(at: 0x76)
        for _ in 0..<3 {
            await #expect(throws: I2CTransferError.self) { try await bench.driver.read() }
        }
        bench.bus.attach(SimulatedBME280(), at: 0x76)  // a fresh chip: power-on registers
        let measurement = try await bench.driver.read()
        #expect(abs(measurement.temperature.celsius - 21) < 0.01)
    }

    @Test func skippedHumidityAloneIsRefused() async throws {
        // V5's markers as the chip's output: the driver never turns them into numbers.
        let raw = BME280RawSample(temperature: 0x84510, pressure: 0x4F570, humidity: 0x8000)
        var bench = Bench(chip: SimulatedBME280(output: .raw(raw)))
        await #expect(
            throws: BME280Error(.skipped([.humidity]), location: "0x76 on the simulated bus")
        ) {
            try await bench.driver.read()
        }
    }

    @Test func emptyCalibrationIsRefused() async throws {
        let device = InMemoryI2CDevice(address: 0x77)
        device.set(0xD0, to: [0x60])
        var driver = BME280(device: device, sleep: { _ in })
        await #expect(
            throws: BME280Error(.implausibleCalibration, location: "0x77 on the in-memory bus")
        ) {
            try await driver.read()
        }
    }

    /// A port that breaks its contract by returning one byte less than asked for.
    struct ShortReads: I2CDevice {
        let inner: any I2CDevice
        var bus: String { inner.bus }
        var address: UInt8 { inner.address }
        func read(register: UInt8, count: Int) async throws -> [UInt8] {
            let bytes = try await inner.read(register: register, count: count)
            return count > 1 ? Array(bytes.dropLast()) : bytes
        }
        func write(register: UInt8, value: UInt8) async throws {
            try await inner.write(register: register, value: value)
        }
        func write(register: UInt8, bytes: [UInt8]) async throws {
            try await inner.write(register: register, bytes: bytes)
        }
        func send(_ byte: UInt8) async throws { try await inner.send(byte) }
    }

    @Test func aShortReadIsAnErrorNotACrash() async throws {
        let bus = SimulatedI2CBus()
        bus.attach(SimulatedBME280(), at: 0x76)
        var driver = BME280(device: ShortReads(inner: bus.device(at: 0x76)))
        await #expect(
            throws: I2CTransferError(
                "The device at 0x76 on the simulated bus returned 25 bytes from register 0x88 instead of 26; no reading was taken."
            )
        ) {
            try await driver.read()
        }
    }

    @Test func aChipThatKeepsCopyingItsNVMIsRefused() async throws {
        let device = InMemoryI2CDevice(address: 0x76)
        device.set(0xD0, to: [0x60])
        device.set(0xF3, to: [0x01])
        var driver = BME280(device: device, sleep: { _ in })
        await #expect(
            throws: BME280Error(.calibrationCopyTimedOut, location: "0x76 on the in-memory bus")
        ) {
            try await driver.read()
        }
    }
}
