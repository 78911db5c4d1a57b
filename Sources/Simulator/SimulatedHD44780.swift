import Devices
public import KioskCore
import Synchronization

/// A character LCD behind a PCF8574 backpack, at the level of its pins: the expander takes
/// each byte written to it as the new state of P0…P7, and the HD44780 behind it takes a
/// nibble from D4–D7 whenever E falls. The model decodes that stream (8-bit mode after
/// power-on, 4-bit after a function set says so, half a byte pending across calls) into
/// instructions, DDRAM, CGRAM, the display switch and the backlight.
///
/// It also checks what a real module does not forgive: instructions before the 40 ms
/// power-on time, during the 4.1 ms / 100 µs of the first function sets after power-on or
/// the 1.52 ms of clear and home (a busy controller ignores them), and RS or data changing on the same
/// write as an E edge. The 37 µs of ordinary instructions are not checked: the I2C
/// transfers between two edges of E take longer at any bus speed.
public final class SimulatedHD44780: SimulatedI2CChip {
    /// One instruction or character the controller took.
    public struct Instruction: Sendable, Hashable {
        /// RS: a character (or CGRAM row) rather than an instruction.
        public var isData: Bool
        /// The byte; in 8-bit mode the nibble on D4–D7 shifted up (D0–D3 read as 0).
        public var value: UInt8
        /// Whether the controller was in 8-bit mode when it took it.
        public var eightBit: Bool
    }

    /// How many instructions the log keeps (the oldest are dropped first).
    public static let logLimit = 20_000

    private struct State {
        var port: UInt8 = 0xFF  // a PCF8574's pins are high after power-on
        var eightBit = true
        var pendingHigh: (nibble: UInt8, data: Bool)?
        var ddram = [UInt8](repeating: 0x20, count: 80)
        var cgram: [UInt8] = (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) & 0x1F }
        var address = 0
        var addressInCGRAM = false
        var increment = true
        var displayShift = 0
        var twoLines = false
        var displayOn = false
        var cursorOn = false
        var busyUntil = Duration.zero
        var resetSteps = 0
        var initialised = false
        var log: [Instruction] = []
        var violations: [String] = []
    }

    /// The module's size.
    public let size: CharacterGridSize
    /// How the backpack is wired.
    public let pinMap: BackpackPinMap
    private let now: @Sendable () -> Duration
    private let state = Mutex(State())

    /// A module of `size` wired as `pinMap`, powered on when created.
    /// - Parameter now: the time since power-on; a monotonic clock unless a test gives
    ///   another.
    public init(
        size: CharacterGridSize = .size16x2, pinMap: BackpackPinMap = BackpackPinMap(),
        now: (@Sendable () -> Duration)? = nil
    ) {
        self.size = size
        self.pinMap = pinMap
        if let now {
            self.now = now
        } else {
            let start = ContinuousClock.now
            self.now = { ContinuousClock.now - start }
        }
    }

    // MARK: What the module shows

    /// Whether the backlight pin is high.
    public var backlight: Bool {
        state.withLock { $0.port & bit(pinMap.backlight) != 0 }
    }

    /// Whether the display is switched on (instruction 0x0C rather than 0x08).
    public var displayOn: Bool { state.withLock { $0.displayOn } }

    /// The visible grid (DDRAM through the row addresses and the display shift) with the
    /// eight CGRAM glyphs, whether or not the display is switched on.
    public var frame: CharacterFrame {
        state.withLock { state in
            var frame = CharacterFrame(size: size)
            for row in 0..<size.rows {
                let line = row % 2
                let start = (row >= 2 ? size.columns : 0)
                for column in 0..<size.columns {
                    let offset = ((start + column + state.displayShift) % 40 + 40) % 40
                    frame[column, row] = state.ddram[line * 40 + offset]
                }
            }
            frame.glyphs = (0..<8).map { slot in
                CharacterGlyph(rows: Array(state.cgram[slot * 8..<slot * 8 + 8]))
            }
            return frame
        }
    }

    /// The visible rows as text: ROM A00 decoded, CGRAM characters as "{0}"…"{7}".
    public var lines: [String] {
        let frame = self.frame
        return (0..<size.rows).map { row in
            frame.row(row).map { code in
                code < 16 ? "{\(code % 8)}" : CharacterROM.text([code])
            }.joined()
        }
    }

    /// Every instruction and character taken, oldest first (at most `logLimit`).
    public var instructions: [Instruction] { state.withLock { $0.log } }

    /// What the driver did that a real module would not take, as sentences.
    public var violations: [String] { state.withLock { $0.violations } }

    /// Forgets the instruction log and the violations.
    public func clearLog() {
        state.withLock { state in
            state.log.removeAll()
            state.violations.removeAll()
        }
    }

    // MARK: Transfers

    /// A PCF8574 has no registers to read: a read returns its pins.
    public func read(register: UInt8, count: Int, location: String) throws -> [UInt8] {
        state.withLock { Array(repeating: $0.port, count: count) }
    }

    /// The register byte and the value are two consecutive states of the pins.
    public func write(register: UInt8, value: UInt8, location: String) throws {
        take([register, value])
    }

    /// Every byte of a block write is the next state of the pins.
    public func write(register: UInt8, bytes: [UInt8], location: String) throws {
        take([register] + bytes)
    }

    /// A sent byte is the new state of the pins.
    public func send(_ byte: UInt8, location: String) throws {
        take([byte])
    }

    // MARK: Decoding

    private func bit(_ pin: Int) -> UInt8 { 1 << UInt8(pin) }

    private func take(_ bytes: [UInt8]) {
        let time = now()
        state.withLock { state in
            for byte in bytes { pins(byte, state: &state, at: time) }
        }
    }

    private func nibble(_ port: UInt8) -> UInt8 {
        var value: UInt8 = 0
        for (index, pin) in pinMap.data.enumerated() where port & bit(pin) != 0 {
            value |= 1 << UInt8(index)
        }
        return value
    }

    private func pins(_ new: UInt8, state: inout State, at time: Duration) {
        let old = state.port
        state.port = new
        let enable = bit(pinMap.enable)
        let registerSelect = bit(pinMap.registerSelect)
        let writing = old & bit(pinMap.readWrite) == 0
        let signals = registerSelect | pinMap.data.reduce(UInt8(0)) { $0 | bit($1) }
        if old & enable == 0, new & enable != 0, writing,
            old & registerSelect != new & registerSelect
        {
            violate("RS changed on the same write as E rose (no setup time)", &state, time)
        }
        guard old & enable != 0, new & enable == 0, writing else { return }
        if old & signals != new & signals {
            violate("RS or D4–D7 changed on the same write as E fell (no hold time)", &state, time)
        }
        let value = nibble(old)
        let data = old & registerSelect != 0
        if state.eightBit {
            execute(value << 4, data: data, state: &state, at: time)
        } else if let high = state.pendingHigh {
            state.pendingHigh = nil
            if high.data != data {
                violate("RS changed between the two halves of a byte", &state, time)
            }
            execute(high.nibble << 4 | value, data: data, state: &state, at: time)
        } else {
            state.pendingHigh = (value, data)
        }
    }

    private func violate(_ what: String, _ state: inout State, _ time: Duration) {
        state.violations.append("\(what) at \(time).")
    }

    private func execute(_ value: UInt8, data: Bool, state: inout State, at time: Duration) {
        if time < .milliseconds(40) {
            violate(
                "instruction \(I2CAddress.text(value)) came before the 40 ms power-on time",
                &state, time)
            return
        }
        if time < state.busyUntil {
            violate(
                "instruction \(I2CAddress.text(value)) came while busy until \(state.busyUntil); it was lost",
                &state, time)
            return
        }
        state.log.append(Instruction(isData: data, value: value, eightBit: state.eightBit))
        if state.log.count > Self.logLimit { state.log.removeFirst(state.log.count / 2) }
        if data {
            store(value, state: &state)
            return
        }
        switch value {
        case 0x01:
            state.ddram = Array(repeating: 0x20, count: 80)
            state.address = 0
            state.addressInCGRAM = false
            state.increment = true
            state.displayShift = 0
            state.busyUntil = time + .microseconds(1520)
        case 0x02...0x03:
            state.address = 0
            state.addressInCGRAM = false
            state.displayShift = 0
            state.busyUntil = time + .microseconds(1520)
        case 0x04...0x07:
            state.increment = value & 0x02 != 0
        case 0x08...0x0F:
            state.displayOn = value & 0x04 != 0
            state.cursorOn = value & 0x03 != 0
        case 0x10...0x1F:
            let right = value & 0x04 != 0
            if value & 0x08 != 0 {
                state.displayShift += right ? -1 : 1
            } else {
                step(&state, forward: right)
            }
        case 0x20...0x3F:
            let eightBit = value & 0x10 != 0
            // After power-on the first two 8-bit function sets take 4.1 ms and 100 µs;
            // once the controller has been set to 4-bit mode, any function set is quick.
            if eightBit {
                let waits: [Duration] = [.microseconds(4100), .microseconds(100)]
                if !state.initialised, state.resetSteps < waits.count {
                    state.busyUntil = time + waits[state.resetSteps]
                }
                state.resetSteps += 1
            } else {
                state.initialised = true
                state.twoLines = value & 0x08 != 0
            }
            state.eightBit = eightBit
            state.pendingHigh = nil
        case 0x40...0x7F:
            state.addressInCGRAM = true
            state.address = Int(value & 0x3F)
        default:
            state.addressInCGRAM = false
            state.address = Int(value & 0x7F)
        }
    }

    private func store(_ value: UInt8, state: inout State) {
        if state.addressInCGRAM {
            state.cgram[state.address & 0x3F] = value & 0x1F
        } else if let index = ddramIndex(state.address, twoLines: state.twoLines) {
            state.ddram[index] = value
        }
        step(&state, forward: state.increment)
    }

    private func ddramIndex(_ address: Int, twoLines: Bool) -> Int? {
        if !twoLines { return address < 80 ? address : nil }
        if address < 40 { return address }
        if (0x40..<0x68).contains(address) { return 40 + address - 0x40 }
        return nil
    }

    /// Moves the address counter on, wrapping as the controller does.
    private func step(_ state: inout State, forward: Bool) {
        if state.addressInCGRAM {
            state.address = (state.address + (forward ? 1 : 63)) & 0x3F
            return
        }
        var address = state.address + (forward ? 1 : -1)
        if state.twoLines {
            if address == 0x28 { address = 0x40 }
            if address == 0x68 { address = 0x00 }
            if address == 0x3F { address = 0x27 }
            if address == -1 { address = 0x67 }
        } else {
            address = (address + 80) % 80
        }
        state.address = address
    }
}
