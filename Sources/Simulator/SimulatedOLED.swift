public import Devices
public import KioskCore
import Synchronization

/// An SSD1306 or SH1106 OLED module at the level of its I2C protocol: control bytes
/// (Co and D/C bits), commands with their parameters, the addressing modes and pointers,
/// the display RAM (128 or 132 columns × 8 pages), and a panel that shows the RAM the way
/// the module is wired: upright with segment remap (0xA1) and reversed COM scan (0xC8),
/// mirrored otherwise, and dark while the display is off or the charge pump (SSD1306) or
/// DC-DC converter (SH1106) is not on.
///
/// Commands a controller does not have are recorded in `unknownCommands` and otherwise
/// ignored, as the chip ignores them: an SSD1306 command sent to an SH1106 shows up there.
public final class SimulatedOLED: SimulatedI2CChip {
    /// How many commands the log keeps (the oldest are dropped first).
    public static let logLimit = 20_000

    private enum Addressing {
        case horizontal
        case vertical
        case page
    }

    private struct State {
        var ram: [UInt8]
        var addressing = Addressing.page
        var column = 0
        var page = 0
        var columnRange = 0...127
        var pageRange = 0...7
        var pendingCommand: [UInt8] = []
        var displayOn = false
        var powerOn = false
        var contrast: UInt8 = 0x7F
        var segmentRemap = false
        var comReversed = false
        var startLine = 0
        var displayOffset = 0
        var multiplex = 63
        var alternativeCOMPins = true
        var inverted = false
        var entireOn = false
        var commands: [[UInt8]] = []
        var unknownCommands: [UInt8] = []
        var dataBytes = 0
    }

    /// Which controller.
    public let controller: OLEDController
    /// The panel's size: 128×64, or 128×32 (SSD1306).
    public let size: PixelSize
    private let ramWidth: Int
    private let state: Mutex<State>

    /// A module with `controller` driving a panel of `size`, just powered on: RAM full of
    /// noise, display off.
    public init(controller: OLEDController, size: PixelSize = PixelSize(width: 128, height: 64)) {
        self.controller = controller
        self.size = size
        ramWidth = controller == .sh1106 ? 132 : 128
        let noise = (0..<(ramWidth * 8)).map { UInt8(truncatingIfNeeded: $0 &* 97 &+ 13) }
        var initial = State(ram: noise)
        initial.columnRange = 0...(ramWidth - 1)
        initial.powerOn = controller == .sh1106  // the SH1106's DC-DC converter starts on
        state = Mutex(initial)
    }

    // MARK: What the module shows

    /// What the panel shows: dark while off or unpowered.
    public var panel: MonochromeBitmap {
        state.withLock { state in
            var bitmap = MonochromeBitmap(width: size.width, height: size.height)
            guard state.displayOn, state.powerOn else { return bitmap }
            let offset = (ramWidth - size.width) / 2
            for y in 0..<size.height {
                guard let row = ramRow(panelRow: y, state) else { continue }
                for x in 0..<size.width {
                    let segment = ramWidth - 1 - offset - x
                    let column = state.segmentRemap ? ramWidth - 1 - segment : segment
                    let bit = state.ram[(row / 8) * ramWidth + column] & (1 << UInt8(row % 8))
                    let lit = state.entireOn || ((bit != 0) != state.inverted)
                    if lit { bitmap[x: x, y: y] = true }
                }
            }
            return bitmap
        }
    }

    /// The display RAM's row shown on panel row `y`, nil when no COM line drives it.
    private func ramRow(panelRow y: Int, _ state: State) -> Int? {
        let rows = state.multiplex + 1
        let com = size.height - 1 - y  // the panel's rows are wired to the COM lines upside down
        guard com < rows else { return nil }
        var displayRow = state.comReversed ? rows - 1 - com : com
        // The COM pin layout must match the panel: sequential for 32 rows, alternative for 64.
        if state.alternativeCOMPins != (size.height == 64) {
            displayRow = displayRow % 2 == 0 ? displayRow / 2 : rows / 2 + displayRow / 2
        }
        return (displayRow + state.startLine + state.displayOffset) % 64
    }

    /// The RAM columns the panel shows, as a bitmap (128 × 64 for both controllers).
    public var visibleRAM: MonochromeBitmap {
        state.withLock { state in
            let offset = controller.columnOffset
            var bytes: [UInt8] = []
            for page in 0..<size.height / 8 {
                bytes +=
                    state.ram[(page * ramWidth + offset)..<(page * ramWidth + offset + size.width)]
            }
            return MonochromeBitmap(width: size.width, height: size.height, bytes: bytes)
        }
    }

    /// Whether the display is on (0xAF).
    public var displayOn: Bool { state.withLock { $0.displayOn } }
    /// The contrast register (0x81).
    public var contrast: UInt8 { state.withLock { $0.contrast } }
    /// Every command with its parameters, oldest first (at most `logLimit`).
    public var commands: [[UInt8]] { state.withLock { $0.commands } }
    /// Command bytes the controller does not know.
    public var unknownCommands: [UInt8] { state.withLock { $0.unknownCommands } }
    /// Data bytes written to RAM so far.
    public var dataBytes: Int { state.withLock { $0.dataBytes } }

    /// Forgets the command log, the unknown commands and the data count.
    public func clearLog() {
        state.withLock { state in
            state.commands.removeAll()
            state.unknownCommands.removeAll()
            state.dataBytes = 0
        }
    }

    // MARK: Transfers

    /// Reading returns the status byte (bit 6: display off).
    public func read(register: UInt8, count: Int, location: String) throws -> [UInt8] {
        state.withLock { Array(repeating: $0.displayOn ? 0x00 : 0x40, count: count) }
    }

    /// A control byte and one byte.
    public func write(register: UInt8, value: UInt8, location: String) throws {
        take([register, value])
    }

    /// A control byte and the bytes after it.
    public func write(register: UInt8, bytes: [UInt8], location: String) throws {
        take([register] + bytes)
    }

    /// A control byte alone carries nothing.
    public func send(_ byte: UInt8, location: String) throws {}

    private func take(_ bytes: [UInt8]) {
        state.withLock { state in
            var index = 0
            while index < bytes.count {
                let control = bytes[index]
                index += 1
                let isData = control & 0x40 != 0
                let single = control & 0x80 != 0
                let end = single ? min(index + 1, bytes.count) : bytes.count
                for byte in bytes[index..<end] {
                    if isData { data(byte, &state) } else { command(byte, &state) }
                }
                index = end
            }
        }
    }

    // MARK: Data

    private func data(_ byte: UInt8, _ state: inout State) {
        state.dataBytes += 1
        if state.column < ramWidth, state.page < 8 {
            state.ram[state.page * ramWidth + state.column] = byte
        }
        switch state.addressing {
        case .page:
            state.column = state.column + 1 < ramWidth ? state.column + 1 : 0
        case .horizontal:
            if state.column < state.columnRange.upperBound {
                state.column += 1
            } else {
                state.column = state.columnRange.lowerBound
                state.page =
                    state.page < state.pageRange.upperBound
                    ? state.page + 1 : state.pageRange.lowerBound
            }
        case .vertical:
            if state.page < state.pageRange.upperBound {
                state.page += 1
            } else {
                state.page = state.pageRange.lowerBound
                state.column =
                    state.column < state.columnRange.upperBound
                    ? state.column + 1 : state.columnRange.lowerBound
            }
        }
    }

    // MARK: Commands

    /// How many parameter bytes follow `opcode` on this controller; nil for an unknown
    /// command.
    private func parameterCount(_ opcode: UInt8) -> Int? {
        switch (controller, opcode) {
        case (_, 0x00...0x1F), (_, 0x40...0x7F), (_, 0xA0...0xA1), (_, 0xA4...0xA7),
            (_, 0xAE...0xAF), (_, 0xB0...0xB7), (_, 0xC0), (_, 0xC8), (_, 0xE3):
            return 0
        case (_, 0x81), (_, 0xA8), (_, 0xD3), (_, 0xD5), (_, 0xD9), (_, 0xDA), (_, 0xDB):
            return 1
        case (.ssd1306, 0x20), (.ssd1306, 0x8D): return 1
        case (.ssd1306, 0x21), (.ssd1306, 0x22), (.ssd1306, 0xA3): return 2
        case (.ssd1306, 0x26), (.ssd1306, 0x27): return 6
        case (.ssd1306, 0x29), (.ssd1306, 0x2A): return 5
        case (.ssd1306, 0x2E), (.ssd1306, 0x2F): return 0
        case (.sh1106, 0x30...0x33), (.sh1106, 0xE0), (.sh1106, 0xEE): return 0
        case (.sh1106, 0xAD): return 1
        default: return nil
        }
    }

    private func command(_ byte: UInt8, _ state: inout State) {
        state.pendingCommand.append(byte)
        let opcode = state.pendingCommand[0]
        guard let count = parameterCount(opcode) else {
            state.unknownCommands.append(opcode)
            state.pendingCommand.removeAll()
            return
        }
        guard state.pendingCommand.count == count + 1 else { return }
        let command = state.pendingCommand
        state.pendingCommand.removeAll()
        state.commands.append(command)
        if state.commands.count > Self.logLimit {
            state.commands.removeFirst(state.commands.count / 2)
        }
        execute(command, &state)
    }

    private func execute(_ command: [UInt8], _ state: inout State) {
        let opcode = command[0]
        let parameter = command.count > 1 ? Int(command[1]) : 0
        switch opcode {
        case 0x00...0x0F where controller == .sh1106 || state.addressing == .page:
            state.column = (state.column & 0xF0) | Int(opcode & 0x0F)
        case 0x10...0x1F where controller == .sh1106 || state.addressing == .page:
            state.column = (state.column & 0x0F) | Int(opcode & 0x0F) << 4
        case 0xB0...0xB7 where controller == .sh1106 || state.addressing == .page:
            state.page = Int(opcode & 0x07)
        case 0x20:
            state.addressing = [Addressing.horizontal, .vertical, .page][min(2, parameter & 0x03)]
        case 0x21:
            let start = parameter & 0x7F
            state.columnRange = start...max(start, Int(command[2]) & 0x7F)
            state.column = start
        case 0x22:
            let start = parameter & 0x07
            state.pageRange = start...max(start, Int(command[2]) & 0x07)
            state.page = start
        case 0x40...0x7F: state.startLine = Int(opcode & 0x3F)
        case 0x81: state.contrast = UInt8(parameter)
        case 0x8D: state.powerOn = parameter & 0x04 != 0
        case 0xAD: state.powerOn = parameter & 0x01 != 0
        case 0xA0, 0xA1: state.segmentRemap = opcode == 0xA1
        case 0xA4, 0xA5: state.entireOn = opcode == 0xA5
        case 0xA6, 0xA7: state.inverted = opcode == 0xA7
        case 0xA8: state.multiplex = max(15, parameter & 0x3F)
        case 0xAE, 0xAF: state.displayOn = opcode == 0xAF
        case 0xC0, 0xC8: state.comReversed = opcode == 0xC8
        case 0xD3: state.displayOffset = parameter & 0x3F
        case 0xDA: state.alternativeCOMPins = parameter & 0x10 != 0
        default: break  // timing, voltages, scrolling: nothing the picture depends on
        }
    }
}
