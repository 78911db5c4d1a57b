import KioskConfig
import KioskCore
import Testing

/// The `[display]` keys for LCDs and OLEDs: address, bus, sizes and the backpack's pins.
@Suite struct SmallDisplayConfigTests {
    /// The document `display = { … }` resolved onto the defaults.
    private func resolve(_ members: [(key: String, value: ConfigValue)])
        -> (KioskConfiguration, [ConfigProblem])
    {
        ConfigSchema.resolve([("display", .table(members))], onto: KioskConfiguration())
    }

    @Test func defaults() {
        let display = KioskConfiguration().display
        #expect(display.characterGrid == .size16x2)
        #expect(display.panelSize == PixelSize(width: 128, height: 64))
        #expect(display.pinMap == BackpackPinMap())
        #expect(display.bus == nil)
        #expect(display.address == nil)
        #expect(ConfigSchema.key("display.address")?.value(in: KioskConfiguration()) == nil)
    }

    @Test(arguments: [
        (DisplayKind.hd44780, 0x27), (.ssd1306, 0x3C), (.sh1106, 0x3C),
    ])
    func theAddressDefaultsToTheKindsUsualOne(kind: DisplayKind, address: Int) {
        let (configuration, problems) = resolve([("kind", .string(kind.rawValue))])
        #expect(problems.isEmpty)
        #expect(configuration.display.i2cAddress == address)
        let (moved, _) = resolve([("kind", .string(kind.rawValue)), ("address", .integer(0x3F))])
        #expect(moved.display.i2cAddress == 0x3F)
    }

    @Test(arguments: CharacterGridSize.supported)
    func supportedLCDSizes(size: CharacterGridSize) {
        let (configuration, problems) = resolve([
            ("kind", .string("hd44780")), ("columns", .integer(size.columns)),
            ("rows", .integer(size.rows)),
        ])
        #expect(problems.isEmpty)
        #expect(configuration.display.characterGrid == size)
    }

    @Test func anUnsupportedLCDSizeIsOneClearProblemAtTheRowsKey() {
        let (_, problems) = resolve([("kind", .string("hd44780")), ("columns", .integer(24))])
        #expect(problems.count == 1)
        #expect(problems.first?.path.description == "display.columns")
        #expect(
            problems.first?.message
                == "display.columns and display.rows make a 24x2 LCD, which the kiosk does not drive; an hd44780 display is 16x2, 20x2, 16x4, 20x4 or 40x2 (`weather-kiosk config set display.size 20x4` sets both at once)"
        )
        let (_, rowsProblems) = resolve([
            ("kind", .string("hd44780")), ("columns", .integer(20)), ("rows", .integer(3)),
        ])
        #expect(rowsProblems.first?.path.description == "display.rows")
    }

    /// Between the common 16×2 and 20×4, columns and rows can be set in either order: the
    /// size between (20×2 or 16×4) is a module the kiosk drives (issue 28 point 14).
    @Test(arguments: [
        [("columns", 20), ("rows", 4)], [("rows", 4), ("columns", 20)],
        [("columns", 16), ("rows", 2)], [("rows", 2), ("columns", 16)],
    ])
    func columnsAndRowsInEitherOrder(_ steps: [(String, Int)]) {
        var members: [(key: String, value: ConfigValue)] = [("kind", .string("hd44780"))]
        // Start from the other size: 16x2 for the way up, 20x4 for the way down.
        let up = steps.contains { $0 == ("columns", 20) }
        members += [("columns", .integer(up ? 16 : 20)), ("rows", .integer(up ? 2 : 4))]
        for (key, value) in steps {
            members.removeAll { $0.key == key }
            members.append((key, .integer(value)))
            let (_, problems) = resolve(members)
            #expect(problems.isEmpty, "after \(key) = \(value): \(problems)")
        }
        let (configuration, _) = resolve(members)
        #expect(configuration.display.characterGrid == (up ? .size20x4 : .size16x2))
    }

    @Test func displaySizeSetsAnLCDsColumnsAndRows() {
        let (configuration, problems) = resolve([
            ("kind", .string("hd44780")), ("size", .string("20x4")),
        ])
        #expect(problems.isEmpty)
        #expect(configuration.display.characterGrid == .size20x4)
        #expect(
            ConfigSchema.key("display.size")?.value(in: configuration) == .string("20x4"))
        let (_, pixels) = resolve([("kind", .string("hd44780")), ("size", .string("800x480"))])
        #expect(
            pixels.map(\.message) == [
                "display.size is an hd44780 LCD's COLUMNSxROWS, such as \"20x4\" (16x2, 20x2, 16x4, 20x4 or 40x2), not \"800x480\""
            ])
        let (_, both) = resolve([
            ("kind", .string("hd44780")), ("size", .string("20x4")), ("columns", .integer(16)),
        ])
        #expect(both.first?.path.description == "display.size")
        #expect(both.first?.message.contains("disagree") == true)
        // A picture's size stays what it was for a PNG or the terminal.
        let (png, _) = resolve([("kind", .string("png")), ("size", .string("480x320"))])
        #expect(png.display.size == PixelSize(width: 480, height: 320))
    }

    @Test func sizesOnlyMatterForTheKindInUse() {
        let (_, problems) = resolve([
            ("kind", .string("framebuffer")), ("columns", .integer(20)), ("height", .integer(48)),
        ])
        #expect(problems.isEmpty)
    }

    @Test(arguments: [
        (DisplayKind.ssd1306, 128, 64, true), (.ssd1306, 128, 32, true), (.sh1106, 128, 64, true),
        (.sh1106, 128, 32, false), (.ssd1306, 96, 16, false), (.ssd1306, 128, 48, false),
    ])
    func oledSizes(kind: DisplayKind, width: Int, height: Int, accepted: Bool) {
        let (configuration, problems) = resolve([
            ("kind", .string(kind.rawValue)), ("width", .integer(width)),
            ("height", .integer(height)),
        ])
        #expect(problems.isEmpty == accepted)
        if accepted {
            #expect(configuration.display.panelSize == PixelSize(width: width, height: height))
        } else {
            #expect(problems.first?.path.description == "display.height")
            #expect(
                problems.first?.message.contains(
                    "make a \(width)x\(height) panel, which the kiosk does not drive on an \(kind.rawValue)"
                ) == true)
        }
    }

    @Test func aPinMapTakesNumbersOrPinNamesAndKeepsTheRest() {
        let (configuration, problems) = resolve([
            (
                "pin_map",
                .table([
                    ("rs", .integer(4)), ("rw", .string("P5")), ("e", .string("6")),
                    ("backlight", .integer(7)), ("d4", .integer(0)), ("d5", .integer(1)),
                    ("d6", .integer(2)), ("d7", .integer(3)),
                ])
            )
        ])
        #expect(problems.isEmpty)
        let map = configuration.display.pinMap
        #expect(map.registerSelect == 4)
        #expect(map.readWrite == 5)
        #expect(map.enable == 6)
        #expect(map.backlight == 7)
        #expect(map.data == [0, 1, 2, 3])
        #expect(
            ConfigSchema.key("display.pin_map")?.value(in: configuration)?.tomlLiteral
                == "{ rs = 4, rw = 5, e = 6, backlight = 7, d4 = 0, d5 = 1, d6 = 2, d7 = 3 }")
    }

    @Test(arguments: [
        (
            ConfigValue.table([("rs", .integer(6))]),
            "display.pin_map puts rs and d6 both on P6; every signal needs a pin of its own"
        ),
        (
            .table([("e", .integer(8))]),
            "display.pin_map e must be a PCF8574 pin from 0 to 7 (or \"P0\" to \"P7\"), not 8"
        ),
        (
            .table([("enable", .integer(2))]),
            "display.pin_map has an unknown signal enable; it takes rs, rw, e, backlight, d4, d5, d6, d7"
        ),
        (
            .string("standard"),
            "display.pin_map must be a table such as { rs = 0, rw = 1, e = 2, backlight = 3, d4 = 4, d5 = 5, d6 = 6, d7 = 7 }, not a string"
        ),
    ])
    func pinMapRefusals(value: ConfigValue, message: String) {
        var configuration = KioskConfiguration()
        #expect(ConfigSchema.key("display.pin_map")?.apply(value, to: &configuration) == message)
    }

    @Test func busAndAddressRanges() {
        var configuration = KioskConfiguration()
        #expect(
            ConfigSchema.key("display.address")?.apply(.integer(0x78), to: &configuration)
                == "display.address must be a whole number from 3 to 119, not 120")
        #expect(ConfigSchema.key("display.bus")?.apply(.integer(3), to: &configuration) == nil)
        #expect(configuration.display.bus == 3)
    }
}

/// Text to the HD44780's ROM A00 and back.
@Suite struct CharacterROMTests {
    @Test(arguments: [
        ("Zürich 5°C", "Zürich 5°C"), ("São Paulo", "Sao Paulo"), ("Kraków", "Krakow"),
        ("Москва", "Moskva"), ("Köln – Düsseldorf", "Köln - Düsseldorf"),
        ("Ärger", "Arger"), ("C:\\path~", "C:/path-"), ("tab\there", "tab here"),
    ])
    func textBecomesCodesTheROMHas(text: String, shown: String) {
        let codes = CharacterROM.codes(text)
        #expect(CharacterROM.text(codes) == shown)
        #expect(codes.allSatisfy { (0x20...0x7D).contains($0) && $0 != 0x5C || $0 >= 0xDF })
    }

    @Test func theExtraCharactersHaveTheirROMCodes() {
        #expect(CharacterROM.codes("°äöü") == [0xDF, 0xE1, 0xEF, 0xF5])
        #expect(CharacterROM.text([0x00, 0x41, 0x07], glyph: { Character("\($0)") }) == "0A7")
    }

    @Test func aGlyphFromItsPicture() {
        let glyph = CharacterGlyph([
            "#....", ".#...", "..#..", "...#.", "....#", ".....", "#####", ".....",
        ])
        #expect(glyph.rows == [0x10, 0x08, 0x04, 0x02, 0x01, 0x00, 0x1F, 0x00])
        #expect(glyph.isLit(column: 0, row: 0))
        #expect(!glyph.isLit(column: 1, row: 0))
    }

    @Test func aFrameWritesAreCutAtTheRowsEnd() {
        var frame = CharacterFrame(size: .size16x2)
        frame.write(CharacterROM.codes("0123456789abcdefXYZ"), row: 1, column: 2)
        #expect(CharacterROM.text(frame.row(1)) == "  0123456789abcd")
        #expect(CharacterROM.text(frame.row(0)) == String(repeating: " ", count: 16))
    }
}

/// The OLED bitmap, the burn-in shift and the step schedule.
@Suite struct MonochromeAndTimingTests {
    @Test func pixelsArePackedInPagesWithBitZeroOnTop() {
        var image = PixelImage(width: 16, height: 16)
        image[x: 3, y: 0] = 0xFFFF_FFFF
        image[x: 3, y: 9] = 0xFFFF_FFFF
        image[x: 15, y: 15] = 0xFF80_8080  // mid grey counts as lit
        image[x: 0, y: 0] = 0xFF40_4040  // dark grey does not
        let bitmap = MonochromeBitmap(image)
        #expect(bitmap.bytes[3] == 0x01)
        #expect(bitmap.bytes[16 + 3] == 0x02)
        #expect(bitmap.bytes[16 + 15] == 0x80)
        #expect(bitmap.bytes[0] == 0)
        #expect(MonochromeBitmap(bitmap.image()) == bitmap)
    }

    @Test func shiftingMovesRightAndDownAndDropsWhatFallsOff() {
        var bitmap = MonochromeBitmap(width: 8, height: 8)
        bitmap[x: 0, y: 0] = true
        bitmap[x: 7, y: 7] = true
        let moved = bitmap.shifted(x: 1, y: 1)
        #expect(moved[x: 1, y: 1])
        #expect(!moved[x: 0, y: 0])
        #expect(moved.bytes.filter { $0 != 0 }.count == 1)
        #expect(bitmap.shifted(x: 0, y: 0) == bitmap)
    }

    @Test(arguments: [
        (0, 0, 0), (179, 0, 0), (180, 1, 0), (360, 1, 1), (540, 0, 1), (720, 0, 0), (-5, 0, 0),
    ])
    func theBurnInShiftGoesRoundASquare(seconds: Int, x: Int, y: Int) {
        let shift = BurnInShift()
        let offset = shift.offset(after: .seconds(seconds))
        #expect(offset.x == x)
        #expect(offset.y == y)
    }

    @Test func theBurnInShiftSaysWhenItNextMoves() {
        let shift = BurnInShift(period: .seconds(60))
        #expect(shift.nextChange(after: .seconds(0)) == .seconds(60))
        #expect(shift.nextChange(after: .seconds(61)) == .seconds(120))
    }

    @Test(arguments: [
        (3, 15.0, 0.0, 0), (3, 15.0, 4.9, 0), (3, 15.0, 5.0, 1), (3, 15.0, 14.9, 2),
        (3, 15.0, 15.0, 0), (3, 15.0, 21.0, 1), (1, 15.0, 100.0, 0), (4, 8.0, 3.5, 1),
    ])
    func stepsShareTheSlide(steps: Int, slide: Double, seconds: Double, step: Int) {
        #expect(
            StepSchedule(steps: steps, slideSeconds: slide).step(secondsIntoSlide: seconds) == step)
    }

    @Test func aStepStaysUpLongEnoughToRead() {
        let schedule = StepSchedule(steps: 4, slideSeconds: 8)
        #expect(schedule.stepSeconds == StepSchedule.minimumStepSeconds)
        #expect(schedule.nextChange(secondsIntoSlide: 4) == 6)
        #expect(StepSchedule(steps: 1, slideSeconds: 15).nextChange(secondsIntoSlide: 3) == nil)
    }
}
