public import KioskCore

/// A Solomon SSD1683 panel: the Inky wHAT (400×300), white and black plus red or yellow.
/// BUSY is high while the controller works. The three-colour waveform has no partial
/// refresh; a refresh takes about 15–20 s.
///
/// Every frame: reset, soft reset, the setup below, the black/white plane into RAM 0x24
/// (bit clear = black), the colour plane into RAM 0x26 (bit set = red/yellow), master
/// activation, and the wait for BUSY.
public actor SSD1683Panel: EPaperDriver {
    /// The panel (red, yellow or black wHAT).
    public nonisolated let panel: EPaperPanel
    private let link: EPaperLink

    private enum Command {
        static let driverOutput: UInt8 = 0x01
        static let deepSleep: UInt8 = 0x10
        static let dataEntryMode: UInt8 = 0x11
        static let softReset: UInt8 = 0x12
        static let masterActivation: UInt8 = 0x20
        static let writeBlackWhite: UInt8 = 0x24
        static let writeColour: UInt8 = 0x26
        static let vcom: UInt8 = 0x2C
        static let dummyLinePeriod: UInt8 = 0x3A
        static let gateLineWidth: UInt8 = 0x3B
        static let border: UInt8 = 0x3C
        static let ramXRange: UInt8 = 0x44
        static let ramYRange: UInt8 = 0x45
        static let ramXCounter: UInt8 = 0x4E
        static let ramYCounter: UInt8 = 0x4F
    }

    /// A driver for `panel` over `spi` and `lines`. Nothing is sent until the first frame.
    public init(panel: EPaperPanel, spi: any SPIDevice, lines: any PanelControlLines) {
        self.panel = panel
        link = EPaperLink(spi: spi, lines: lines, panelName: panel.name)
    }

    /// The setup after the soft reset, byte for byte, for a panel of `size`.
    static func setup(for size: PixelSize) -> [(UInt8, [UInt8])] {
        let lastRow = size.height - 1
        return [
            (Command.driverOutput, [UInt8(lastRow & 0xFF), UInt8(lastRow >> 8), 0x00]),
            (Command.dummyLinePeriod, [0x1B]),
            (Command.gateLineWidth, [0x0B]),
            // X increments, then Y: the rows go out top to bottom, left to right.
            (Command.dataEntryMode, [0x03]),
            (Command.ramXRange, [0x00, UInt8(size.width / 8 - 1)]),
            (Command.ramYRange, [0x00, 0x00, UInt8(lastRow & 0xFF), UInt8(lastRow >> 8)]),
            (Command.vcom, [0x70]),
            // Border follows the white level (GS transition, waveform 00, GSB 1).
            (Command.border, [0x01]),
            (Command.ramXCounter, [0x00]),
            (Command.ramYCounter, [0x00, 0x00]),
        ]
    }

    /// Resets the controller, sends both planes and refreshes; `refresh` is always full.
    /// - Throws: `EPaperError` naming the BUSY pin, or the bus's sentence.
    public func show(_ frame: EPaperFrame, refresh: EPaperRefresh) async throws {
        do {
            try await link.reset(low: .milliseconds(500), settle: .milliseconds(500))
            try await link.send(Command.softReset)
            try await link.lines.pause(.seconds(1))
            try await link.waitWhileBusy(idle: false, timeout: .seconds(5), after: "reset")
            for (command, data) in Self.setup(for: panel.size) {
                try await link.send(command, data)
            }
            try await link.send(
                Command.writeBlackWhite, EPaperPacking.bits(frame) { $0 != 1 })
            try await link.send(Command.writeColour, EPaperPacking.bits(frame) { $0 == 2 })
            try await link.waitWhileBusy(idle: false, timeout: .seconds(5), after: "the pixels")
            try await link.send(Command.masterActivation)
            try await link.waitWhileBusy(
                idle: false, timeout: panel.refreshTimeout, after: "a refresh")
        } catch { throw link.explained(error) }
    }

    /// Deep sleep mode 1 (0x10 0x01); the next frame resets the controller.
    /// - Throws: `EPaperError` when the command does not go out.
    public func sleep() async throws {
        do {
            try await link.send(Command.deepSleep, [0x01])
        } catch { throw link.explained(error) }
    }
}
