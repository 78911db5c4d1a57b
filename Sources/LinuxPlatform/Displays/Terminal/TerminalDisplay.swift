import CLinux
import Glibc
public import KioskCore
public import Pixels
import Synchronization

/// The terminal as a `Display`: each frame is drawn with half-block characters in 24-bit
/// colour (or the 256-colour palette), scaled to the terminal's size at the time it is shown.
public final class TerminalDisplay: Display {
    /// The size pages are rendered at before they are scaled to the terminal.
    public let size: PixelSize
    /// Where the frames go.
    public let descriptor: Int32
    /// True colour or the 256-colour palette.
    public let colors: ANSIColorMode
    private let power = Mutex(DisplayPower.on)

    /// A terminal display on `descriptor` (standard output, 1, by default).
    /// - Parameters:
    ///   - size: the size pages are rendered at.
    ///   - colors: nil picks true colour when `COLORTERM` says "truecolor" or "24bit", else
    ///     the 256-colour palette.
    public init(
        descriptor: Int32 = 1, size: PixelSize = PixelSize(width: 800, height: 480),
        colors: ANSIColorMode? = nil
    ) {
        self.descriptor = descriptor
        self.size = size
        self.colors = colors ?? Self.detectedColors()
    }

    /// The colour mode `COLORTERM` asks for.
    public static func detectedColors() -> ANSIColorMode {
        guard let value = getenv("COLORTERM") else { return .palette256 }
        let text = String(cString: value).lowercased()
        return text == "truecolor" || text == "24bit" ? .trueColor : .palette256
    }

    /// A screen of `size` in the terminal's colours, drawn whole every time.
    public var capabilities: DisplayCapabilities {
        DisplayCapabilities(
            surface: .pixels(size),
            colors: colors == .trueColor
                ? .direct(bitsPerPixel: 24, format: "ANSI 24-bit colour")
                : .direct(bitsPerPixel: 8, format: "ANSI 256 colours"))
    }

    /// Nothing to give back: the terminal stays the caller's.
    public func close() {}

    /// The terminal's size in character cells; 80×24 when it is not a terminal.
    public func cells() -> (columns: Int, rows: Int) {
        var rows: UInt16 = 0
        var columns: UInt16 = 0
        guard CLinux_terminal_window_size(descriptor, &rows, &columns) == 0, rows > 0, columns > 0
        else { return (80, 24) }
        return (Int(columns), Int(rows))
    }

    /// Draws the frame from the top-left corner, one line short of the terminal's height so
    /// that it does not scroll. A terminal that hung up (its window closed) takes nothing and
    /// says nothing: the hang-up stops the kiosk, and a frame drawn while it stops is no
    /// failure.
    /// - Throws: `DeviceError` when the terminal cannot be written.
    public func show(_ image: PixelImage) throws {
        let current = power.withLock { $0 }
        let (columns, rows) = cells()
        let frame: PixelImage
        switch current {
        case .on: frame = image
        case .dim: frame = image.dimmed(to: PixelImage.dimBrightness)
        case .off: return
        }
        let text = ANSIImage.render(
            frame, columns: columns, rows: max(1, rows - 1), colors: colors)
        try write("\u{1B}[H" + text)
    }

    /// `off` clears the terminal; `dim` and `on` apply to the next frame.
    /// - Throws: `DeviceError` when the terminal cannot be written.
    public func setPower(_ power: DisplayPower) throws {
        self.power.withLock { $0 = power }
        if power == .off { try write("\u{1B}[0m\u{1B}[2J\u{1B}[H") }
    }

    private func write(_ text: String) throws(DeviceError) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                retryingInterrupts {
                    Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                }
            }
            if written < 0 {
                let failure = errno
                if failure == EIO && CurrentProcess.hasHungUp(descriptor) { return }
                throw DeviceError("write to", device: "the terminal", errorNumber: failure)
            }
            offset += written
        }
    }
}
