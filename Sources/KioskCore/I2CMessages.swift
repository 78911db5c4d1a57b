/// An `I2CDevice` that also takes a plain I2C read: a read message with no register
/// written before it. Sensirion chips (SHT3x, SHT4x, SCD4x) need it: they take a command
/// (sent with `write(register:value:)`, `write(register:bytes:)` or `send(_:)`, which put
/// exactly the command's bytes on the wire), then, after the command's execution time,
/// answer a read header with their words.
///
/// The contract, on top of `I2CDevice`'s:
/// - `read(count:)` returns exactly `count` bytes (1…256) from one read message, or throws.
/// - A chip that does not acknowledge the read header (a Sensirion chip still measuring,
///   or with nothing to send) makes it throw, as a missing chip does: the driver waits the
///   datasheet's time before reading, so a NACK here is a failure, never a "try again".
/// - An adapter that can only do SMBus transfers (the kernel's `i2c-stub`) throws a
///   sentence saying so.
public protocol I2CMessageDevice: I2CDevice {
    /// Reads `count` bytes in one read message, without writing a register first.
    /// - Throws: an error naming the bus and address when the read fails or is refused.
    func read(count: Int) async throws -> [UInt8]
}

/// One I2C bus as `sensor scan` sees it: devices at addresses, and whether anything
/// acknowledges an address at all.
///
/// The contract: `acknowledges(_:)` sends nothing a chip could take as a command or data
/// (an SMBus "quick" transfer, as `i2cdetect` does); it returns false when nothing answers
/// and throws only when the bus itself cannot be used (missing, no permission).
public protocol I2CBusPort: Sendable {
    /// The device type at one address.
    associatedtype Device: I2CMessageDevice

    /// The bus, as a person finds it: "/dev/i2c-1", "the simulated bus".
    var name: String { get }

    /// The device at a 7-bit `address`.
    func device(at address: UInt8) -> Device

    /// Whether a device acknowledges `address`, without sending it data.
    /// - Throws: an error naming the bus when the bus cannot be used at all.
    func acknowledges(_ address: UInt8) async throws -> Bool
}
