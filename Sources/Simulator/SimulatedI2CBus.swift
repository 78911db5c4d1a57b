public import Devices
import Synchronization

/// A chip that sits on a `SimulatedI2CBus` and answers register transfers like hardware.
public protocol SimulatedI2CChip: Sendable {
    /// Answers a read of `count` registers from `register`.
    /// - Throws: `I2CTransferError` when the chip does not answer.
    func read(register: UInt8, count: Int, location: String) throws -> [UInt8]
    /// Takes a write of `value` to `register`.
    /// - Throws: `I2CTransferError` when the chip does not answer.
    func write(register: UInt8, value: UInt8, location: String) throws
}

/// The simulator board's I2C bus: chips attached at addresses, and nothing answering
/// anywhere else (as a real bus without a device there).
public final class SimulatedI2CBus: Sendable {
    /// The name used in messages.
    public let name: String
    private let chips = Mutex<[UInt8: any SimulatedI2CChip]>([:])

    /// An empty bus.
    public init(name: String = "the simulated bus") { self.name = name }

    /// Puts `chip` at `address`, replacing what was there.
    public func attach(_ chip: any SimulatedI2CChip, at address: UInt8) {
        chips.withLock { $0[address] = chip }
    }

    /// Takes the chip at `address` off the bus (an unplugged sensor).
    public func detach(at address: UInt8) {
        chips.withLock { $0[address] = nil }
    }

    /// The device at `address`, whatever is (or is not) attached there now.
    public func device(at address: UInt8) -> SimulatedI2CDevice {
        SimulatedI2CDevice(owner: self, address: address)
    }

    func chip(at address: UInt8) -> (any SimulatedI2CChip)? {
        chips.withLock { $0[address] }
    }

    static func noAnswer(at location: String) -> I2CTransferError {
        I2CTransferError(
            "Nothing answers at \(location): the simulated sensor is unplugged or answering at another address."
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
        guard let chip = owner.chip(at: address) else {
            throw SimulatedI2CBus.noAnswer(at: location)
        }
        return try chip.read(register: register, count: count, location: location)
    }

    /// Writes to the chip attached at the address.
    /// - Throws: `I2CTransferError` when nothing answers there.
    public func write(register: UInt8, value: UInt8) async throws {
        guard let chip = owner.chip(at: address) else {
            throw SimulatedI2CBus.noAnswer(at: location)
        }
        try chip.write(register: register, value: value, location: location)
    }
}
