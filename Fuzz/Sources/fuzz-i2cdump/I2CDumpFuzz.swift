import Devices
import FoundationEssentials
import FuzzSupport
import KioskCore

// `sensor decode FILE`: i2cdump text read into 256 registers and compensated as a BME280 or
// BMP280. Registers rendered back as i2cdump text must read back the same.

/// libFuzzer's entry point: one input, always 0 (a failure traps).
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    I2CDumpFuzz.test(fuzzInput(data, size))
    return 0
}

@main
enum I2CDumpFuzz {
    static func main() { FuzzMain.run(testOneInput) }

    static func test(_ bytes: [UInt8]) {
        let registers: [UInt8]
        do {
            registers = try I2CDumpText.registers(from: String(decoding: bytes, as: UTF8.self))
        } catch {
            _ = error.description
            // The bytes as a register image, when there are enough of them.
            if bytes.count >= 256 { compensate(Array(bytes.prefix(256))) }
            return
        }
        guard registers.count == 256 else { fuzzFailure("\(registers.count) registers") }
        compensate(registers)
        let again = try? I2CDumpText.registers(from: I2CDumpText.render(registers))
        guard again == registers else { fuzzFailure("render then read changed the registers") }
    }

    static func compensate(_ registers: [UInt8]) {
        let dump = BME280RegisterDump(registers: registers)
        do {
            let compensated = try dump.compensated()
            let reading = SensorReading(
                chip: try dump.chip(), time: .init(timeIntervalSince1970: 0),
                temperature: compensated.temperature, humidity: compensated.humidity,
                pressure: compensated.pressure)
            _ = (reading.dewPoint, reading.seaLevelPressure(elevation: 34))
        } catch {
            _ = error
        }
    }
}
