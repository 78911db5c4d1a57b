import Devices
import KioskCore
import Synchronization

/// An SHT3x at the protocol level: 16-bit commands, words with Sensirion CRCs, and the
/// datasheet's timing — a single-shot measurement takes 15 ms (high repeatability, the
/// maximum), a read header before that is not acknowledged, and the chip wants 1 ms
/// between commands. It knows single shot without clock stretching (0x2400, 0x240B,
/// 0x2416), soft reset, status read and clear, break, heater on/off and the serial number.
public final class SimulatedSHT3x: SimulatedSensirionChip {
    /// The longest high-repeatability measurement (datasheet table 4).
    public static let measurementTime = Duration.milliseconds(15)
    /// The soft reset's time (datasheet: 1.5 ms).
    static let resetTime = Duration.microseconds(1500)

    private struct State {
        var link = SensirionSimulation(chip: "SHT3x", commandGap: .milliseconds(1))
        var air: SimulatedAir
        /// Power-on value: alert pending (bit 15) and reset detected (bit 4).
        var status: UInt16 = 0x8010
    }

    /// The serial number it reports.
    public let serial: UInt32
    private let clock: SimulatedClock
    private let state: Mutex<State>

    /// A chip measuring `air`, keeping time by `clock`.
    public init(
        air: SimulatedAir = .room, serial: UInt32 = 0x1A2B_3C4D, clock: SimulatedClock = .system
    ) {
        self.serial = serial
        self.clock = clock
        state = Mutex(State(air: air))
    }

    /// Changes what it measures.
    public func setAir(_ air: SimulatedAir) { state.withLock { $0.air = air } }

    /// Unplugs it (every transfer refused) or plugs it back (true → false).
    public func setUnplugged(_ unplugged: Bool) {
        state.withLock { $0.link.unplugged = unplugged }
    }

    /// Flips a bit of the next answer's first CRC, as a noisy line does.
    public func corruptNextAnswer() { state.withLock { $0.link.corruptNextAnswer = true } }

    /// The status register as it reads now.
    public var status: UInt16 { state.withLock { $0.status } }

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
            // One byte is an incomplete command: taken, and ignored.
            guard frame.count >= 2 else { return }
            let code = UInt16(frame[0]) << 8 | UInt16(frame[1])
            guard frame.count == 2 else {
                state.status |= 0x0002
                throw state.link.refuse(location, "it takes no data with command \(hex(code))")
            }
            switch code {
            case 0x2400, 0x240B, 0x2416:
                let air = state.air.sample()
                state.link.respond(
                    [
                        SensirionSignal.temperatureWord(air.temperature),
                        SensirionSignal.humidityWord(air.humidity),
                    ], after: Self.measurementTime, now: now)
            case 0x30A2:
                state.status = 0x8010
                state.link.execute(for: Self.resetTime, now: now)
            case 0xF32D:
                state.link.respond([state.status], after: .zero, now: now)
            case 0x3041:
                state.status &= ~0x8C10
                state.link.execute(for: .zero, now: now)
            case 0x3780:
                state.link.respond(
                    [UInt16(serial >> 16), UInt16(serial & 0xFFFF)], after: .zero, now: now)
            case 0x3093:
                state.link.execute(for: .zero, now: now)
            case 0x306D, 0x3066:
                state.status = code == 0x306D ? state.status | 0x2000 : state.status & ~0x2000
                state.link.execute(for: .zero, now: now)
            default:
                state.status |= 0x0002
                throw state.link.refuse(location, "\(hex(code)) is no command it knows")
            }
        }
    }
}

/// "0x2400".
func hex(_ code: UInt16) -> String {
    let digits = String(code, radix: 16)
    return "0x" + String(repeating: "0", count: 4 - digits.count) + digits
}
