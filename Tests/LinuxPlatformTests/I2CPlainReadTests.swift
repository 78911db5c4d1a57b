import Glibc
import KioskCore
import KioskTesting
import LinuxPlatform
import Testing

/// The plain I2C read (Sensirion chips) and the scan's probe on paths that are not buses.
@Suite struct I2CPlainReadTests {
    @Test func aPlainReadOnAMissingBusSaysHowToEnableI2C() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let bus = LinuxI2CBus(path: directory.file("i2c-7"))
        #expect(bus.name == directory.file("i2c-7"))
        do {
            _ = try await bus.device(at: 0x44).read(count: 6)
            Issue.record("a plain read on a missing bus succeeded")
        } catch let error as DeviceError {
            #expect(error.errorNumber == ENOENT)
            #expect(
                error.message.hasPrefix(
                    "Cannot open \(directory.file("i2c-7")) for the device at 0x44"))
        }
        // The scan's probe of a bus that does not exist is an error, not "nothing there".
        await #expect(throws: DeviceError.self) { try await bus.acknowledges(0x44) }
    }
}
