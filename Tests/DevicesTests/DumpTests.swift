import Devices
import KioskCore
import Simulator
import Testing

/// Parsing `i2cdump` text and decoding a dump of a BME280/BMP280.
@Suite struct DumpTests {
    @Test(arguments: Vector.all)
    func fixturesDecodeToTheBoschResult(vector: Vector) throws {
        let registers = try I2CDumpText.registers(from: try fixtureText(vector.dumpFixture))
        let dump = BME280RegisterDump(registers: registers)
        #expect(try dump.chip() == vector.model)
        #expect(try dump.raw() == vector.raw)
        let result = try dump.compensated()
        #expect(close(result.temperature.celsius, vector.temperature))
        #expect(close(result.pressure.pascals, vector.pressure))
        if let humidity = vector.humidity {
            #expect(close(result.humidity, humidity))
        } else {
            #expect(result.humidity == nil)
        }
    }

    @Test func skippedValuesInADumpAreNoReading() throws {
        let registers = try I2CDumpText.registers(from: try fixtureText("v5-skipped.i2cdump"))
        #expect(throws: BME280RegisterDump.Problem.skipped([.temperature, .pressure, .humidity])) {
            try BME280RegisterDump(registers: registers).compensated()
        }
    }

    @Test func anotherChipIsNamed() throws {
        var registers = try I2CDumpText.registers(from: try fixtureText("v4-bme280.i2cdump"))
        registers[0xD0] = 0x61
        #expect(throws: BME280RegisterDump.Problem.unknownChip(0x61)) {
            try BME280RegisterDump(registers: registers).compensated()
        }
    }

    @Test func chatterAroundTheRowsIsIgnored() throws {
        let text = try fixtureText("v2b-bme280.i2cdump")
        let pasted =
            "pi@kiosk:~ $ i2cdump -y 1 0x76\nNo size specified (using byte-data access)\n"
            + text.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
            + "\npi@kiosk:~ $\n"
        #expect(try I2CDumpText.registers(from: pasted) == I2CDumpText.registers(from: text))
    }

    @Test func renderAndParseAreInverse() throws {
        let registers = (0..<256).map { UInt8(($0 * 37 + 11) & 0xFF) }
        #expect(try I2CDumpText.registers(from: I2CDumpText.render(registers)) == registers)
    }

    @Test func incompleteDumpsAreRejected() throws {
        let text = try fixtureText("v4-bme280.i2cdump")
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)

        let missing = lines.filter { !$0.hasPrefix("c0:") && !$0.hasPrefix("d0:") }
            .joined(separator: "\n")
        #expect(throws: I2CDumpText.Problem.self) { try I2CDumpText.registers(from: missing) }
        do {
            _ = try I2CDumpText.registers(from: missing)
        } catch {
            #expect(error.description.hasPrefix("It has 14 of the 16 rows (missing c0, d0)"))
        }

        lines[5] = String(lines[5].prefix(4 + 15 * 3))  // row 40: 15 bytes
        do {
            _ = try I2CDumpText.registers(from: lines.joined(separator: "\n"))
            Issue.record("a short row was accepted")
        } catch {
            #expect(error.description.hasPrefix("line 6: row 40: has 15 bytes, not 16"))
        }

        let failed = text.replacing("d0: 60", with: "d0: XX")
        do {
            _ = try I2CDumpText.registers(from: failed)
            Issue.record("XX was accepted")
        } catch {
            #expect(error.description.contains("register 0xd0 reads XX"))
        }

        let twice = text + "f0: " + String(repeating: "00 ", count: 16)
        #expect(throws: I2CDumpText.Problem.self) { try I2CDumpText.registers(from: twice) }
        #expect(throws: I2CDumpText.Problem.self) { try I2CDumpText.registers(from: "hello") }
        let words =
            "     0,8  1,9  2,a  3,b  4,c  5,d  6,e  7,f\n00: 0000 0000 0000 0000 0000 0000 0000 0000\n"
        #expect(throws: I2CDumpText.Problem.self) { try I2CDumpText.registers(from: words) }
    }

    /// Dumps nobody wrote down: the simulated chip measures made-up conditions with each
    /// vector's calibration, is dumped as i2cdump prints it, and the decoded dump must say
    /// exactly what the driver read.
    @Test(arguments: Vector.all)
    func unseenDumpsDecodeLikeTheDriverReads(vector: Vector) async throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5 {
            let conditions = SimulatedBME280.Output.conditions(
                temperature: Temperature(celsius: Double.random(in: -10...40, using: &generator)),
                humidity: Double.random(in: 5...95, using: &generator),
                pressure: Pressure(pascals: Double.random(in: 85_000...105_000, using: &generator)))
            let chip = SimulatedBME280(
                model: vector.model, calibration: vector.calibration, output: conditions)
            var bench = Bench(chip: chip)
            let measurement = try await bench.driver.read()
            let text = I2CDumpText.render(chip.registers)
            let dump = BME280RegisterDump(registers: try I2CDumpText.registers(from: text))
            let decoded = try dump.compensated()
            #expect(decoded.temperature == measurement.temperature)
            #expect(decoded.pressure == measurement.pressure)
            #expect(decoded.humidity == measurement.humidity)
        }
    }
}
