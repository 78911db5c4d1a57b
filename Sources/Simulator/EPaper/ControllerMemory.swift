import KioskCore

/// The part of a simulated e-paper controller that matters to what the glass shows: the
/// frame memory the data commands fill, the power state, partial mode, and what a refresh
/// command does. Command bytes and their meanings per controller follow the drivers'
/// sources (UC8159, AC073TC1A, SSD1683, UC8179).
struct ControllerMemory {
    /// What a command makes the panel do.
    enum Effect {
        /// BUSY asserted for a while.
        case busy(Duration)
        /// A refresh: the glass now shows the frame; BUSY for the duration.
        case refreshed(EPaperFrame, EPaperRefreshKind, Duration)
    }

    let panel: EPaperPanel
    /// What the glass shows, which a partial refresh changes in a window only.
    var glass: EPaperFrame
    private var powered = false
    private var partialMode = false
    private var window: [UInt8] = []
    private var ram: [UInt8: [UInt8]] = [:]
    private var ramStart: [UInt8: Int] = [:]
    private var xCounter = 0
    private var yCounter = 0

    init(panel: EPaperPanel, frame: EPaperFrame) {
        self.panel = panel
        glass = frame
    }

    private var rowBytes: Int { (panel.size.width + 7) / 8 }

    /// RESET: registers and memory are gone; the glass keeps its picture.
    mutating func reset() {
        powered = false
        partialMode = false
        ram = [:]
        ramStart = [:]
        window = []
    }

    /// A command byte arrived.
    mutating func command(_ byte: UInt8) -> Effect? {
        switch (panel.controller, byte) {
        case (.ssd1683, 0x12):
            reset()
            return .busy(.milliseconds(10))
        case (.ssd1683, 0x24), (.ssd1683, 0x26):
            ram[byte] = []
            ramStart[byte] = yCounter * rowBytes + xCounter
            return nil
        case (.ssd1683, 0x20):
            return .refreshed(ssd1683Frame(), .full, .seconds(16))
        case (.ssd1683, _):
            return nil
        case (_, 0x04):
            powered = true
            return .busy(.milliseconds(50))
        case (_, 0x02):
            powered = false
            return .busy(.milliseconds(50))
        case (_, 0x10), (_, 0x13):
            ram[byte] = []
            return nil
        case (.uc8179, 0x90):
            window = []
            return nil
        case (.uc8179, 0x91):
            partialMode = true
            return nil
        case (.uc8179, 0x92):
            partialMode = false
            return nil
        case (_, 0x12):
            guard powered else { return nil }  // no high voltages, no refresh
            return refresh()
        default:
            return nil
        }
    }

    /// Data bytes for `command` arrived.
    mutating func data(_ bytes: [UInt8], for command: UInt8) {
        switch (panel.controller, command) {
        case (.ssd1683, 0x4E): xCounter = Int(bytes.first ?? 0)
        case (.ssd1683, 0x4F) where bytes.count >= 2:
            yCounter = Int(bytes[0]) | Int(bytes[1]) << 8
        case (.ssd1683, 0x4F): yCounter = Int(bytes.first ?? 0)
        case (.uc8179, 0x90): window += bytes
        case (_, 0x10), (_, 0x13), (.ssd1683, 0x24), (.ssd1683, 0x26):
            ram[command, default: []] += bytes
        default: break
        }
    }

    private mutating func refresh() -> Effect? {
        switch panel.controller {
        case .uc8159, .ac073tc1a:
            let bytes = ram[0x10] ?? []
            var frame = glass
            for index in frame.indices.indices where index / 2 < bytes.count {
                let byte = bytes[index / 2]
                let value = index % 2 == 0 ? byte >> 4 : byte & 0x0F
                if value < 7 { frame.indices[index] = value }  // 7 "clean" leaves it
            }
            glass = frame
            let time: Duration = panel.controller == .uc8159 ? .seconds(28) : .seconds(41)
            return .refreshed(frame, .full, time)
        case .uc8179:
            let bits = ram[0x13] ?? []
            if partialMode, window.count >= 8 {
                let x0 = Int(window[0]) << 8 | Int(window[1])
                let x1 = Int(window[2]) << 8 | Int(window[3])
                let y0 = Int(window[4]) << 8 | Int(window[5])
                let y1 = Int(window[6]) << 8 | Int(window[7])
                let width = x1 - x0 + 1
                let bytesPerRow = (width + 7) / 8
                for y in y0...y1 where y < glass.height {
                    for x in x0...x1 where x < glass.width {
                        let offset = (y - y0) * bytesPerRow + (x - x0) / 8
                        guard offset < bits.count else { continue }
                        glass[x: x, y: y] =
                            bits[offset] & (0x80 >> UInt8((x - x0) % 8)) != 0 ? 1 : 0
                    }
                }
                return .refreshed(glass, .partial, .milliseconds(500))
            }
            glass = decodeBits(bits) { set in set ? 1 : 0 }
            return .refreshed(glass, .full, .milliseconds(4500))
        case .ssd1683:
            return nil
        }
    }

    private func ssd1683Frame() -> EPaperFrame {
        let blackWhite = plane(0x24, filler: 0xFF)
        let colour = plane(0x26, filler: 0x00)
        var frame = glass
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let offset = y * rowBytes + x / 8
                let mask: UInt8 = 0x80 >> UInt8(x % 8)
                if colour[offset] & mask != 0 && panel.inks.count > 2 {
                    frame[x: x, y: y] = 2
                } else {
                    frame[x: x, y: y] = blackWhite[offset] & mask == 0 ? 1 : 0
                }
            }
        }
        return frame
    }

    private func plane(_ command: UInt8, filler: UInt8) -> [UInt8] {
        var memory = [UInt8](repeating: filler, count: rowBytes * panel.size.height)
        let start = ramStart[command] ?? 0
        for (index, byte) in (ram[command] ?? []).enumerated() where start + index < memory.count {
            memory[start + index] = byte
        }
        return memory
    }

    private func decodeBits(_ bits: [UInt8], ink: (Bool) -> UInt8) -> EPaperFrame {
        var frame = glass
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let offset = y * rowBytes + x / 8
                guard offset < bits.count else { continue }
                frame[x: x, y: y] = ink(bits[offset] & (0x80 >> UInt8(x % 8)) != 0)
            }
        }
        return frame
    }
}
