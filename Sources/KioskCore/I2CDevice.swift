/// One device at a 7-bit address on an I2C bus, seen as a file of 8-bit registers: the
/// port every chip driver is written against.
///
/// The contract, which every implementation keeps:
/// - `read(register:count:)` returns exactly `count` bytes (1…256) starting at `register`;
///   the chip's register pointer advances by itself, so consecutive registers come back in
///   order. An implementation may split the read into several transfers (SMBus block reads
///   carry at most 32 bytes).
/// - `write(register:value:)` writes one byte to one register.
/// - `write(register:bytes:)` writes 1…32 bytes after one register or control byte in one
///   transfer (an SMBus "I2C block write"): a register-file chip stores them in consecutive
///   registers, an OLED controller takes the first byte as its control byte and the rest as
///   commands or pixel data.
/// - `send(_:)` writes one byte with no register before it (an SMBus "send byte"): what a
///   port expander such as the PCF8574 takes as the new state of its eight pins.
/// - Both suspend the caller instead of blocking a thread: a real bus runs its blocking
///   transfers on a thread of its own, never on the cooperative pool.
/// - A failure throws an error whose `description` is one sentence naming the bus, the
///   address and what to do. Nothing is retried, except a system call interrupted by a
///   signal; the driver decides what a failure means.
/// - Calls on one device do not overlap: each device has one owner (its driver), which
///   awaits each call before making the next.
public protocol I2CDevice: Sendable {
    /// The bus, as a person finds it: "/dev/i2c-1", "the simulated bus".
    var bus: String { get }
    /// The 7-bit address, 0x03…0x77.
    var address: UInt8 { get }

    /// Reads `count` consecutive registers starting at `register`.
    /// - Throws: an error naming the bus and address when the transfer fails.
    func read(register: UInt8, count: Int) async throws -> [UInt8]

    /// Writes `value` to `register`.
    /// - Throws: an error naming the bus and address when the transfer fails.
    func write(register: UInt8, value: UInt8) async throws

    /// Writes `bytes` (1…32) after `register` in one transfer.
    /// - Throws: an error naming the bus and address when the transfer fails.
    func write(register: UInt8, bytes: [UInt8]) async throws

    /// Writes one byte with no register before it.
    /// - Throws: an error naming the bus and address when the transfer fails.
    func send(_ byte: UInt8) async throws
}

/// The limits of one transfer.
public enum I2CTransfer {
    /// The most bytes `write(register:bytes:)` takes after its register: the SMBus block
    /// limit.
    public static let blockLimit = 32
}

extension I2CDevice {
    /// "0x76 on /dev/i2c-1": where the device is, for messages.
    public var location: String { "\(I2CAddress.text(address)) on \(bus)" }
}

/// Spelling I2C addresses and registers the way datasheets and i2cdetect do.
public enum I2CAddress {
    /// "0x76": two lower-case hex digits.
    public static func text(_ value: UInt8) -> String {
        let digits = String(value, radix: 16)
        return "0x" + (digits.count == 1 ? "0" + digits : digits)
    }
}

/// A failed transfer on a bus that is not a Linux device (the in-memory and simulated
/// buses): one sentence naming the bus and address.
public struct I2CTransferError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The sentence.
    public var message: String

    /// Creates an error with its sentence.
    public init(_ message: String) { self.message = message }

    /// The sentence.
    public var description: String { message }
}
