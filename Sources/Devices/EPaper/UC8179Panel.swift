public import KioskCore

/// An UltraChip UC8179 (EK79655) black-and-white panel: the Waveshare 7.5" V2 (800×480).
/// BUSY is low while the controller works. A full refresh takes about 4–5 s; a partial
/// refresh of the changed window about 0.5 s, without the flashing, and ghosts a little
/// more each time, so the caller asks for a full one every few partials.
///
/// Every frame: reset and set up; full: the new picture into 0x13, refresh; partial: the
/// changed window's old and new pixels (0x10, 0x13) inside partial mode (0x91 … 0x92).
/// Then power off. Pixels: bit set = black.
public actor UC8179Panel: EPaperDriver {
    /// The panel.
    public nonisolated let panel: EPaperPanel
    private let link: EPaperLink
    private var shown: EPaperFrame?

    private enum Command {
        static let panelSetting: UInt8 = 0x00
        static let powerSetting: UInt8 = 0x01
        static let powerOff: UInt8 = 0x02
        static let powerOn: UInt8 = 0x04
        static let booster: UInt8 = 0x06
        static let deepSleep: UInt8 = 0x07
        static let oldData: UInt8 = 0x10
        static let refresh: UInt8 = 0x12
        static let newData: UInt8 = 0x13
        static let dualSPI: UInt8 = 0x15
        static let vcomDataInterval: UInt8 = 0x50
        static let tcon: UInt8 = 0x60
        static let resolution: UInt8 = 0x61
        static let partialWindow: UInt8 = 0x90
        static let partialIn: UInt8 = 0x91
        static let partialOut: UInt8 = 0x92
        static let cascade: UInt8 = 0xE0
        static let forceTemperature: UInt8 = 0xE5
    }

    /// A driver for the 7.5" V2 over `spi` and `lines`. Nothing is sent until the first
    /// frame.
    public init(
        panel: EPaperPanel = .waveshare7in5V2, spi: any SPIDevice, lines: any PanelControlLines
    ) {
        self.panel = panel
        link = EPaperLink(spi: spi, lines: lines, panelName: panel.name)
    }

    /// The full-refresh setup before power on, byte for byte.
    static let powerSetup: [(UInt8, [UInt8])] = [
        (Command.booster, [0x17, 0x17, 0x28, 0x17]),
        (Command.powerSetting, [0x07, 0x07, 0x3F, 0x3F]),
    ]

    /// The full-refresh setup after power on: black/white from OTP, 800×480, single SPI,
    /// white border, TCON.
    static let panelSetup: [(UInt8, [UInt8])] = [
        (Command.panelSetting, [0x1F]),
        (Command.resolution, [0x03, 0x20, 0x01, 0xE0]),
        (Command.dualSPI, [0x00]),
        (Command.vcomDataInterval, [0x10, 0x07]),
        (Command.tcon, [0x22]),
    ]

    /// The changed window between `old` and `new`, x widened to whole bytes; nil when
    /// nothing changed.
    static func changedWindow(from old: EPaperFrame, to new: EPaperFrame)
        -> (x: Range<Int>, y: Range<Int>)?
    {
        var minX = Int.max
        var maxX = -1
        var minY = Int.max
        var maxY = -1
        for y in 0..<new.height {
            for x in 0..<new.width where old[x: x, y: y] != new[x: x, y: y] {
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return nil }
        let left = minX / 8 * 8
        let right = min(new.width, (maxX / 8 + 1) * 8)
        return (left..<right, minY..<(maxY + 1))
    }

    /// The window's pixels, bit set = black.
    static func bits(_ frame: EPaperFrame, x: Range<Int>, y: Range<Int>) -> [UInt8] {
        var window = EPaperFrame(width: x.count, height: y.count, filledWith: 0)
        for row in y {
            for column in x {
                window[x: column - x.lowerBound, y: row - y.lowerBound] = frame[x: column, y: row]
            }
        }
        return EPaperPacking.bits(window) { $0 == 1 }
    }

    /// Shows `frame`: partial when asked for, the panel has shown a frame since this
    /// driver started, and something changed; full otherwise. An unchanged frame with
    /// `.partial` sends nothing.
    /// - Throws: `EPaperError` naming the BUSY pin, or the bus's sentence.
    public func show(_ frame: EPaperFrame, refresh: EPaperRefresh) async throws {
        let previous = shown
        shown = nil  // unknown until this frame is on the glass
        do {
            if refresh == .partial, let previous {
                guard let window = Self.changedWindow(from: previous, to: frame) else {
                    shown = previous
                    return
                }
                try await showPartial(frame, previous: previous, window: window)
            } else {
                try await showFull(frame)
            }
            try await link.send(Command.powerOff)
            try await link.waitWhileBusy(idle: true, timeout: .seconds(2), after: "power off")
            shown = frame
        } catch { throw link.explained(error) }
    }

    private func powerOn() async throws {
        try await link.send(Command.powerOn)
        try await link.lines.pause(.milliseconds(100))
        try await link.waitWhileBusy(idle: true, timeout: .seconds(2), after: "power on")
    }

    private func showFull(_ frame: EPaperFrame) async throws {
        try await link.reset(low: .milliseconds(2), settle: .milliseconds(20))
        for (command, data) in Self.powerSetup { try await link.send(command, data) }
        try await powerOn()
        for (command, data) in Self.panelSetup { try await link.send(command, data) }
        try await link.send(Command.newData, EPaperPacking.bits(frame) { $0 == 1 })
        try await link.send(Command.refresh)
        try await link.lines.pause(.milliseconds(100))
        try await link.waitWhileBusy(idle: true, timeout: panel.refreshTimeout, after: "a refresh")
    }

    private func showPartial(
        _ frame: EPaperFrame, previous: EPaperFrame, window: (x: Range<Int>, y: Range<Int>)
    ) async throws {
        try await link.reset(low: .milliseconds(2), settle: .milliseconds(20))
        try await link.send(Command.panelSetting, [0x1F])
        try await powerOn()
        try await link.send(Command.cascade, [0x02])
        try await link.send(Command.forceTemperature, [0x6E])
        try await link.send(Command.vcomDataInterval, [0xA9, 0x07])
        try await link.send(Command.partialIn)
        let lastX = window.x.upperBound - 1
        let lastY = window.y.upperBound - 1
        try await link.send(
            Command.partialWindow,
            [
                UInt8(window.x.lowerBound >> 8), UInt8(window.x.lowerBound & 0xFF),
                UInt8(lastX >> 8), UInt8(lastX & 0xFF),
                UInt8(window.y.lowerBound >> 8), UInt8(window.y.lowerBound & 0xFF),
                UInt8(lastY >> 8), UInt8(lastY & 0xFF), 0x01,
            ])
        try await link.send(Command.oldData, Self.bits(previous, x: window.x, y: window.y))
        try await link.send(Command.newData, Self.bits(frame, x: window.x, y: window.y))
        try await link.send(Command.refresh)
        try await link.lines.pause(.milliseconds(100))
        try await link.waitWhileBusy(idle: true, timeout: .seconds(5), after: "a partial refresh")
        try await link.send(Command.partialOut)
    }

    /// Deep sleep (0x07 0xA5); the next frame resets the controller.
    /// - Throws: `EPaperError` when the command does not go out.
    public func sleep() async throws {
        do {
            try await link.send(Command.deepSleep, [0xA5])
        } catch { throw link.explained(error) }
    }
}
