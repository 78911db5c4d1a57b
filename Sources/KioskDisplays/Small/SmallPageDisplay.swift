public import KioskCore
public import LinuxPlatform

/// An LCD or OLED on I2C as the display worker drives it, with a picture of the module for
/// `screenshot` and `preview` (and, on the simulator board, a terminal to show it in).
public struct SmallPageDisplay: PageDisplay {
    /// The module and its layout.
    public let small: SmallDisplay
    /// The simulated module, whose picture is read back from its simulated memory.
    public let simulated: SimulatedSmallDisplay?
    /// Where the simulated module's picture is drawn, if anywhere.
    public let terminal: TerminalDisplay?

    /// A module, simulated or not, optionally mirrored to a terminal.
    public init(
        _ small: SmallDisplay, simulated: SimulatedSmallDisplay? = nil,
        terminal: TerminalDisplay? = nil
    ) {
        self.small = small
        self.simulated = simulated
        self.terminal = terminal
    }

    /// Character cells or a 1-bit panel, redrawn at once, only what changed.
    public var capabilities: DisplayCapabilities {
        switch small.output {
        case .characters(let display, _):
            DisplayCapabilities(
                surface: .cells(display.size), colors: .monochrome, partialRefresh: true)
        case .bitmap(let display, _):
            DisplayCapabilities(
                surface: .pixels(display.size), colors: .monochrome, partialRefresh: true)
        }
    }

    /// "20x4 characters", "128x64 pixels".
    public var sizeDescription: String { small.sizeDescription }

    /// None: the module either takes the frame or fails.
    public var warning: String? { nil }

    /// The module's steps for `model`'s page.
    public func steps(for model: PageModel) -> Int { small.steps(for: model) }

    /// Puts the step on the module and returns its picture.
    /// - Throws: `SmallDisplayError`, `RenderingError`, or the terminal's `DeviceError`.
    public func show(_ model: PageModel, step: Int, power: DisplayPower) async throws
        -> PixelImage
    {
        try await small.show(model, step: step)
        let image = simulated?.picture() ?? small.picture(of: model, step: step, power: power)
        try terminal?.show(image)
        return image
    }

    /// Sets the module's power (and redraws the simulated module's picture).
    /// - Throws: `SmallDisplayError`, or the terminal's `DeviceError`.
    public func setPower(_ power: DisplayPower) async throws {
        try await small.setPower(power)
        if let simulated { try terminal?.show(simulated.picture()) }
    }

    /// Nothing to give back here: the I2C bus closes itself when its last user goes.
    public func close() {}
}
