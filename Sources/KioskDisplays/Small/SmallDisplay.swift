public import Devices
public import KioskCore
import LinuxPlatform
public import Rendering

/// An LCD or OLED on I2C as the daemon drives it: how many steps a page takes on it, and
/// `show(_:step:)`, which lays the page out (text for an LCD, a 1-bit bitmap for an OLED)
/// and puts it on the module, sending only what changed.
///
/// For the daemon:
/// ```swift
/// let display = try SmallDisplay.configured(configuration)  // /dev/i2c-N, the address
/// // (on the simulator board: SimulatedSmallDisplay(configuration:).display)
/// // On every render effect, `secondsIntoSlide` after the slide came up:
/// let schedule = StepSchedule(
///     steps: display.steps(for: model), slideSeconds: Double(configuration.display.cycleSeconds))
/// try await display.show(model, step: schedule.step(secondsIntoSlide: secondsIntoSlide))
/// // …and render again at schedule.nextChange(secondsIntoSlide:) while the slide is up.
/// ```
/// A failed transfer throws one sentence (`SmallDisplayError`); the next `show` sets the
/// controller up again, so the daemon only reports it and carries on.
public struct SmallDisplay: Sendable {
    /// Where frames go.
    public enum Output: Sendable {
        /// A character LCD and the text layout for its size.
        case characters(any CharacterDisplay, CharacterPageLayout)
        /// A 1-bit OLED and the renderer that draws its bitmaps.
        case bitmap(any MonochromeDisplay, PageRenderer)
    }

    /// The kind, for messages.
    public let kind: DisplayKind
    /// The driver and its layout.
    public let output: Output
    /// "HD44780 16x2 LCD at 0x27 on /dev/i2c-1".
    public let description: String

    /// How many steps `model`'s page takes on this display (at least 1).
    public func steps(for model: PageModel) -> Int {
        switch output {
        case .characters(_, let layout): layout.steps(for: model)
        case .bitmap(let display, let renderer): renderer.steps(for: model, size: display.size)
        }
    }

    /// Lays out step `step` of `model`'s page and puts it on the display.
    /// - Throws: `SmallDisplayError` when a transfer fails, `RenderingError` when the
    ///   bitmap cannot be drawn.
    public func show(_ model: PageModel, step: Int = 0) async throws {
        switch output {
        case .characters(let display, let layout):
            try await display.show(layout.frame(for: model, step: step))
        case .bitmap(let display, let renderer):
            let bitmap = try renderer.renderBitmap(model, size: display.size, step: step)
            try await display.show(bitmap)
        }
    }

    /// Turns the display on, dims it (LCD backlight off, OLED contrast down) or blanks it.
    /// - Throws: `SmallDisplayError` when a transfer fails.
    public func setPower(_ power: DisplayPower) async throws {
        switch output {
        case .characters(let display, _): try await display.setPower(power)
        case .bitmap(let display, _): try await display.setPower(power)
        }
    }

    // MARK: Building

    /// The display `configuration` names, on `/dev/i2c-<display.bus or sensor.bus>` (or
    /// `devicePath`) at `display.address` (or the kind's usual address). Nothing is opened
    /// until the first frame; a bus that appears later is picked up then.
    /// - Throws: `SmallDisplaySetupError` for a kind that is not on I2C; `RenderingError`
    ///   when an OLED's fonts are missing.
    public static func configured(_ configuration: KioskConfiguration, devicePath: String? = nil)
        throws -> SmallDisplay
    {
        let bus = LinuxI2CBus(
            path: devicePath ?? "/dev/i2c-\(configuration.displayI2CBus)", busKey: "display.bus")
        return try make(
            configuration: configuration,
            device: bus.device(at: UInt8(truncatingIfNeeded: configuration.display.i2cAddress)))
    }

    /// The display `configuration` names (`display.kind` hd44780, ssd1306 or sh1106) at
    /// `device`.
    /// - Throws: `SmallDisplaySetupError` for a kind that is not on I2C; `RenderingError`
    ///   when an OLED's fonts are missing.
    public static func make(configuration: KioskConfiguration, device: any I2CDevice) throws
        -> SmallDisplay
    {
        switch configuration.display.kind {
        case .hd44780: return hd44780(configuration: configuration, device: device)
        case .ssd1306: return try oled(.ssd1306, configuration: configuration, device: device)
        case .sh1106: return try oled(.sh1106, configuration: configuration, device: device)
        case .auto, .drm, .framebuffer, .png, .terminal, .inky, .ePaper:
            throw SmallDisplaySetupError.notOnI2C(configuration.display.kind)
        }
    }

    /// An HD44780 LCD behind a PCF8574 backpack: `display.columns` × `display.rows`,
    /// wired as `display.pin_map`.
    /// - Parameter sleep: waits a duration; `Task.sleep` unless a test gives another.
    public static func hd44780(
        configuration: KioskConfiguration, device: any I2CDevice,
        sleep: @escaping @Sendable (Duration) async throws -> Void = {
            try await Task.sleep(for: $0)
        }
    ) -> SmallDisplay {
        let size = configuration.display.characterGrid
        let driver = HD44780Display(
            device: device, size: size, pinMap: configuration.display.pinMap, sleep: sleep)
        return SmallDisplay(
            kind: .hd44780, output: .characters(driver, CharacterPageLayout(size: size)),
            description: "HD44780 \(size) LCD at \(device.location)")
    }

    /// An OLED of `display.width` × `display.height` with `controller` (an SH1106 is
    /// 128×64).
    /// - Parameter elapsed: the time since start for the burn-in shift; a monotonic clock
    ///   unless a test gives another.
    /// - Throws: `RenderingError` naming the font file when DejaVu is missing.
    public static func oled(
        _ controller: OLEDController, configuration: KioskConfiguration,
        device: any I2CDevice, elapsed: (@Sendable () -> Duration)? = nil
    ) throws(RenderingError) -> SmallDisplay {
        let size = configuration.display.panelSize
        let driver = OLEDDisplay(controller, device: device, size: size, elapsed: elapsed)
        return SmallDisplay(
            kind: controller == .sh1106 ? .sh1106 : .ssd1306,
            output: .bitmap(driver, try PageRenderer()),
            description: "\(controller.rawValue.uppercased()) \(size) OLED at \(device.location)")
    }
}
