public import KioskCore
import Synchronization

/// A chip that sits on a `SimulatedI2CBus` and answers register transfers like hardware.
///
/// A chip that is a file of registers (the BME280) only needs `read` and `write(register:
/// value:)`: a block write then stores its bytes in consecutive registers, and a sent byte
/// only moves the register pointer. Chips that are not register files (a port expander, an
/// OLED controller) implement the transfers they take.
public protocol SimulatedI2CChip: Sendable {
    /// Answers a read of `count` registers from `register`.
    /// - Throws: `I2CTransferError` when the chip does not answer.
    func read(register: UInt8, count: Int, location: String) throws -> [UInt8]
    /// Takes a write of `value` to `register`.
    /// - Throws: `I2CTransferError` when the chip does not answer.
    func write(register: UInt8, value: UInt8, location: String) throws
    /// Takes `bytes` written after `register` in one transfer.
    /// - Throws: `I2CTransferError` when the chip does not answer.
    func write(register: UInt8, bytes: [UInt8], location: String) throws
    /// Takes one byte sent without a register.
    /// - Throws: `I2CTransferError` when the chip does not answer.
    func send(_ byte: UInt8, location: String) throws
}

extension SimulatedI2CChip {
    /// A register file's block write: one register after another.
    public func write(register: UInt8, bytes: [UInt8], location: String) throws {
        for (offset, value) in bytes.enumerated() {
            try write(
                register: UInt8(truncatingIfNeeded: Int(register) + offset), value: value,
                location: location)
        }
    }

    /// A register file's sent byte only sets the register pointer: nothing to simulate.
    public func send(_ byte: UInt8, location: String) throws {}
}

/// What went over the bus to one address: for tests that count what a driver sends.
public struct SimulatedI2CTraffic: Sendable, Hashable {
    /// Transfers addressed to the device, answered or not.
    public var transfers = 0
    /// Bytes written after the address byte: registers, control bytes and data.
    public var writtenBytes = 0
    /// Bytes read back.
    public var readBytes = 0

    /// No traffic.
    public init() {}
}

/// The simulator board's I2C bus: chips attached at addresses, and nothing answering
/// anywhere else (as a real bus without a device there). It counts the traffic to every
/// address and can make transfers fail on purpose, as a loose wire does.
public final class SimulatedI2CBus: Sendable {
    /// The name used in messages.
    public let name: String

    private struct Fault {
        var skip: Int
        var count: Int
    }

    private struct State {
        var chips: [UInt8: any SimulatedI2CChip] = [:]
        var traffic: [UInt8: SimulatedI2CTraffic] = [:]
        var faults: [UInt8: Fault] = [:]
    }

    private let state = Mutex(State())

    /// An empty bus.
    public init(name: String = "the simulated bus") { self.name = name }

    /// Puts `chip` at `address`, replacing what was there.
    public func attach(_ chip: any SimulatedI2CChip, at address: UInt8) {
        state.withLock { $0.chips[address] = chip }
    }

    /// Takes the chip at `address` off the bus (an unplugged sensor).
    public func detach(at address: UInt8) {
        state.withLock { $0.chips[address] = nil }
    }

    /// The device at `address`, whatever is (or is not) attached there now.
    public func device(at address: UInt8) -> SimulatedI2CDevice {
        SimulatedI2CDevice(owner: self, address: address)
    }

    /// The traffic to `address` so far.
    public func traffic(at address: UInt8) -> SimulatedI2CTraffic {
        state.withLock { $0.traffic[address] ?? SimulatedI2CTraffic() }
    }

    /// Forgets the traffic counted so far for `address`.
    public func resetTraffic(at address: UInt8) {
        state.withLock { $0.traffic[address] = nil }
    }

    /// Makes transfers to `address` fail without reaching the chip: after `skip` more
    /// transfers succeed, the next `count` are not acknowledged; then the bus works again.
    public func failTransfers(at address: UInt8, after skip: Int = 0, count: Int = 1) {
        state.withLock { $0.faults[address] = Fault(skip: max(0, skip), count: max(0, count)) }
    }

    /// The chip that takes a transfer to `address` now, counting it; throws when nothing is
    /// attached there or an injected fault swallows the transfer.
    func transfer(
        at address: UInt8, location: String, written: Int, read: Int
    ) throws(I2CTransferError) -> any SimulatedI2CChip {
        let outcome = state.withLock { state -> (any SimulatedI2CChip)? in
            state.traffic[address, default: SimulatedI2CTraffic()].transfers += 1
            if var fault = state.faults[address] {
                if fault.skip > 0 {
                    fault.skip -= 1
                    state.faults[address] = fault
                } else if fault.count > 0 {
                    fault.count -= 1
                    state.faults[address] = fault.count > 0 ? fault : nil
                    return nil
                }
            }
            guard let chip = state.chips[address] else { return nil }
            state.traffic[address, default: SimulatedI2CTraffic()].writtenBytes += written
            state.traffic[address, default: SimulatedI2CTraffic()].readBytes += read
            return chip
        }
        guard let outcome else { throw Self.noAnswer(at: location) }
        return outcome
    }

    static func noAnswer(at location: String) -> I2CTransferError {
        I2CTransferError(
            "Nothing answers at \(location): the simulated device is unplugged or answering at another address."
        )
    }
}

/// One address on a `SimulatedI2CBus`, as the `I2CDevice` port.
public struct SimulatedI2CDevice: I2CDevice {
    let owner: SimulatedI2CBus
    /// The 7-bit address.
    public let address: UInt8

    /// The bus's name.
    public var bus: String { owner.name }

    /// Reads from the chip attached at the address.
    /// - Throws: `I2CTransferError` when nothing answers there.
    public func read(register: UInt8, count: Int) async throws -> [UInt8] {
        let chip = try owner.transfer(at: address, location: location, written: 1, read: count)
        return try chip.read(register: register, count: count, location: location)
    }

    /// Writes to the chip attached at the address.
    /// - Throws: `I2CTransferError` when nothing answers there.
    public func write(register: UInt8, value: UInt8) async throws {
        let chip = try owner.transfer(at: address, location: location, written: 2, read: 0)
        try chip.write(register: register, value: value, location: location)
    }

    /// Writes a block to the chip attached at the address.
    /// - Throws: `I2CTransferError` when nothing answers there or the block is empty or
    ///   longer than the SMBus limit.
    public func write(register: UInt8, bytes: [UInt8]) async throws {
        guard (1...I2CTransfer.blockLimit).contains(bytes.count) else {
            throw I2CTransferError(
                "Cannot write \(bytes.count) bytes in one transfer to \(location): SMBus block writes take 1 to \(I2CTransfer.blockLimit)."
            )
        }
        let chip = try owner.transfer(
            at: address, location: location, written: 1 + bytes.count, read: 0)
        try chip.write(register: register, bytes: bytes, location: location)
    }

    /// Sends a byte to the chip attached at the address.
    /// - Throws: `I2CTransferError` when nothing answers there.
    public func send(_ byte: UInt8) async throws {
        let chip = try owner.transfer(at: address, location: location, written: 1, read: 0)
        try chip.send(byte, location: location)
    }
}
