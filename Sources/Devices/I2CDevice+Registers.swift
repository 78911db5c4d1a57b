import KioskCore

extension I2CDevice {
    /// `count` registers from `register`, checked to be `count` bytes: a register-file
    /// driver's read.
    /// - Throws: the bus's error, or `I2CTransferError` for a short read.
    func registers(from register: UInt8, count: Int) async throws -> [UInt8] {
        let bytes = try await read(register: register, count: count)
        guard bytes.count == count else {
            throw I2CTransferError(
                "The device at \(location) returned \(bytes.count) bytes from register \(I2CAddress.text(register)) instead of \(count); no reading was taken."
            )
        }
        return bytes
    }
}
