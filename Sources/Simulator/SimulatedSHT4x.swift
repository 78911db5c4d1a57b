import Devices
import KioskCore
import Synchronization

/// An SHT4x at the protocol level: 8-bit commands, words with Sensirion CRCs, and the
/// datasheet's timing — a high-precision measurement (0xFD) takes 8.3 ms, medium (0xF6)
/// 4.5 ms, low (0xE0) 1.7 ms; the serial number (0x89) and soft reset (0x94) 1 ms; a read
/// header before the answer is ready, or with nothing to send, is not acknowledged.
public final class SimulatedSHT4x: SimulatedSensirionChip {
    /// The longest high-precision measurement (datasheet table 4).
    public static let measurementTime = Duration.microseconds(8300)

    private struct State {
        var link = SensirionSimulation(chip: "SHT4x")
        var air: SimulatedAir
    }

    /// The serial number it reports.
    public let serial: UInt32
    private let clock: SimulatedClock
    private let state: Mutex<State>

    /// A chip measuring `air`, keeping time by `clock`.
    public init(
        air: SimulatedAir = .room, serial: UInt32 = 0x0F1D_2C3B, clock: SimulatedClock = .system
    ) {
        self.serial = serial
        self.clock = clock
        state = Mutex(State(air: air))
    }

    /// Changes what it measures.
    public func setAir(_ air: SimulatedAir) { state.withLock { $0.air = air } }

    /// Unplugs it (every transfer refused) or plugs it back.
    public func setUnplugged(_ unplugged: Bool) {
        state.withLock { $0.link.unplugged = unplugged }
    }

    /// Flips a bit of the next answer's first CRC, as a noisy line does.
    public func corruptNextAnswer() { state.withLock { $0.link.corruptNextAnswer = true } }

    /// The command frames received, oldest first.
    public var commands: [[UInt8]] { state.withLock { $0.link.commands } }

    // MARK: Transfers

    /// The answer to the last command, once ready.
    /// - Throws: `I2CTransferError` as the chip refuses.
    public func read(count: Int, location: String) throws -> [UInt8] {
        let now = clock.now()
        return try state.withLock { try $0.link.read(count: count, now: now, location: location) }
    }

    /// Whether it is plugged in.
    public func acknowledges() -> Bool { state.withLock { !$0.link.unplugged } }

    /// Takes one command frame as the chip does.
    /// - Throws: `I2CTransferError` as the chip refuses.
    public func command(_ frame: [UInt8], location: String) throws {
        let now = clock.now()
        try state.withLock { state in
            try state.link.accept(frame, now: now, location: location)
            guard frame.count == 1 else {
                throw state.link.refuse(location, "it takes 8-bit commands with no data")
            }
            let air = state.air.sample()
            let words = [
                SensirionSignal.temperatureWord(air.temperature),
                SensirionSignal.humidityWordSHT4x(air.humidity),
            ]
            switch frame[0] {
            case 0xFD: state.link.respond(words, after: Self.measurementTime, now: now)
            case 0xF6: state.link.respond(words, after: .microseconds(4500), now: now)
            case 0xE0: state.link.respond(words, after: .microseconds(1700), now: now)
            case 0x89:
                state.link.respond(
                    [UInt16(serial >> 16), UInt16(serial & 0xFFFF)], after: .milliseconds(1),
                    now: now)
            case 0x94: state.link.execute(for: .milliseconds(1), now: now)
            default:
                throw state.link.refuse(
                    location, "\(I2CAddress.text(frame[0])) is no command it knows")
            }
        }
    }
}
