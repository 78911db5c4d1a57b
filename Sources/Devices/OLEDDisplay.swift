public import KioskCore

/// An OLED over I2C, as a `MonochromeDisplay`: an SSD1306 (128×64 or 128×32) or an SH1106
/// (128×64; 132 columns of RAM, the panel shows 2…129), as `controller` says.
///
/// The first bitmap, and the first after any failure, sets the controller up with its
/// sequence in docs/hardware-and-services.md ("SSD1306 and SH1106") and writes the whole
/// picture; after that only the pages that changed go over the bus, each from its first to
/// its last changed column. The picture
/// moves by a pixel every few minutes against burn-in (`BurnInShift`). Power: `dim` lowers
/// the contrast, `off` turns the panel off (its RAM keeps the picture).
public actor OLEDDisplay: MonochromeDisplay {
    /// The controller on the panel.
    public nonisolated let controller: OLEDController
    /// The panel's size.
    public nonisolated let size: PixelSize
    /// The controller's address on the bus (0x3C, or 0x3D).
    public nonisolated let device: any I2CDevice
    private var engine: OLEDEngine

    /// A driver for the panel at `device`. Nothing is transferred until the first call.
    /// - Parameters:
    ///   - controller: SSD1306 or SH1106.
    ///   - size: 128×64, or 128×32 for an SSD1306.
    ///   - burnInShift: how the picture moves; nil keeps it still.
    ///   - elapsed: the time since the display started; a monotonic clock unless a test
    ///     gives another.
    public init(
        _ controller: OLEDController, device: any I2CDevice,
        size: PixelSize = PixelSize(width: 128, height: 64),
        burnInShift: BurnInShift? = BurnInShift(),
        elapsed: (@Sendable () -> Duration)? = nil
    ) {
        self.controller = controller
        self.device = device
        self.size = size
        engine = OLEDEngine(
            controller: controller, size: size, burnInShift: burnInShift, elapsed: elapsed)
    }

    /// Puts `bitmap` on the panel, moved by the burn-in shift of the moment.
    /// - Throws: `SmallDisplayError` when a transfer fails; the next call sets the
    ///   controller up again and rewrites the whole picture.
    public func show(_ bitmap: MonochromeBitmap) async throws {
        try await send(engine.plan(bitmap), label: engine.label)
    }

    /// Sets the contrast (`on`, `dim`) or turns the panel off.
    /// - Throws: `SmallDisplayError` when a transfer fails.
    public func setPower(_ power: DisplayPower) async throws {
        try await send(engine.plan(power), label: engine.label)
    }

    private func send(_ transfers: [OLEDTransfer], label: String) async throws {
        do {
            try await OLEDEngine.send(transfers, to: device)
        } catch {
            engine.forget()
            if error is CancellationError { throw error }
            throw SmallDisplayError(display: label, location: device.location, cause: "\(error)")
        }
    }
}
