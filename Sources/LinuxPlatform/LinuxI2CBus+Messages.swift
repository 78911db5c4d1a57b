import CLinux
import Glibc
public import KioskCore

/// Plain I2C reads (Sensirion chips answer a read header with no register before it) and
/// the scan port, on the bus's own thread.
extension LinuxI2CBus: I2CBusPort {
    /// The bus device's path, as `sensor scan` names the bus.
    public nonisolated var name: String { path }

    /// Reads `count` bytes from the device at `address` in one read message: `read(2)` on
    /// the bus device after I2C_SLAVE, which i2c-dev turns into a plain I2C read.
    /// - Throws: `DeviceError` naming the path, the address, the errno and the fix; an
    ///   SMBus-only adapter (i2c-stub) is named as such.
    func read(address: UInt8, count: Int) throws(DeviceError) -> [UInt8] {
        let descriptor = try prepare(address)
        var buffer = [UInt8](repeating: 0, count: count)
        let got = buffer.withUnsafeMutableBytes { raw in
            retryingInterrupts { Glibc.read(descriptor, raw.baseAddress, raw.count) }
        }
        if got < 0 {
            let code = errno
            if code == EOPNOTSUPP {
                var error = DeviceError(
                    device: path,
                    message:
                        "The I2C adapter \(path) cannot do the plain I2C read (with no register) that the sensor at \(I2CAddress.text(address)) needs: it only does SMBus transfers (EOPNOTSUPP), as i2c-stub does; use a real I2C controller's bus, such as a Raspberry Pi's /dev/i2c-1."
                )
                error.errorNumber = code
                throw error
            }
            throw failure(code, address: address, action: "read from")
        }
        if got != count { throw failure(EIO, address: address, action: "read from") }
        answered.insert(address)
        return buffer
    }

    /// Whether a device acknowledges `address` (an SMBus quick write, as `i2cdetect`
    /// does; nothing reaches the chip).
    /// - Throws: `DeviceError` when the bus itself cannot be used (missing, no permission,
    ///   not an I2C bus).
    public func acknowledges(_ address: UInt8) async throws -> Bool {
        do {
            try probe(address: address)
            return true
        } catch {
            // ENODEV: i2c-stub's way of saying nothing is at an address it does not serve.
            if Self.isNoAnswer(error.errorNumber) || error.errorNumber == ENODEV { return false }
            throw error
        }
    }
}

extension LinuxI2CDevice: I2CMessageDevice {
    /// A plain read on the bus's thread.
    /// - Throws: `DeviceError` naming the path, address, errno and fix.
    public func read(count: Int) async throws -> [UInt8] {
        try await owner.read(address: address, count: count)
    }
}
