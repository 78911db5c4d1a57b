import Devices
import KioskCore
import Simulator
import Testing

/// A bitmap with something in every page: a frame, a diagonal and a filled block.
func testPattern(width: Int = 128, height: Int = 64) -> MonochromeBitmap {
    var bitmap = MonochromeBitmap(width: width, height: height)
    for x in 0..<width {
        bitmap[x: x, y: 0] = true
        bitmap[x: x, y: height - 1] = true
    }
    for y in 0..<height {
        bitmap[x: 0, y: y] = true
        bitmap[x: width - 1, y: y] = true
        bitmap[x: y * (width - 1) / (height - 1), y: y] = true
    }
    for y in 5..<13 {
        for x in 20..<31 { bitmap[x: x, y: y] = true }
    }
    return bitmap
}

/// An OLED model on a simulated bus with its driver.
struct OLEDBench {
    let bus = SimulatedI2CBus()
    let oled: SimulatedOLED
    let driver: any MonochromeDisplay
    let clock = ManualClock()
    static let address: UInt8 = 0x3C

    init(_ controller: OLEDController, size: PixelSize = PixelSize(width: 128, height: 64)) {
        oled = SimulatedOLED(controller: controller, size: size)
        bus.attach(oled, at: Self.address)
        let device = bus.device(at: Self.address)
        let clock = self.clock.reader
        driver = OLEDDisplay(controller, device: device, size: size, elapsed: clock)
    }

    var traffic: SimulatedI2CTraffic { bus.traffic(at: Self.address) }
}

/// The SSD1306 and SH1106 drivers against the protocol-level simulated modules.
@Suite struct OLEDTests {
    @Test func theSSD1306ReceivesDesignsInitialisation() async throws {
        let bench = OLEDBench(.ssd1306)
        try await bench.driver.show(testPattern())
        let commands = bench.oled.commands.flatMap { $0 }
        let design: [UInt8] = [
            0xAE, 0xD5, 0x80, 0xA8, 0x3F, 0xD3, 0x00, 0x40, 0x8D, 0x14, 0x20, 0x00, 0xA1, 0xC8,
            0xDA, 0x12, 0xD9, 0xF1, 0xDB, 0x40, 0xA4, 0xA6,
        ]
        #expect(Array(commands.prefix(design.count)) == design)
        // The picture goes into RAM before the panel is turned on.
        #expect(Array(commands.suffix(3)) == [0x81, 0xCF, 0xAF])
        #expect(bench.oled.unknownCommands == [])
        #expect(bench.oled.panel == testPattern())
    }

    @Test(arguments: OLEDController.allCases)
    func thePanelShowsTheBitmapUpright(controller: OLEDController) async throws {
        let bench = OLEDBench(controller)
        try await bench.driver.show(testPattern())
        #expect(bench.oled.unknownCommands == [])
        #expect(bench.oled.panel == testPattern())
        #expect(bench.oled.visibleRAM == testPattern())
        #expect(bench.oled.displayOn)
    }

    @Test func theSH1106sColumnOffsetMatters() async throws {
        // Bytes written from RAM column 0 (as to an SSD1306) land two pixels left: RAM
        // column 4 is the panel's column 2, and columns 0 and 1 are off the panel.
        let oled = SimulatedOLED(controller: .sh1106)
        let bus = SimulatedI2CBus()
        bus.attach(oled, at: 0x3C)
        let port = bus.device(at: 0x3C)
        try await port.write(
            register: 0x00, bytes: OLEDController.sh1106.initialisation(height: 64))
        try await port.write(register: 0x00, bytes: [0xB0, 0x00, 0x10])
        try await port.write(register: 0x40, bytes: [0xFF, 0xFF, 0, 0, 0xFF])
        let panel = oled.panel
        #expect((0..<8).allSatisfy { panel[x: 2, y: $0] })
        #expect((0..<8).allSatisfy { !panel[x: 0, y: $0] && !panel[x: 1, y: $0] })
    }

    @Test func aMirroredInitialisationShowsAMirroredPicture() async throws {
        let bus = SimulatedI2CBus()
        let oled = SimulatedOLED(controller: .ssd1306)
        bus.attach(oled, at: 0x3C)
        let port = bus.device(at: 0x3C)
        var setUp = OLEDController.ssd1306.initialisation(height: 64)
        setUp[setUp.firstIndex(of: 0xA1)!] = 0xA0
        try await port.write(register: 0x00, bytes: setUp)
        try await port.write(register: 0x00, bytes: [0x21, 0, 127, 0x22, 0, 7])
        try await port.write(register: 0x40, bytes: [0x01])
        #expect(oled.panel[x: 127, y: 0])
        #expect(!oled.panel[x: 0, y: 0])
    }

    @Test func theSSD1306At128x32() async throws {
        let size = PixelSize(width: 128, height: 32)
        let bench = OLEDBench(.ssd1306, size: size)
        let pattern = testPattern(width: 128, height: 32)
        try await bench.driver.show(pattern)
        #expect(bench.oled.commands.contains([0xA8, 0x1F]))
        #expect(bench.oled.commands.contains([0xDA, 0x02]))
        #expect(bench.oled.panel == pattern)
    }

    @Test(arguments: OLEDController.allCases)
    func onlyThePagesThatChangedGoOverTheBus(controller: OLEDController) async throws {
        let bench = OLEDBench(controller)
        try await bench.driver.show(testPattern())
        bench.bus.resetTraffic(at: OLEDBench.address)
        var changed = testPattern()
        for x in 40..<52 { changed[x: x, y: 27] = true }  // page 3, columns 40…51
        try await bench.driver.show(changed)
        // One command transfer addressing page 3 from column 40 to 51, one of 12 data bytes.
        let addressing = controller == .ssd1306 ? 6 : 3
        #expect(bench.traffic.transfers == 2)
        #expect(bench.traffic.writtenBytes == (1 + addressing) + (1 + 12))
        #expect(bench.oled.panel == changed)

        // The same picture again: nothing to send.
        bench.bus.resetTraffic(at: OLEDBench.address)
        try await bench.driver.show(changed)
        #expect(bench.traffic.transfers == 0)
    }

    @Test func aWholePictureIsSentInBlocksOfThirtyTwo() async throws {
        let bench = OLEDBench(.ssd1306)
        try await bench.driver.show(testPattern())
        #expect(bench.oled.dataBytes == 128 * 8)
        // 8 pages × (addressing + 4 data blocks) + 1 set-up + 1 power-on.
        #expect(bench.traffic.transfers == 8 * 5 + 2)
    }

    @Test(arguments: OLEDController.allCases)
    func powerDimsOrTurnsThePanelOffAndThePictureSurvives(
        controller: OLEDController
    ) async throws {
        let bench = OLEDBench(controller)
        try await bench.driver.show(testPattern())
        try await bench.driver.setPower(.dim)
        #expect(bench.oled.contrast == 0x01)
        #expect(bench.oled.displayOn)
        try await bench.driver.setPower(.off)
        #expect(!bench.oled.displayOn)
        #expect(bench.oled.panel == MonochromeBitmap(width: 128, height: 64))
        try await bench.driver.setPower(.on)
        #expect(bench.oled.contrast == 0xCF)
        #expect(bench.oled.panel == testPattern())
    }

    @Test(arguments: OLEDController.allCases)
    func aFailedWriteIsReportedAndTheNextFrameSetsTheControllerUpAgain(
        controller: OLEDController
    ) async throws {
        let bench = OLEDBench(controller)
        try await bench.driver.show(testPattern())
        var changed = testPattern()
        for x in 60..<70 { changed[x: x, y: 40] = true }
        bench.bus.failTransfers(at: OLEDBench.address, after: 1)
        do {
            try await bench.driver.show(changed)
            Issue.record("a picture whose transfer failed was reported as shown")
        } catch let error as SmallDisplayError {
            #expect(
                error.description.hasSuffix(
                    "the \(controller.displayName) at 0x3c on the simulated bus is set up again with the next frame."
                ))
        }
        #expect(bench.oled.panel != changed)
        bench.oled.clearLog()
        try await bench.driver.show(changed)
        let setUp = controller.initialisation(height: 64).dropLast(3)
        #expect(Array(bench.oled.commands.flatMap { $0 }.prefix(setUp.count)) == Array(setUp))
        #expect(bench.oled.dataBytes == 128 * 8)
        #expect(bench.oled.panel == changed)
    }

    @Test func thePictureMovesAgainstBurnIn() async throws {
        let bench = OLEDBench(.ssd1306)
        try await bench.driver.show(testPattern())
        #expect(bench.oled.panel == testPattern())
        bench.clock.advance(.seconds(181))
        try await bench.driver.show(testPattern())
        #expect(bench.oled.panel == testPattern().shifted(x: 1, y: 0))
        bench.clock.advance(.seconds(180))
        try await bench.driver.setPower(.on)
        try await bench.driver.show(testPattern())
        #expect(bench.oled.panel == testPattern().shifted(x: 1, y: 1))
    }
}
