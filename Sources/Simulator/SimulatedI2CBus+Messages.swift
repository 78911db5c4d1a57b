import Devices
public import KioskCore

/// A simulated chip that also answers plain reads (a read message with no register
/// before it), as Sensirion chips do, and that can refuse its address.
public protocol SimulatedI2CMessageChip: SimulatedI2CChip {
    /// Answers a plain read of `count` bytes.
    /// - Throws: `I2CTransferError` when the chip does not acknowledge the read header.
    func read(count: Int, location: String) throws -> [UInt8]

    /// Whether the chip acknowledges its address now (an SMBus quick transfer).
    func acknowledges() -> Bool
}

/// A simulated chip driven by Sensirion's command frames: every transfer the I2C port can
/// make is one frame of bytes (a register read is a one-byte frame, then a read header).
public protocol SimulatedSensirionChip: SimulatedI2CMessageChip {
    /// Takes one command frame: the bytes of one write transfer.
    /// - Throws: `I2CTransferError` when the chip does not acknowledge it.
    func command(_ frame: [UInt8], location: String) throws
}

extension SimulatedSensirionChip {
    /// A one-byte frame (an incomplete command on 16-bit chips), then a read header.
    /// - Throws: `I2CTransferError` as the chip refuses.
    public func read(register: UInt8, count: Int, location: String) throws -> [UInt8] {
        try command([register], location: location)
        return try read(count: count, location: location)
    }

    /// A two-byte frame.
    /// - Throws: `I2CTransferError` as the chip refuses.
    public func write(register: UInt8, value: UInt8, location: String) throws {
        try command([register, value], location: location)
    }

    /// A frame of a command byte and data.
    /// - Throws: `I2CTransferError` as the chip refuses.
    public func write(register: UInt8, bytes: [UInt8], location: String) throws {
        try command([register] + bytes, location: location)
    }

    /// A one-byte frame.
    /// - Throws: `I2CTransferError` as the chip refuses.
    public func send(_ byte: UInt8, location: String) throws {
        try command([byte], location: location)
    }
}

extension SimulatedI2CDevice: I2CMessageDevice {
    /// A plain read from the chip attached at the address.
    /// - Throws: `I2CTransferError` when nothing answers there, the chip does not
    ///   acknowledge the read header, or it is a register-file chip (which the simulation
    ///   only reads at a register).
    public func read(count: Int) async throws -> [UInt8] {
        let chip = try owner.transfer(at: address, location: location, written: 0, read: count)
        guard let messages = chip as? any SimulatedI2CMessageChip else {
            throw I2CTransferError(
                "The simulated chip at \(location) is a register file: read it at a register.")
        }
        return try messages.read(count: count, location: location)
    }
}

extension SimulatedI2CBus: I2CBusPort {
    /// Whether a chip is attached at `address` and acknowledges it (an injected fault
    /// swallows the probe as it would any transfer).
    public func acknowledges(_ address: UInt8) async throws -> Bool {
        let location = "\(I2CAddress.text(address)) on \(name)"
        do {
            let chip = try transfer(at: address, location: location, written: 0, read: 0)
            return (chip as? any SimulatedI2CMessageChip)?.acknowledges() ?? true
        } catch {
            return false
        }
    }
}

/// The state every simulated Sensirion chip shares: the command being executed, the words
/// waiting to be read, and the timing rules of their datasheets — a command sent while
/// the previous one still executes is not acknowledged, nor is a read header before the
/// answer is ready or when there is nothing to read.
struct SensirionSimulation: Sendable {
    /// The chip's name in messages: "SHT3x".
    let chip: String
    /// The least time between two commands (SHT3x: 1 ms).
    let commandGap: Duration
    /// Until when the chip takes no command.
    var busyUntil = MonotonicInstant(nanoseconds: .min)
    /// The bytes (words with CRCs) the next read returns, and from when.
    var answer: [UInt8] = []
    var answerReadyAt = MonotonicInstant(nanoseconds: .min)
    /// A fault: every transfer refused.
    var unplugged = false
    /// A fault: the CRC of the next answer's first word is flipped.
    var corruptNextAnswer = false
    /// Commands received, oldest first, for tests.
    var commands: [[UInt8]] = []

    init(chip: String, commandGap: Duration = .zero) {
        self.chip = chip
        self.commandGap = commandGap
    }

    /// Refuses a transfer like a chip that does not acknowledge: `why` completes the
    /// sentence.
    func refuse(_ location: String, _ why: String) -> I2CTransferError {
        I2CTransferError(
            "The simulated \(chip) at \(location) did not acknowledge: \(why) (a real \(chip) NACKs this too)."
        )
    }

    /// Checks that a command can be taken now and records it.
    mutating func accept(_ frame: [UInt8], now: MonotonicInstant, location: String) throws {
        if unplugged { throw SimulatedI2CBus.noAnswer(at: location) }
        guard now >= busyUntil else {
            throw refuse(location, "it was still executing its previous command")
        }
        commands.append(frame)
        answer = []
    }

    /// Makes the chip busy for `duration` and then readable with `words`.
    mutating func respond(_ words: [UInt16], after duration: Duration, now: MonotonicInstant) {
        var bytes = SensirionWords.encode(words)
        if corruptNextAnswer, bytes.count >= 3 {
            bytes[2] ^= 0x01
            corruptNextAnswer = false
        }
        answer = bytes
        answerReadyAt = now.advanced(by: duration)
        busyUntil = max(answerReadyAt, now.advanced(by: commandGap))
    }

    /// Makes the chip busy for `duration` with nothing to read after.
    mutating func execute(for duration: Duration, now: MonotonicInstant) {
        answer = []
        busyUntil = now.advanced(by: max(duration, commandGap))
    }

    /// A plain read: the answer, once it is ready; it is then gone.
    mutating func read(count: Int, now: MonotonicInstant, location: String) throws -> [UInt8] {
        if unplugged { throw SimulatedI2CBus.noAnswer(at: location) }
        guard !answer.isEmpty else { throw refuse(location, "it had nothing to send") }
        guard now >= answerReadyAt else {
            throw refuse(location, "its answer was not ready yet (read too early)")
        }
        let bytes = Array(answer.prefix(count))
        answer = []
        return bytes + [UInt8](repeating: 0xFF, count: max(0, count - bytes.count))
    }

    /// The argument word of a command frame (command bytes, then word and CRC), checked.
    func argument(of frame: [UInt8], commandLength: Int, location: String) throws -> UInt16 {
        guard frame.count == commandLength + 3 else {
            throw refuse(location, "the command needs one argument word with its CRC")
        }
        let bytes = Array(frame[commandLength..<commandLength + 3])
        do {
            return try SensirionWords.decode(bytes)[0]
        } catch {
            throw refuse(location, "the argument's CRC was wrong")
        }
    }
}
