import Devices
import KioskCore
import KioskDisplays
import KioskTesting
import Rendering
import Simulator
import Testing

/// A configuration for one small display.
func smallDisplayConfiguration(
    _ kind: DisplayKind, columns: Int = 16, rows: Int = 2, height: Int = 64
) -> KioskConfiguration {
    var configuration = KioskConfiguration()
    configuration.display.kind = kind
    configuration.display.columns = columns
    configuration.display.rows = rows
    configuration.display.height = height
    return configuration
}

/// The LCD and OLED pages end to end: the daemon's `SmallDisplay` puts every page of the
/// demo data on the simulated controllers over the simulated bus, and the controllers end
/// up showing exactly what the layouts and the renderer produced.
@Suite struct SmallDisplayTests {
    @Test(arguments: [CharacterGridSize.size16x2, .size20x4])
    func everyPageAndStepReachesTheLCD(size: CharacterGridSize) async throws {
        let simulated = try SimulatedSmallDisplay(
            configuration: smallDisplayConfiguration(
                .hd44780, columns: size.columns, rows: size.rows))
        guard case .characters(let lcd) = simulated.module else {
            Issue.record("an hd44780 configuration made another module")
            return
        }
        let layout = CharacterPageLayout(size: size)
        for page in PageKind.allCases {
            for city in DemoData.favourites.indices {
                let model = DemoData.model(page: page, cityIndex: city)
                #expect(simulated.display.steps(for: model) == layout.steps(for: model))
                for step in 0..<simulated.display.steps(for: model) {
                    try await simulated.display.show(model, step: step)
                    let expected = layout.frame(for: model, step: step)
                    let shown = lcd.frame
                    #expect(shown.codes == expected.codes, "\(page) step \(step) at \(size)")
                    #expect(Array(shown.glyphs.prefix(expected.glyphs.count)) == expected.glyphs)
                }
            }
        }
        #expect(lcd.violations == [])
        #expect(lcd.backlight)
        #expect(lcd.displayOn)
    }

    @Test func theLCDShowsReadableTextWithTheROMsLettersAndIcons() async throws {
        let simulated = try SimulatedSmallDisplay(
            configuration: smallDisplayConfiguration(.hd44780, columns: 20, rows: 4))
        guard case .characters(let lcd) = simulated.module else { return }
        var model = DemoData.model(page: .city)
        model.city?.city.name = "Zürich"
        try await simulated.display.show(model)
        #expect(
            lcd.lines == [
                "Zürich         15:05", "{0}19° Partly cloudy  ", "RH 62% 11 km/h SW   ",
                "Mo{1}20° Tu{2}15° We{3}17°",
            ])
        #expect(lcd.frame.glyphs[0] == CharacterIcon.partlyCloudy.glyph)
        #expect(lcd.frame.glyphs[1] == CharacterIcon.rain.glyph)
        try await simulated.display.show(DemoData.model(page: .map))
        #expect(lcd.lines[1].hasPrefix("Rome "))
        try await simulated.display.show(DemoData.model(page: .map), step: 1)
        #expect(lcd.lines[2].hasPrefix("Sao Paulo "))  // "São" without the tilde
        #expect(simulated.text.contains("│Sao Paulo       ☂29°│") == false)
        #expect(simulated.text.contains("│Sao Paulo       ϟ29°│"))
    }

    @Test(arguments: [
        (DisplayKind.ssd1306, 64), (.ssd1306, 32), (.sh1106, 64),
    ])
    func everyPageAndStepReachesTheOLEDAsTheRendererDrewIt(kind: DisplayKind, height: Int)
        async throws
    {
        let configuration = smallDisplayConfiguration(kind, height: height)
        let simulated = try SimulatedSmallDisplay(configuration: configuration)
        guard case .bitmap(let oled) = simulated.module else {
            Issue.record("an OLED configuration made another module")
            return
        }
        let renderer = try PageRenderer()
        let size = PixelSize(width: 128, height: height)
        for page in PageKind.allCases {
            let model = DemoData.model(page: page)
            for step in 0..<simulated.display.steps(for: model) {
                try await simulated.display.show(model, step: step)
                let expected = try renderer.renderBitmap(model, size: size, step: step)
                #expect(oled.panel == expected, "\(page) step \(step) on \(kind) \(size)")
            }
        }
        #expect(oled.unknownCommands == [])
    }

    @Test(arguments: [DisplayKind.ssd1306, .sh1106])
    func aChangedNumberResendsOnlyItsPages(kind: DisplayKind) async throws {
        let simulated = try SimulatedSmallDisplay(configuration: smallDisplayConfiguration(kind))
        guard case .bitmap(let oled) = simulated.module else { return }
        let address: UInt8 = 0x3C
        var model = DemoData.model(page: .city)
        try await simulated.display.show(model)
        let before = oled.panel
        simulated.bus.resetTraffic(at: address)
        model.city?.forecast?.current?.relativeHumidity = 71
        try await simulated.display.show(model)
        let after = oled.panel
        // What a minimal update costs: per changed page, one addressing transfer and the
        // changed columns in blocks of at most 32, each after its control byte.
        var transfers = 0
        var bytes = 0
        for page in 0..<8 where before.page(page) != after.page(page) {
            let changed = before.page(page).indices.filter {
                before.page(page)[$0] != after.page(page)[$0]
            }
            let span = changed.last! - changed.first! + 1
            transfers += 1 + (span + 31) / 32
            bytes += 1 + (kind == .ssd1306 ? 6 : 3) + span + (span + 31) / 32
        }
        #expect(transfers > 0)
        #expect(transfers <= 4)
        #expect(simulated.bus.traffic(at: address).transfers == transfers)
        #expect(simulated.bus.traffic(at: address).writtenBytes == bytes)
        #expect(bytes < 128 * 8 / 4)
    }

    @Test func aFailedWriteIsReportedAndTheNextFrameRecovers() async throws {
        for kind in [DisplayKind.hd44780, .ssd1306] {
            let configuration = smallDisplayConfiguration(kind)
            let simulated = try SimulatedSmallDisplay(configuration: configuration)
            let address = UInt8(configuration.display.i2cAddress)
            try await simulated.display.show(DemoData.model(page: .city))
            simulated.bus.failTransfers(at: address, count: 1)
            await #expect(throws: SmallDisplayError.self) {
                try await simulated.display.show(DemoData.model(page: .indoor))
            }
            try await simulated.display.show(DemoData.model(page: .indoor))
            switch simulated.module {
            case .characters(let lcd):
                #expect(lcd.lines[0] == "Indoor     15:05")
            case .bitmap(let oled):
                let expected = try PageRenderer().renderBitmap(
                    DemoData.model(page: .indoor), size: PixelSize(width: 128, height: 64))
                #expect(oled.panel == expected)
            }
        }
    }

    @Test func powerReachesTheModules() async throws {
        let lcd = try SimulatedSmallDisplay(configuration: smallDisplayConfiguration(.hd44780))
        try await lcd.display.show(DemoData.model(page: .city))
        try await lcd.display.setPower(.dim)
        guard case .characters(let module) = lcd.module else { return }
        #expect(!module.backlight)
        #expect(module.displayOn)
        let oled = try SimulatedSmallDisplay(configuration: smallDisplayConfiguration(.sh1106))
        try await oled.display.show(DemoData.model(page: .city))
        try await oled.display.setPower(.off)
        guard case .bitmap(let panel) = oled.module else { return }
        #expect(!panel.displayOn)
        #expect(oled.text.allSatisfy { $0 == "⠀" || $0 == "\n" })
    }

    @Test func onlyI2CKindsMakeASmallDisplay() throws {
        var configuration = KioskConfiguration()
        configuration.display.kind = .framebuffer
        #expect(throws: SmallDisplaySetupError.notOnI2C(.framebuffer)) {
            try SmallDisplay.make(
                configuration: configuration, device: InMemoryI2CDevice(address: 0x27))
        }
        configuration.display.kind = .ssd1306
        let display = try SmallDisplay.make(
            configuration: configuration, device: InMemoryI2CDevice(address: 0x3C))
        #expect(display.description == "SSD1306 128x64 OLED at 0x3c on the in-memory bus")
        #expect(configuration.displayI2CBus == configuration.sensor.bus)
    }
}

/// The configured display on a Linux bus that is not there: one sentence naming the path.
@Suite struct ConfiguredSmallDisplayTests {
    @Test func aMissingBusIsReportedWithThePath() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var configuration = smallDisplayConfiguration(.hd44780)
        configuration.display.address = 0x3F
        let display = try SmallDisplay.configured(
            configuration, devicePath: directory.file("i2c-7"))
        #expect(display.description == "HD44780 16x2 LCD at 0x3f on \(directory.file("i2c-7"))")
        do {
            try await display.show(DemoData.model(page: .city))
            Issue.record("a frame reached a bus that does not exist")
        } catch let error as SmallDisplayError {
            #expect(error.description.hasPrefix("Cannot open \(directory.file("i2c-7"))"))
            #expect(
                error.description.hasSuffix(
                    "the HD44780 LCD at 0x3f on \(directory.file("i2c-7")) is set up again with the next frame."
                ))
        }
    }
}
