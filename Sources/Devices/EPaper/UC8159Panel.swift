public import KioskCore

/// An UltraChip UC8159 seven-colour panel: the Inky Impression 5.7" (600×448) and 4"
/// (640×400). No partial refresh; a refresh takes about 30 s, BUSY low while it runs.
///
/// Every frame: reset, the setup below, the pixels (two per byte) into DTM1, power on,
/// refresh, power off. The panel keeps its picture with the power off.
public actor UC8159Panel: EPaperDriver {
    /// The panel (5.7" or 4").
    public nonisolated let panel: EPaperPanel
    private let link: EPaperLink

    private enum Command {
        static let panelSetting: UInt8 = 0x00
        static let powerSetting: UInt8 = 0x01
        static let powerOff: UInt8 = 0x02
        static let powerOffSequence: UInt8 = 0x03
        static let powerOn: UInt8 = 0x04
        static let deepSleep: UInt8 = 0x07
        static let dataStart: UInt8 = 0x10
        static let refresh: UInt8 = 0x12
        static let pll: UInt8 = 0x30
        static let temperatureSensor: UInt8 = 0x41
        static let vcomDataInterval: UInt8 = 0x50
        static let gateSourceTiming: UInt8 = 0x60
        static let resolution: UInt8 = 0x61
        static let flashMode: UInt8 = 0x65
        static let powerSaving: UInt8 = 0xE3
    }

    /// The border ink: white.
    static let borderInk: UInt8 = 1

    /// A driver for `panel` (`.inkyImpression57` or `.inkyImpression4`) over `spi` and
    /// `lines`. Nothing is sent until the first frame.
    public init(panel: EPaperPanel, spi: any SPIDevice, lines: any PanelControlLines) {
        self.panel = panel
        link = EPaperLink(spi: spi, lines: lines, panelName: panel.name)
    }

    /// The setup after reset, byte for byte.
    static func setup(for size: PixelSize) -> [(UInt8, [UInt8])] {
        // Resolution select in PSR's top bits: 0b11 600×448, 0b10 640×400.
        let resolutionSelect: UInt8 = size.width == 640 ? 0b10 : 0b11
        return [
            (
                Command.resolution,
                [
                    UInt8(size.width >> 8), UInt8(size.width & 0xFF), UInt8(size.height >> 8),
                    UInt8(size.height & 0xFF),
                ]
            ),
            // LUT from flash, gate scan up, source shift right, DC-DC on, no soft reset.
            (Command.panelSetting, [resolutionSelect << 6 | 0b10_1111, 0x08]),
            (Command.powerSetting, [0x37, 0x00, 0x23, 0x23]),
            (Command.pll, [0x3C]),
            (Command.temperatureSensor, [0x00]),
            (Command.vcomDataInterval, [borderInk << 5 | 0x17]),
            (Command.gateSourceTiming, [0x22]),
            (Command.flashMode, [0x00]),
            (Command.powerSaving, [0xAA]),
            (Command.powerOffSequence, [0x00]),
        ]
    }

    /// Resets the controller, sends the frame and refreshes; `refresh` is always full.
    /// - Throws: `EPaperError` naming the BUSY pin, or the bus's sentence.
    public func show(_ frame: EPaperFrame, refresh: EPaperRefresh) async throws {
        do {
            try await link.reset(low: .milliseconds(100), settle: .milliseconds(100))
            try await link.waitWhileBusy(idle: true, timeout: .seconds(1), after: "reset")
            for (command, data) in Self.setup(for: panel.size) {
                try await link.send(command, data)
            }
            try await link.send(Command.dataStart, EPaperPacking.nibbles(frame))
            try await link.send(Command.powerOn)
            try await link.waitWhileBusy(idle: true, timeout: .seconds(1), after: "power on")
            try await link.send(Command.refresh)
            try await link.waitWhileBusy(
                idle: true, timeout: panel.refreshTimeout, after: "a refresh")
            try await link.send(Command.powerOff)
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
