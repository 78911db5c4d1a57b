public import Devices
public import KioskCore
import LinuxPlatform
public import Rendering
public import Simulator

/// An e-paper panel as the display worker drives it: the page drawn in the paper theme at
/// the panel's size, mapped to its inks (`PageRenderer.renderPanel`), and sent by the
/// panel's driver over SPI and GPIO. `show` returns when the panel's BUSY line has cleared,
/// so the worker's report after it says that the refresh has finished.
///
/// On the simulator board the driver talks to a `SimulatedEPaper` instead, and what its
/// glass shows is written to a PNG file after every refresh, so that a PC shows the panel.
public struct EPaperPageDisplay: PageDisplay {
    /// The panel.
    public let panel: EPaperPanel
    /// Where the frames go and how the panel was chosen, for `status`.
    public let output: String?
    private let driver: any EPaperDriver
    private let renderer: PageRenderer
    private let simulated: SimulatedEPaper?
    private let picturePath: String?
    private let stateDirectory: String?

    /// The panel `panel` driven by `driver`; `simulated` and `picturePath` on the simulator
    /// board (the simulated controller, and the PNG file of its glass, in the kiosk's
    /// `stateDirectory` by default).
    /// - Throws: `RenderingError` naming the font file when DejaVu is missing.
    public init(
        panel: EPaperPanel, driver: any EPaperDriver, output: String?,
        simulated: SimulatedEPaper? = nil, picturePath: String? = nil,
        stateDirectory: String? = nil
    ) throws(RenderingError) {
        self.stateDirectory = stateDirectory
        self.panel = panel
        self.driver = driver
        self.output = output
        self.simulated = simulated
        self.picturePath = picturePath
        renderer = try PageRenderer()
    }

    /// The panel's size, inks, refresh limits and partial refresh: how the reducer knows
    /// to plan refreshes instead of cycling.
    public var capabilities: DisplayCapabilities { panel.capabilities }

    /// "600x448".
    public var sizeDescription: String { panel.size.description }

    /// Nothing spoils an e-paper picture that the kiosk knows of.
    public var warning: String? { nil }

    /// One: the page fits the panel at once.
    public func steps(for model: PageModel) -> Int { 1 }

    /// Draws the page with a full refresh.
    /// - Throws: `RenderingError`, or the driver's `EPaperError` naming the pin or device.
    public func show(_ model: PageModel, step: Int, power: DisplayPower) async throws -> PixelImage
    {
        try await show(model, step: step, power: power, fullRefresh: true)
    }

    /// Draws the page, in the paper theme and the panel's inks, with a full or a partial
    /// refresh, and returns when the panel is done (BUSY cleared).
    /// - Throws: `RenderingError`, or the driver's `EPaperError` naming the pin or device.
    public func show(_ model: PageModel, step: Int, power: DisplayPower, fullRefresh: Bool)
        async throws -> PixelImage
    {
        let picture = try renderer.renderPanel(model, panel: panel)
        try await driver.show(picture.frame, refresh: fullRefresh ? .full : .partial)
        guard let simulated else { return picture.image }
        let glass = simulated.picture
        if let picturePath {
            try PNGDisplay(path: picturePath, size: glass.size, stateDirectory: stateDirectory)
                .show(glass)
        }
        return glass
    }

    /// Nothing: e-paper keeps its picture without power, and the night only stops refreshes.
    public func setPower(_ power: DisplayPower) async throws {}

    /// Nothing to give back: the panel keeps its picture, and the lines and the SPI device
    /// are closed with their owners.
    public func close() {}
}

extension EPaperPageDisplay {
    /// Opens the e-paper panel `configuration` names: `display.kind = "inky"` reads the Inky's
    /// EEPROM at 0x50 on `display.bus` (else the sensor's bus) to pick the panel; a named
    /// panel is taken as it is. On the simulator board the panel is simulated (an Inky's
    /// EEPROM says Impression 5.7") and its glass written to `display.device` when that names
    /// a `.png` file, else to `<state_dir>/epaper.png`.
    /// - Throws: `EPaperError` naming the bus when no Inky EEPROM answers or it names a panel
    ///   we do not drive; `RenderingError` when the fonts are missing.
    public static func open(_ configuration: KioskConfiguration) async throws -> EPaperPageDisplay {
        let display = configuration.display
        let simulator = configuration.board == "simulator"
        let panel: EPaperPanel
        var chosen: String
        switch display.kind {
        case .ePaper(let named):
            panel = named
            chosen = "display.kind = \"\(named.kind)\""
        default:
            let eeprom: any I2CDevice
            if simulator {
                let bus = SimulatedI2CBus(name: "the simulated bus")
                bus.attach(SimulatedInkyEEPROM(panel: .inkyImpression57), at: InkyEEPROM.address)
                eeprom = bus.device(at: InkyEEPROM.address)
            } else {
                eeprom = LinuxI2CBus(
                    path: "/dev/i2c-\(configuration.displayI2CBus)", busKey: "display.bus"
                ).device(at: InkyEEPROM.address)
            }
            let (identity, detected) = try await InkyEEPROM.detect(on: eeprom)
            panel = detected
            chosen = "the Inky EEPROM at \(eeprom.location) says \(identity)"
        }
        if simulator {
            let glass = SimulatedEPaper(panel: panel)
            let path =
                display.device.hasSuffix(".png")
                ? display.device : configuration.stateDirectory + "/epaper.png"
            return try EPaperPageDisplay(
                panel: panel, driver: EPaperDrivers.driver(for: panel, spi: glass, lines: glass),
                output: "simulated \(panel), picture in \(path); \(chosen)", simulated: glass,
                picturePath: path, stateDirectory: configuration.stateDirectory)
        }
        let wiring = EPaperWiring(panel: panel)
        let lines = GPIODPanelLines(
            reset: wiring.reset, dataCommand: wiring.dataCommand, chipSelect: wiring.chipSelect,
            busy: wiring.busy)
        let spi = LinuxSPIDevice(path: display.spiDevice)
        chosen +=
            "; RESET \(wiring.reset), DC \(wiring.dataCommand), CS \(wiring.chipSelect), BUSY \(wiring.busy)"
        return try EPaperPageDisplay(
            panel: panel, driver: EPaperDrivers.driver(for: panel, spi: spi, lines: lines),
            output: "\(panel) on \(display.spiDevice); \(chosen)")
    }
}

/// The GPIO lines of an e-paper board, fixed by the board: the Inky's (RESET GPIO27, DC
/// GPIO22, CS GPIO8, BUSY GPIO17) or the Waveshare e-Paper HAT's (RESET GPIO17, DC GPIO25,
/// CS GPIO8, BUSY GPIO24).
struct EPaperWiring: Sendable, Hashable {
    var reset: String
    var dataCommand: String
    var chipSelect: String
    var busy: String

    /// The wiring of the board that carries `panel`.
    init(panel: EPaperPanel) {
        switch panel.controller {
        case .uc8179:
            (reset, dataCommand, chipSelect, busy) = ("GPIO17", "GPIO25", "GPIO8", "GPIO24")
        case .uc8159, .ac073tc1a, .ssd1683:
            (reset, dataCommand, chipSelect, busy) = ("GPIO27", "GPIO22", "GPIO8", "GPIO17")
        }
    }
}
