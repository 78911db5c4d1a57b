import Devices
import KioskCore
import Simulator
import Testing

/// A frame of `panel`'s size: white, with a black bar across rows 10–19 and (where the
/// panel has a third ink) index 2 in the top-left 16×8 corner.
private func testFrame(_ panel: EPaperPanel, white: UInt8, black: UInt8) -> EPaperFrame {
    var frame = EPaperFrame(width: panel.size.width, height: panel.size.height, filledWith: white)
    for y in 10..<20 {
        for x in 0..<panel.size.width { frame[x: x, y: y] = black }
    }
    if panel.inks.count > 2 {
        for y in 0..<8 {
            for x in 0..<16 { frame[x: x, y: y] = 2 }
        }
    }
    return frame
}

private func commandBytes(_ commands: [EPaperCommand]) -> [UInt8] {
    commands.map(\.command)
}

@Suite("E-paper drivers against simulated controllers")
struct EPaperDriverTests {
    @Test("UC8159: reset, setup, DTM1, power on, refresh, power off, byte for byte")
    func uc8159Stream() async throws {
        let simulated = SimulatedEPaper(panel: .inkyImpression57)
        let driver = UC8159Panel(panel: .inkyImpression57, spi: simulated, lines: simulated)
        let frame = testFrame(.inkyImpression57, white: 1, black: 0)
        try await driver.show(frame, refresh: .full)

        let commands = simulated.commands
        #expect(
            Array(commands.prefix(10)) == [
                EPaperCommand(0x61, [0x02, 0x58, 0x01, 0xC0]),
                EPaperCommand(0x00, [0xEF, 0x08]),
                EPaperCommand(0x01, [0x37, 0x00, 0x23, 0x23]),
                EPaperCommand(0x30, [0x3C]),
                EPaperCommand(0x41, [0x00]),
                EPaperCommand(0x50, [0x37]),
                EPaperCommand(0x60, [0x22]),
                EPaperCommand(0x65, [0x00]),
                EPaperCommand(0xE3, [0xAA]),
                EPaperCommand(0x03, [0x00]),
            ])
        #expect(commandBytes(Array(commands.dropFirst(10))) == [0x10, 0x04, 0x12, 0x02])
        let pixels = commands[10].data
        #expect(pixels.count == 600 * 448 / 2)
        #expect(pixels[0] == 0x22 && pixels[8] == 0x11 && pixels[300 * 10] == 0x00)
        #expect(differingPixels(simulated.shown, frame) == 0)
        #expect(simulated.refreshes.map(\.kind) == [.full])
        #expect(simulated.ignoredBytes == 0)
        #expect(simulated.resets == 1)
    }

    @Test("UC8159 4\": 640×400 in TRES and resolution select 0b10 in PSR")
    func uc8159FourInch() async throws {
        let simulated = SimulatedEPaper(panel: .inkyImpression4)
        let driver = UC8159Panel(panel: .inkyImpression4, spi: simulated, lines: simulated)
        try await driver.show(testFrame(.inkyImpression4, white: 1, black: 0), refresh: .full)
        #expect(simulated.commands[0] == EPaperCommand(0x61, [0x02, 0x80, 0x01, 0x90]))
        #expect(simulated.commands[1] == EPaperCommand(0x00, [0xAF, 0x08]))
    }

    @Test("AC073TC1A: two resets, 19 setup commands, DTM, PON, DRF 00, POF 00")
    func ac073tc1aStream() async throws {
        let simulated = SimulatedEPaper(panel: .inkyImpression73)
        let driver = AC073TC1APanel(spi: simulated, lines: simulated)
        var frame = testFrame(.inkyImpression73, white: 1, black: 0)
        frame[x: 1, y: 0] = 7  // "clean" goes out as white
        try await driver.show(frame, refresh: .full)
        let commands = simulated.commands
        #expect(commands.first == EPaperCommand(0xAA, [0x49, 0x55, 0x20, 0x08, 0x09, 0x18]))
        #expect(commands[12] == EPaperCommand(0x61, [0x03, 0x20, 0x01, 0xE0]))
        #expect(
            Array(commands.dropFirst(19)).map {
                EPaperCommand($0.command, Array($0.data.prefix(1)))
            }
                == [
                    EPaperCommand(0x10, [0x21]), EPaperCommand(0x04),
                    EPaperCommand(0x12, [0x00]), EPaperCommand(0x02, [0x00]),
                ])
        frame[x: 1, y: 0] = 1
        #expect(differingPixels(simulated.shown, frame) == 0)
        #expect(simulated.resets == 2)
    }

    @Test("SSD1683: soft reset, setup, both planes, master activation; red shows red")
    func ssd1683Stream() async throws {
        let simulated = SimulatedEPaper(panel: .inkyWhatRed)
        let driver = SSD1683Panel(panel: .inkyWhatRed, spi: simulated, lines: simulated)
        let frame = testFrame(.inkyWhatRed, white: 0, black: 1)
        try await driver.show(frame, refresh: .full)
        let commands = simulated.commands
        #expect(
            commandBytes(commands) == [
                0x12, 0x01, 0x3A, 0x3B, 0x11, 0x44, 0x45, 0x2C, 0x3C, 0x4E, 0x4F, 0x24, 0x26,
                0x20,
            ])
        #expect(commands[1].data == [0x2B, 0x01, 0x00])
        #expect(commands[5].data == [0x00, 0x31])
        #expect(commands[6].data == [0x00, 0x00, 0x2B, 0x01])
        #expect(commands[11].data.count == 50 * 300)
        #expect(commands[11].data[0] == 0xFF && commands[11].data[50 * 10] == 0x00)
        #expect(commands[12].data[0] == 0xFF && commands[12].data[2] == 0x00)
        #expect(differingPixels(simulated.shown, frame) == 0)
    }

    @Test("UC8179: full refresh stream, then a partial one of only the changed window")
    func uc8179FullThenPartial() async throws {
        let simulated = SimulatedEPaper(panel: .waveshare7in5V2)
        let driver = UC8179Panel(spi: simulated, lines: simulated)
        var frame = testFrame(.waveshare7in5V2, white: 0, black: 1)
        try await driver.show(frame, refresh: .partial)  // first frame: full regardless
        #expect(
            commandBytes(simulated.commands) == [
                0x06, 0x01, 0x04, 0x00, 0x61, 0x15, 0x50, 0x60, 0x13, 0x12, 0x02,
            ])
        #expect(simulated.commands[4].data == [0x03, 0x20, 0x01, 0xE0])
        #expect(simulated.commands[8].data.count == 100 * 480)
        #expect(differingPixels(simulated.shown, frame) == 0)

        simulated.clearCommands()
        for y in 100..<110 {
            for x in 21..<30 { frame[x: x, y: y] = 1 }
        }
        try await driver.show(frame, refresh: .partial)
        let commands = simulated.commands
        #expect(
            commandBytes(commands) == [
                0x00, 0x04, 0xE0, 0xE5, 0x50, 0x91, 0x90, 0x10, 0x13, 0x12, 0x92, 0x02,
            ])
        // x 16…31 (whole bytes around 21…29), y 100…109.
        #expect(commands[6].data == [0x00, 16, 0x00, 31, 0x00, 100, 0x00, 109, 0x01])
        #expect(commands[7].data == Array(repeating: 0x00, count: 20))
        #expect(commands[8].data == Array(repeating: [0x07, 0xFC], count: 10).flatMap { $0 })
        #expect(differingPixels(simulated.shown, frame) == 0)
        #expect(simulated.refreshes.map(\.kind) == [.full, .partial])

        simulated.clearCommands()
        try await driver.show(frame, refresh: .partial)
        #expect(simulated.commands.isEmpty, "an unchanged frame sends nothing")
    }

    @Test("BUSY stuck: an error naming the pin and what to check, and the next frame works")
    func busyStuck() async throws {
        let simulated = SimulatedEPaper(panel: .inkyImpression57)
        let driver = UC8159Panel(panel: .inkyImpression57, spi: simulated, lines: simulated)
        simulated.holdBusy(true)
        let frame = testFrame(.inkyImpression57, white: 1, black: 0)
        let error = await #expect(throws: EPaperError.self) {
            try await driver.show(frame, refresh: .full)
        }
        #expect(
            error?.description
                == "The Inky Impression 5.7\"'s BUSY line (GPIO17) did not clear within 1 s "
                + "after reset; check that the board sits on all 40 pins, that BUSY is wired to "
                + "GPIO17 and that SPI is on (dtparam=spi=on, dtoverlay=spi0-0cs).")
        #expect(simulated.elapsed < .seconds(2), "the wait is bounded")
        simulated.holdBusy(false)
        try await driver.show(frame, refresh: .full)
        #expect(differingPixels(simulated.shown, frame) == 0)
    }

    @Test("A refresh that never ends times out after the panel's refresh timeout")
    func refreshTimeout() async throws {
        let simulated = SimulatedEPaper(panel: .inkyImpression73)
        let driver = AC073TC1APanel(spi: simulated, lines: simulated)
        let lines = StuckAfterRefresh(simulated)
        let stuck = AC073TC1APanel(spi: simulated, lines: lines)
        _ = driver
        let error = await #expect(throws: EPaperError.self) {
            try await stuck.show(
                EPaperFrame(width: 800, height: 480, filledWith: 1), refresh: .full)
        }
        #expect(error?.description.contains("within 45 s after a refresh") == true)
    }
}

/// Control lines whose BUSY never clears once the refresh command went out.
private struct StuckAfterRefresh: PanelControlLines {
    let panel: SimulatedEPaper
    init(_ panel: SimulatedEPaper) { self.panel = panel }
    func name(of line: PanelLine) -> String { panel.name(of: line) }
    func set(_ line: PanelLine, high: Bool) async throws { try await panel.set(line, high: high) }
    func pause(_ duration: Duration) async throws { try await panel.pause(duration) }
    func waitForBusy(toRead level: Bool, timeout: Duration) async throws -> Bool {
        if panel.commands.contains(where: { $0.command == 0x12 }) {
            try await panel.pause(timeout)
            return false
        }
        return try await panel.waitForBusy(toRead: level, timeout: timeout)
    }
}

@Suite("Inky EEPROM")
struct InkyEEPROMTests {
    @Test(
        "Each board's EEPROM names its panel",
        arguments: [
            EPaperPanel.inkyImpression57, .inkyImpression4, .inkyImpression73, .inkyWhatRed,
            .inkyWhatYellow, .inkyWhatBlack,
        ])
    func detects(panel: EPaperPanel) async throws {
        let bus = SimulatedI2CBus()
        bus.attach(SimulatedInkyEEPROM(panel: panel), at: 0x50)
        let (eeprom, detected) = try await InkyEEPROM.detect(on: bus.device(at: 0x50))
        #expect(detected == panel)
        #expect(eeprom.width == panel.size.width && eeprom.height == panel.size.height)
    }

    @Test("The layout: little-endian size, colour, PCB, variant, length-prefixed time")
    func decodes() throws {
        let bytes: [UInt8] =
            [0x58, 0x02, 0xC0, 0x01, 0x05, 0x0C, 0x0E, 0x03] + Array("abc".utf8)
            + Array(repeating: 0, count: 18)
        let eeprom = try #require(InkyEEPROM(bytes: bytes))
        #expect(eeprom.width == 600 && eeprom.height == 448)
        #expect(eeprom.colour == 5 && eeprom.pcbVariant == 12 && eeprom.displayVariant == 14)
        #expect(eeprom.writtenAt == "abc")
        #expect(eeprom.panel == .inkyImpression57)
        #expect(InkyEEPROM(bytes: Array(repeating: 0xFF, count: 29)) == nil)
    }

    @Test("No board: a sentence naming the bus and the way out")
    func nothingThere() async throws {
        let bus = SimulatedI2CBus()
        let error = await #expect(throws: EPaperError.self) {
            try await InkyEEPROM.detect(on: bus.device(at: 0x50))
        }
        #expect(
            error?.description.hasPrefix(
                "No Inky EEPROM could be read at 0x50 on the simulated bus: nothing answers")
                == true)
        #expect(
            error?.description.hasSuffix(
                "or name the panel in display.kind (inky-impression-5.7, inky-impression-7.3, inky-what-red, …)."
            ) == true)
    }
}

/// How many pixels two frames of the same size differ in (all of them when the sizes
/// differ): a short failure message instead of two frames' worth of indices.
private func differingPixels(_ a: EPaperFrame, _ b: EPaperFrame) -> Int {
    guard a.width == b.width, a.height == b.height else {
        return max(a.indices.count, b.indices.count)
    }
    return zip(a.indices, b.indices).filter { $0 != $1 }.count
}
