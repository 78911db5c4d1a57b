public import KioskCore
import LinuxPlatform

/// The one place that turns `display.kind` into a display: a new kind of display is one
/// adapter (its own folder under `Displays/`, or under `LinuxPlatform/Displays/` when it
/// makes system calls) plus one case here.
public enum DisplayCatalog {
    /// Opens the display `configuration` describes, turned by `display.rotate` where it has
    /// pixels.
    /// - Throws: the adapter's error naming the device or file (no framebuffer, no
    ///   permission, fonts missing, a kind that is not on I2C, no Inky EEPROM).
    public static func open(_ configuration: KioskConfiguration) async throws -> any PageDisplay {
        let display = configuration.display
        switch display.kind {
        case .drm:
            let screen = try openDRM(display)
            return try PixelPageDisplay(
                screen, rotation: display.rotate, output: { "DRM: \(screen.summary)" })
        case .auto:
            let choice = DRMCards.automaticChoice(wanted: display.connector)
            let why = "display.kind = auto, as \(choice.reason)"
            if choice.useDRM {
                let screen = try openDRM(display)
                return try PixelPageDisplay(
                    screen, rotation: display.rotate,
                    output: { "DRM: \(screen.summary); \(why)" })
            }
            return try PixelPageDisplay(
                FramebufferDisplay.open(device: display.device, console: "/dev/tty0"),
                rotation: display.rotate, output: { "framebuffer \(display.device); \(why)" })
        case .framebuffer:
            return try PixelPageDisplay(
                FramebufferDisplay.open(device: display.device, console: "/dev/tty0"),
                rotation: display.rotate)
        case .png:
            return try PixelPageDisplay(
                PNGDisplay(
                    path: display.device, size: display.size,
                    stateDirectory: configuration.stateDirectory), rotation: display.rotate)
        case .terminal:
            return try PixelPageDisplay(
                TerminalDisplay(size: display.size), rotation: display.rotate)
        case .inky, .ePaper:
            return try await EPaperPageDisplay.open(configuration)
        case .hd44780, .ssd1306, .sh1106:
            if configuration.board == "simulator" {
                // The PC board: the module is simulated on a simulated bus, driven byte by
                // byte as a real one would be, and its picture shown in this terminal.
                let simulated = try SimulatedSmallDisplay(configuration: configuration)
                return SmallPageDisplay(
                    simulated.display, simulated: simulated,
                    terminal: CurrentProcess.isTerminal(1)
                        ? TerminalDisplay(size: display.size) : nil)
            }
            return SmallPageDisplay(try SmallDisplay.configured(configuration))
        }
    }

    /// The DRM screen `display.connector` and `display.mode` describe, holding the console.
    private static func openDRM(_ display: DisplaySettings) throws(DeviceError) -> DRMDisplay {
        try DRMDisplay.open(connector: display.connector, mode: display.mode)
    }
}
