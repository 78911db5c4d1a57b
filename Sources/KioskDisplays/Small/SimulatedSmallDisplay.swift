import Devices
public import KioskCore
import Rendering
public import Simulator

/// An LCD or OLED on the simulator board: the simulated controller on a simulated bus, the
/// `SmallDisplay` that drives it over that bus exactly as it would drive the real module,
/// and pictures and text of what the module shows, for the terminal or a PNG file.
public struct SimulatedSmallDisplay: Sendable {
    /// The simulated controller.
    public enum Module: Sendable {
        /// An HD44780 behind a PCF8574.
        case characters(SimulatedHD44780)
        /// An SSD1306 or SH1106.
        case bitmap(SimulatedOLED)
    }

    /// The bus the module sits on.
    public let bus: SimulatedI2CBus
    /// The module.
    public let module: Module
    /// The display the kiosk drives.
    public let display: SmallDisplay

    /// The module `configuration` names (`display.kind`, its size, address and pin map),
    /// attached to `bus`.
    /// - Throws: `SmallDisplaySetupError` for a kind that is not on I2C; `RenderingError`
    ///   when the fonts are missing.
    public init(configuration: KioskConfiguration, bus: SimulatedI2CBus = SimulatedI2CBus())
        throws
    {
        let settings = configuration.display
        let address = UInt8(settings.i2cAddress)
        switch settings.kind {
        case .hd44780:
            let lcd = SimulatedHD44780(size: settings.characterGrid, pinMap: settings.pinMap)
            bus.attach(lcd, at: address)
            module = .characters(lcd)
        case .ssd1306, .sh1106:
            let controller: OLEDController = settings.kind == .sh1106 ? .sh1106 : .ssd1306
            let oled = SimulatedOLED(controller: controller, size: settings.panelSize)
            bus.attach(oled, at: address)
            module = .bitmap(oled)
        case .auto, .drm, .framebuffer, .png, .terminal, .inky, .ePaper:
            throw SmallDisplaySetupError.notOnI2C(settings.kind)
        }
        self.bus = bus
        display = try SmallDisplay.make(
            configuration: configuration, device: bus.device(at: address))
    }

    /// The module as a person sees it: the LCD's dots on its backlight, or the OLED's
    /// pixels (dimmed with a low contrast); `scale` is the LCD's dot pitch or the OLED's
    /// pixel size.
    public func picture(scale: Int = 4) -> PixelImage {
        switch module {
        case .characters(let lcd):
            SmallDisplayImage.characterLCD(
                lcd.frame, backlight: lcd.backlight, displayOn: lcd.displayOn, dotPitch: scale)
        case .bitmap(let oled):
            SmallDisplayImage.oled(oled.panel, scale: scale, dimmed: oled.contrast < 0x40)
        }
    }

    /// The module as terminal text: the LCD's characters in a box, the OLED in braille.
    public var text: String {
        switch module {
        case .characters(let lcd):
            lcd.displayOn
                ? SmallDisplayText.characterLCD(lcd.frame)
                : SmallDisplayText.characterLCD(CharacterFrame(size: lcd.size))
        case .bitmap(let oled):
            SmallDisplayText.braille(oled.panel)
        }
    }
}
