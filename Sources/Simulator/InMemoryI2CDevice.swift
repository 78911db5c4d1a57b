public import KioskCore
import Synchronization

/// An `I2CDevice` that is only a file of 256 registers in memory: reads return what is
/// stored, writes store and are recorded (a block write as one write per register, a sent
/// byte as a write to no register). For byte-level tests of drivers; the simulated chips in
/// `Simulator` behave like hardware, this does not.
public final class InMemoryI2CDevice: I2CDevice {
    /// One recorded write.
    public struct Write: Sendable, Hashable {
        /// The register written; nil for a byte sent with `send(_:)`.
        public var register: UInt8?
        /// The byte written.
        public var value: UInt8

        /// Creates a record.
        public init(register: UInt8?, value: UInt8) {
            self.register = register
            self.value = value
        }
    }

    private struct State {
        var registers: [UInt8]
        var writes: [Write] = []
        var failure: I2CTransferError?
    }

    /// "the in-memory bus".
    public let bus = "the in-memory bus"
    /// The address it answers at.
    public let address: UInt8
    private let state: Mutex<State>

    /// A device at `address` whose registers start as `registers` (padded with zeros to 256).
    public init(address: UInt8 = 0x76, registers: [UInt8] = []) {
        self.address = address
        let padded =
            Array(registers.prefix(256)) + Array(repeating: 0, count: max(0, 256 - registers.count))
        state = Mutex(State(registers: padded))
    }

    /// Every write so far, oldest first.
    public var writes: [Write] { state.withLock { $0.writes } }

    /// The stored value of `register`.
    public func register(_ register: UInt8) -> UInt8 {
        state.withLock { $0.registers[Int(register)] }
    }

    /// Stores bytes from `register` on, without recording a write (what the chip itself
    /// would change).
    public func set(_ register: UInt8, to bytes: [UInt8]) {
        state.withLock { state in
            for (offset, byte) in bytes.enumerated() where Int(register) + offset < 256 {
                state.registers[Int(register) + offset] = byte
            }
        }
    }

    /// Makes every transfer fail with `failure` until it is set to nil.
    public func setFailure(_ failure: I2CTransferError?) {
        state.withLock { $0.failure = failure }
    }

    /// Reads stored registers.
    /// - Throws: the configured failure, or `I2CTransferError` past register 0xFF.
    public func read(register: UInt8, count: Int) async throws -> [UInt8] {
        try state.withLock { state in
            if let failure = state.failure { throw failure }
            let start = Int(register)
            guard count > 0, start + count <= 256 else {
                throw I2CTransferError(
                    "Cannot read \(count) registers from \(I2CAddress.text(register)) at \(location): past register 0xff."
                )
            }
            return Array(state.registers[start..<start + count])
        }
    }

    /// Stores and records a write.
    /// - Throws: the configured failure.
    public func write(register: UInt8, value: UInt8) async throws {
        try await write(register: register, bytes: [value])
    }

    /// Stores and records the bytes in consecutive registers.
    /// - Throws: the configured failure, or `I2CTransferError` for an empty, too long or
    ///   past-0xff write.
    public func write(register: UInt8, bytes: [UInt8]) async throws {
        try state.withLock { state in
            if let failure = state.failure { throw failure }
            let start = Int(register)
            guard (1...I2CTransfer.blockLimit).contains(bytes.count), start + bytes.count <= 256
            else {
                throw I2CTransferError(
                    "Cannot write \(bytes.count) bytes from register \(I2CAddress.text(register)) at \(location): a transfer takes 1 to \(I2CTransfer.blockLimit) bytes within registers 0x00…0xff."
                )
            }
            for (offset, value) in bytes.enumerated() {
                state.registers[start + offset] = value
                state.writes.append(
                    Write(register: UInt8(start + offset), value: value))
            }
        }
    }

    /// Records a sent byte (it changes no register).
    /// - Throws: the configured failure.
    public func send(_ byte: UInt8) async throws {
        try state.withLock { state in
            if let failure = state.failure { throw failure }
            state.writes.append(Write(register: nil, value: byte))
        }
    }
}
