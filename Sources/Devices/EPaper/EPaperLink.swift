public import KioskCore

/// The wires to one e-paper controller: the SPI device and the control lines, with the
/// command/data framing every controller here shares (DC low for the command byte, high
/// for its data; CS low around each), and BUSY waits that become `EPaperError`s.
public struct EPaperLink: Sendable {
    /// The SPI device.
    public let spi: any SPIDevice
    /// RESET, DC, CS and BUSY.
    public let lines: any PanelControlLines
    /// The panel, for messages: "Inky Impression 5.7\"".
    public let panelName: String

    /// A link to the panel `panelName` over `spi` and `lines`.
    public init(spi: any SPIDevice, lines: any PanelControlLines, panelName: String) {
        self.spi = spi
        self.lines = lines
        self.panelName = panelName
    }

    /// Sends `command`, then `data` if there is any.
    /// - Throws: the bus's or the GPIO chip's error.
    public func send(_ command: UInt8, _ data: [UInt8] = []) async throws {
        try await frame(dataCommand: false, [command])
        if !data.isEmpty { try await frame(dataCommand: true, data) }
    }

    private func frame(dataCommand: Bool, _ bytes: [UInt8]) async throws {
        try await lines.set(.dataCommand, high: dataCommand)
        try await lines.set(.chipSelect, high: false)
        do {
            try await spi.write(bytes)
        } catch {
            try? await lines.set(.chipSelect, high: true)  // best effort; the write's error wins
            throw error
        }
        try await lines.set(.chipSelect, high: true)
    }

    /// `error` as the driver throws it: an `EPaperError` or a cancellation as it is,
    /// anything else (the bus's or GPIO chip's sentence) as `EPaperError.transfer`.
    public func explained(_ error: any Error) -> any Error {
        if error is EPaperError || error is CancellationError { return error }
        return EPaperError.transfer(panel: panelName, cause: error)
    }

    /// Pulses RESET low for `low`, then waits `settle`.
    /// - Throws: the GPIO chip's error.
    public func reset(low: Duration, settle: Duration) async throws {
        try await lines.set(.reset, high: false)
        try await lines.pause(low)
        try await lines.set(.reset, high: true)
        try await lines.pause(settle)
    }

    /// Waits until BUSY reads `idle`, at most `timeout`.
    /// - Throws: `EPaperError.busyTimeout` naming the BUSY pin and `step`.
    public func waitWhileBusy(idle: Bool, timeout: Duration, after step: String) async throws {
        if try await lines.waitForBusy(toRead: idle, timeout: timeout) { return }
        throw EPaperError.busyTimeout(
            panel: panelName, pin: lines.name(of: .busy), step: step, timeout: timeout)
    }
}

/// How a frame goes on the panel.
public enum EPaperRefresh: String, Sendable, Hashable, CaseIterable {
    /// The whole panel through the full waveform: slow, flashes, clears ghosting.
    case full
    /// Only the pixels that changed, without flashing (panels that can).
    case partial
}

/// An e-paper panel's driver: takes frames of ink indices and puts them on the glass.
///
/// `show` sets the controller up when it has not been (first frame, after a failure or
/// sleep), sends the frame, refreshes, and returns when BUSY clears; a failure throws
/// `EPaperError` and the next `show` starts from the reset again.
public protocol EPaperDriver: Sendable {
    /// The panel.
    var panel: EPaperPanel { get }

    /// Puts `frame` on the panel with `refresh` (`.partial` falls back to `.full` on a
    /// panel that cannot, and on the first frame).
    /// - Throws: `EPaperError` naming the BUSY pin on a timeout, or the bus's sentence.
    func show(_ frame: EPaperFrame, refresh: EPaperRefresh) async throws

    /// Puts the controller to deep sleep (the picture stays); the next `show` resets it.
    /// - Throws: `EPaperError` when the command does not go out.
    func sleep() async throws
}

/// Packing frames into the controllers' memory layouts.
enum EPaperPacking {
    /// Two pixels per byte, the left one in the high nibble (UC8159, AC073TC1A).
    static func nibbles(_ frame: EPaperFrame) -> [UInt8] {
        var bytes = [UInt8]()
        bytes.reserveCapacity((frame.indices.count + 1) / 2)
        var index = 0
        while index < frame.indices.count {
            let left = frame.indices[index] & 0x07
            let right = index + 1 < frame.indices.count ? frame.indices[index + 1] & 0x07 : 1
            bytes.append(left << 4 | right)
            index += 2
        }
        return bytes
    }

    /// One bit per pixel, the leftmost pixel in the top bit, each row padded to a byte:
    /// bit set where `isSet` says.
    static func bits(_ frame: EPaperFrame, isSet: (UInt8) -> Bool) -> [UInt8] {
        let rowBytes = (frame.width + 7) / 8
        var bytes = [UInt8](repeating: 0, count: rowBytes * frame.height)
        for y in 0..<frame.height {
            for x in 0..<frame.width where isSet(frame.indices[y * frame.width + x]) {
                bytes[y * rowBytes + x / 8] |= 0x80 >> UInt8(x % 8)
            }
        }
        return bytes
    }
}
