import FoundationEssentials
import KioskConfig
import KioskCore
import KioskTesting
import LinuxPlatform
import Testing

@Suite struct BoardProfileTests {
    /// boards/ in the source tree.
    static let boardsDirectory: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/") + "/boards"
    }()

    static func files(in directory: String) throws -> [String: String] {
        var result: [String: String] = [:]
        for name in TemporaryDirectory.names(in: directory) where name.hasSuffix(".toml") {
            let text = String(
                decoding: try FileSystem.read("\(directory)/\(name)") ?? [], as: UTF8.self)
            result[String(name.dropLast(5))] = text
        }
        return result
    }

    @Test func theBinaryCarriesExactlyTheFilesInBoards() throws {
        let boards = try Self.files(in: Self.boardsDirectory)
        let addons = try Self.files(in: Self.boardsDirectory + "/addons")
        #expect(
            Set(boards.keys) == Set(BoardProfiles.names), "run deploy/tools/embed-board-profiles.py"
        )
        #expect(
            Set(addons.keys) == Set(BoardProfiles.addonNames),
            "run deploy/tools/embed-board-profiles.py")
        for (name, text) in boards {
            #expect(
                BoardProfiles.document(for: name)?.text.trimmingWhitespace
                    == text.trimmingWhitespace,
                "boards/\(name).toml differs from the copy in the binary: run deploy/tools/embed-board-profiles.py"
            )
        }
        for (name, text) in addons {
            #expect(
                BoardProfiles.document(forAddon: name)?.text.trimmingWhitespace
                    == text.trimmingWhitespace,
                "boards/addons/\(name).toml differs from the copy in the binary")
        }
        #expect(boards.keys.contains("simulator") && boards.keys.contains("raspberry-pi-5"))
    }

    @Test func everyBoardAndEveryAddOnValidates() throws {
        for board in BoardProfiles.names {
            _ = try BoardProfiles.base(for: board)
            for addon in BoardProfiles.addonNames {
                _ = try BoardProfiles.base(for: board, addon: addon)
            }
        }
    }

    @Test func profilesSayWhatTheirHardwareIs() throws {
        let pi5 = try BoardProfiles.base(for: "raspberry-pi-5")
        #expect(pi5.buttons.chip == "pinctrl-rp1")
        #expect(pi5.sensor.bus == 1 && pi5.sensor.kind == .bme280)
        // DRM/KMS when a screen is connected, else /dev/fb0; an SPI TFT stays a framebuffer.
        #expect(pi5.display.kind == .auto && pi5.display.device == "/dev/fb0")
        let pitft = try BoardProfiles.base(for: "raspberry-pi-4", addon: "adafruit-pitft-28")
        #expect(pitft.display.kind == .framebuffer)
        #expect(pitft.display.device == "/dev/fb1" && pitft.display.size.description == "320x240")
        #expect(pitft.buttons.next == "GPIO23" && pitft.buttons.chip == "pinctrl-bcm2711")
        let lcd = try BoardProfiles.base(for: "raspberry-pi-3", addon: "lcd-20x4")
        #expect(lcd.display.kind == .hd44780 && lcd.display.columns == 20 && lcd.display.rows == 4)
        let oled = try BoardProfiles.base(for: "raspberry-pi-zero-2w", addon: "oled-ssd1306")
        #expect(oled.display.kind == .ssd1306 && oled.display.address == 0x3C)
        let simulator = try BoardProfiles.base(for: "simulator")
        #expect(simulator.display.kind == .terminal && simulator.sensor.kind == .simulated)
    }

    @Test func theConfigWinsOverBoardAndAddOn() throws {
        let text = """
            board = "raspberry-pi-4"
            addon = "lcd-20x4"

            [display]
            address = 0x3f

            [buttons]
            next = "GPIO5"
            """
        let configuration = try ConfigStore.resolve(ConfigDocument(file: "c.toml", text: text))
        #expect(configuration.display.kind == .hd44780, "from the add-on")
        #expect(configuration.display.address == 0x3F, "from the config")
        #expect(configuration.buttons.next == "GPIO5", "from the config")
        #expect(configuration.buttons.chip == "pinctrl-bcm2711", "from the board")
        #expect(configuration.addon == "lcd-20x4")
    }

    @Test func anUnknownAddOnNamesItsLineAndTheKnownOnes() {
        do {
            _ = try ConfigStore.resolve(
                ConfigDocument(
                    file: "c.toml", text: "board = \"raspberry-pi-4\"\naddon = \"pitft\"\n"))
            Issue.record("expected a refusal")
        } catch {
            #expect(
                error.description.contains(
                    "c.toml, line 2: addon \"pitft\" has no profile; the known add-ons are adafruit-pitft-28, inky-impression, lcd-20x4, oled-ssd1306, waveshare-epaper."
                ))
        }
    }

    @Test func theEPaperAddOnsMoveTheButtonsOffThePanelsPins() throws {
        for (addon, select, kind) in [
            ("inky-impression", "GPIO16", "inky"),
            ("waveshare-epaper", "GPIO13", "waveshare-7in5-v2"),
        ] {
            let configuration = try ConfigStore.resolve(
                ConfigDocument(
                    file: "c.toml", text: "board = \"raspberry-pi-4\"\naddon = \"\(addon)\"\n"))
            let buttons = [
                configuration.buttons.next, configuration.buttons.previous,
                configuration.buttons.select,
            ]
            #expect(buttons == ["GPIO5", "GPIO6", select])
            // RESET, BUSY, DC of the Inky; RESET, BUSY, DC of the Waveshare HAT.
            for pin in ["GPIO17", "GPIO27", "GPIO22", "GPIO24", "GPIO25"] {
                #expect(!buttons.contains(pin))
            }
            #expect(configuration.display.theme == .paper)
            #expect(configuration.display.kind.rawValue == kind)
            #expect(configuration.display.spiDevice == "/dev/spidev0.0")
            #expect(configuration.buttons.chip == "pinctrl-bcm2711", "from the board")
        }
    }
}
