public import KioskCore

/// The AC073TC1A seven-colour panel of the Inky Impression 7.3" (800×480). No partial
/// refresh; a refresh takes about 41 s (BUSY low while it runs).
///
/// Every frame: reset (twice, as the panel wants), the setup below, the pixels (two per
/// byte, never index 7 "clean") into DTM, power on, refresh, power off.
public actor AC073TC1APanel: EPaperDriver {
    /// The panel.
    public nonisolated let panel: EPaperPanel
    private let link: EPaperLink

    private enum Command {
        static let powerOff: UInt8 = 0x02
        static let powerOn: UInt8 = 0x04
        static let deepSleep: UInt8 = 0x07
        static let dataStart: UInt8 = 0x10
        static let refresh: UInt8 = 0x12
    }

    /// A driver for the 7.3" panel over `spi` and `lines`. Nothing is sent until the
    /// first frame.
    public init(
        panel: EPaperPanel = .inkyImpression73, spi: any SPIDevice, lines: any PanelControlLines
    ) {
        self.panel = panel
        link = EPaperLink(spi: spi, lines: lines, panelName: panel.name)
    }

    /// The setup after reset, byte for byte (command header, power, panel, power-off
    /// sequence, three booster soft starts, IPC, PLL, temperature sensor, VCOM/data
    /// interval with a white border, TCON, resolution 800×480, VDCS, T_VDCS, AGID, power
    /// saving, cascade, temperature sensor selection).
    static let setup: [(UInt8, [UInt8])] = [
        (0xAA, [0x49, 0x55, 0x20, 0x08, 0x09, 0x18]),
        (0x01, [0x3F, 0x00, 0x32, 0x2A, 0x0E, 0x2A]),
        (0x00, [0x5F, 0x69]),
        (0x03, [0x00, 0x54, 0x00, 0x44]),
        (0x05, [0x40, 0x1F, 0x1F, 0x2C]),
        (0x06, [0x6F, 0x1F, 0x16, 0x25]),
        (0x08, [0x6F, 0x1F, 0x1F, 0x22]),
        (0x13, [0x00, 0x04]),
        (0x30, [0x02]),
        (0x41, [0x00]),
        (0x50, [0x3F]),
        (0x60, [0x02, 0x00]),
        (0x61, [0x03, 0x20, 0x01, 0xE0]),
        (0x82, [0x1E]),
        (0x84, [0x00]),
        (0x86, [0x00]),
        (0xE3, [0x2F]),
        (0xE0, [0x00]),
        (0xE6, [0x00]),
    ]

    /// Resets the controller, sends the frame and refreshes; `refresh` is always full.
    /// - Throws: `EPaperError` naming the BUSY pin, or the bus's sentence.
    public func show(_ frame: EPaperFrame, refresh: EPaperRefresh) async throws {
        do {
            try await link.reset(low: .milliseconds(100), settle: .milliseconds(100))
            try await link.reset(low: .milliseconds(100), settle: .zero)
            try await link.waitWhileBusy(idle: true, timeout: .seconds(1), after: "reset")
            for (command, data) in Self.setup { try await link.send(command, data) }
            var clean = frame
            for index in clean.indices.indices where clean.indices[index] > 6 {
                clean.indices[index] = 1  // "clean" would leave the pixel as it was: white
            }
            try await link.send(Command.dataStart, EPaperPacking.nibbles(clean))
            try await link.send(Command.powerOn)
            try await link.waitWhileBusy(idle: true, timeout: .seconds(1), after: "power on")
            try await link.send(Command.refresh, [0x00])
            try await link.waitWhileBusy(
                idle: true, timeout: panel.refreshTimeout, after: "a refresh")
            try await link.send(Command.powerOff, [0x00])
            try await link.waitWhileBusy(idle: true, timeout: .seconds(1), after: "power off")
        } catch { throw link.explained(error) }
    }

    /// Deep sleep (0x07 0xA5); the next frame resets the controller.
    /// - Throws: `EPaperError` when the command does not go out.
    public func sleep() async throws {
        do {
            try await link.send(Command.deepSleep, [0xA5])
        } catch { throw link.explained(error) }
    }
}
