import Devices
import FoundationEssentials
import KioskConfig
import KioskCore
import KioskDisplays
import KioskTesting
import LinuxPlatform
import Rendering
import Simulator
import Testing

/// `display.kind` for e-paper: the config, the catalog on the simulator board, and the
/// display adapter over the simulated controllers.
@Suite struct EPaperDisplayTests {
    private func problems(_ text: String) -> [ConfigFileError.Problem] {
        do {
            _ = try ConfigStore.resolve(ConfigDocument(file: "/etc/wk.toml", text: text))
            return []
        } catch {
            return error.problems
        }
    }

    private func page(_ configuration: KioskConfiguration) -> PageModel {
        DemoData.model(page: .city, theme: .paper)
    }

    @Test(arguments: ["inky"] + EPaperPanel.all.map(\.kind))
    func everyPanelNameIsADisplayKind(kind: String) throws {
        let configuration = try ConfigStore.resolve(
            ConfigDocument(file: "c.toml", text: "[display]\nkind = \"\(kind)\"\n"))
        #expect(configuration.display.kind.rawValue == kind)
        #expect(configuration.display.kind.isEPaper)
        #expect(configuration.display.spiDevice == "/dev/spidev0.0")
        // The configuration reference lists what the key takes.
        #expect(ConfigSchema.key("display.kind")?.accepts?.contains("\"\(kind)\"") == true)
    }

    @Test func aMisspelledPanelIsRefusedAtItsLineWithTheNearestName() throws {
        let found = problems("board = \"simulator\"\n\n[display]\nkind = \"inky-what-rde\"\n")
        let problem = try #require(found.first)
        #expect(problem.line == 4)
        #expect(problem.text.contains("display.kind"))
        #expect(problem.text.contains("did you mean \"inky-what-red\"?"))
    }

    @Test func minRefreshMinutesIsCheckedAtItsLine() throws {
        let configuration = try ConfigStore.resolve(
            ConfigDocument(
                file: "c.toml", text: "[display]\nkind = \"inky\"\nmin_refresh_minutes = 30\n"))
        #expect(configuration.display.minRefreshMinutes == 30)
        #expect(KioskSettings(configuration).minRefreshMinutes == 30)
        #expect(KioskConfiguration().display.minRefreshMinutes == nil)
        let found = problems("[display]\nmin_refresh_minutes = 0\n")
        let problem = try #require(found.first)
        #expect(problem.line == 2)
        #expect(problem.text.contains("display.min_refresh_minutes"))
    }

    @Test func inkyOnTheSimulatorBoardReadsTheEEPROMAndWritesWhatThePanelShows() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var configuration = KioskConfiguration()
        configuration.board = "simulator"
        configuration.display.kind = .inky
        configuration.stateDirectory = directory.path
        let display = try await DisplayCatalog.open(configuration)
        #expect(display.capabilities == EPaperPanel.inkyImpression57.capabilities)
        #expect(display.sizeDescription == "600x448")
        #expect(display.output?.contains("display variant 14") == true)
        #expect(display.output?.contains(directory.file("epaper.png")) == true)
        let shown = try await display.show(page(configuration), step: 0, power: .on)
        let bytes = try FileSystem.read(directory.file("epaper.png"))
        let written = try PNGCodec.decode(try #require(bytes))
        #expect(written == shown)
        let inks = Set(EPaperPanel.inkyImpression57.inks.map { 0xFF00_0000 | $0 })
        #expect(shown.pixels.allSatisfy(inks.contains))
        #expect(Set(shown.pixels).count > 2)
    }

    @Test(arguments: EPaperPanel.all)
    func aNamedPanelDrawsInItsOwnInks(panel: EPaperPanel) async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var configuration = KioskConfiguration()
        configuration.board = "simulator"
        configuration.display.kind = .ePaper(panel)
        configuration.display.device = directory.file("panel.png")
        let display = try await DisplayCatalog.open(configuration)
        let shown = try await display.show(page(configuration), step: 0, power: .on)
        #expect(shown.size == panel.size)
        let inks = Set(panel.inks.map { 0xFF00_0000 | $0 })
        #expect(shown.pixels.allSatisfy(inks.contains))
        #expect(try FileSystem.read(directory.file("panel.png")) != nil)
    }

    @Test func aStuckBusyLineIsOneSentenceNamingThePinAndTheNextFrameWorks() async throws {
        let panel = EPaperPanel.inkyImpression57
        let glass = SimulatedEPaper(panel: panel)
        let display = try EPaperPageDisplay(
            panel: panel, driver: EPaperDrivers.driver(for: panel, spi: glass, lines: glass),
            output: nil, simulated: glass)
        var configuration = KioskConfiguration()
        configuration.display.kind = .ePaper(panel)
        glass.holdBusy(true)
        await #expect {
            _ = try await display.show(page(configuration), step: 0, power: .on)
        } throws: { error in
            "\(error)".contains("BUSY line (GPIO17) did not clear within")
                && "\(error)".contains("dtoverlay=spi0-0cs")
        }
        glass.holdBusy(false)
        _ = try await display.show(page(configuration), step: 0, power: .on)
        #expect(glass.refreshes.count >= 1)
    }

    @Test func noInkyEEPROMIsOneSentenceNamingTheBus() async throws {
        var configuration = KioskConfiguration()
        configuration.board = "raspberry-pi-4"
        configuration.display.kind = .inky
        configuration.display.bus = 250
        await #expect {
            _ = try await DisplayCatalog.open(configuration)
        } throws: { error in
            "\(error)".contains("No Inky EEPROM could be read at 0x50 on /dev/i2c-250: cannot open")
        }
    }
}
