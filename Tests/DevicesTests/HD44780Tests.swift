import Devices
import KioskCore
import Simulator
import Synchronization
import Testing

/// A clock that moves only when the driver sleeps: the driver's waits and the simulated
/// controller's timing checks see the same time, and no test waits for real.
final class ManualClock: Sendable {
    private let elapsed = Mutex(Duration.zero)
    private let sleeps = Mutex<[Duration]>([])

    /// The time since power-on.
    var now: Duration { elapsed.withLock { $0 } }
    /// Every sleep so far.
    var recordedSleeps: [Duration] { sleeps.withLock { $0 } }

    /// Moves the clock on.
    func advance(_ duration: Duration) { elapsed.withLock { $0 += duration } }

    /// The driver's sleep: records the wait and moves the clock.
    var sleep: @Sendable (Duration) async throws -> Void {
        { [self] duration in
            sleeps.withLock { $0.append(duration) }
            advance(duration)
        }
    }

    /// The chip's clock.
    var reader: @Sendable () -> Duration { { [self] in now } }
}

/// An LCD on a simulated bus with the driver, both on one manual clock.
struct LCDBench {
    let bus = SimulatedI2CBus()
    let clock = ManualClock()
    let lcd: SimulatedHD44780
    let driver: HD44780Display
    static let address: UInt8 = 0x27

    init(
        size: CharacterGridSize = .size16x2, wiring: BackpackPinMap = BackpackPinMap(),
        driverPins: BackpackPinMap? = nil, sleeps: Bool = true
    ) {
        lcd = SimulatedHD44780(size: size, pinMap: wiring, now: clock.reader)
        bus.attach(lcd, at: Self.address)
        let noSleep: @Sendable (Duration) async throws -> Void = { _ in }
        driver = HD44780Display(
            device: bus.device(at: Self.address), size: size, pinMap: driverPins ?? wiring,
            sleep: sleeps ? clock.sleep : noSleep)
    }

    var traffic: SimulatedI2CTraffic { bus.traffic(at: Self.address) }
}

/// A frame from lines of text (CharacterROM codes), with glyphs.
func characterFrame(
    _ lines: [String], size: CharacterGridSize, glyphs: [CharacterGlyph] = []
) -> CharacterFrame {
    var frame = CharacterFrame(size: size)
    frame.glyphs = glyphs
    for (row, line) in lines.enumerated() { frame.write(CharacterROM.codes(line), row: row) }
    return frame
}

/// The line as the simulated LCD reports it: `text` padded with spaces to `width`.
func padded(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
}

let sunGlyph = CharacterGlyph([
    ".....", "#.#.#", ".###.", "#####", ".###.", "#.#.#", ".....", ".....",
])

/// The HD44780 driver against the pin-level simulated backpack and controller.
@Suite struct HD44780Tests {
    @Test func theControllerReceivesExactlyTheInitialisationSequence() async throws {
        let bench = LCDBench()
        try await bench.driver.show(characterFrame(["Hi"], size: .size16x2))
        let instructions = bench.lcd.instructions
        let setUp = instructions.prefix(8).map { [$0.isData ? 1 : 0, Int($0.value)] }
        #expect(
            setUp == [
                [0, 0x30], [0, 0x30], [0, 0x30], [0, 0x20], [0, 0x28], [0, 0x0C], [0, 0x01],
                [0, 0x06],
            ])
        // The three reset function sets and 0x2 arrive in 8-bit mode, the rest in 4-bit.
        #expect(instructions.prefix(4).allSatisfy { $0.eightBit })
        #expect(instructions.dropFirst(4).allSatisfy { !$0.eightBit })
        #expect(
            bench.clock.recordedSleeps == [
                .milliseconds(40), .microseconds(4100), .microseconds(4100), .microseconds(100),
                .milliseconds(2),
            ])
        #expect(bench.lcd.violations == [])
        #expect(bench.lcd.lines == [padded("Hi", 16), padded("", 16)])
        #expect(bench.lcd.displayOn)
        #expect(bench.lcd.backlight)
    }

    @Test func aDriverThatDoesNotWaitIsCaughtByTheModel() async throws {
        let bench = LCDBench(sleeps: false)
        try await bench.driver.show(characterFrame(["Hi"], size: .size16x2))
        #expect(bench.lcd.violations.first?.contains("before the 40 ms power-on time") == true)
        #expect(bench.lcd.lines[0] != padded("Hi", 16))
    }

    @Test(arguments: [CharacterGridSize.size16x2, .size20x4, .size16x4, .size40x2])
    func everyRowLandsWhereItBelongs(size: CharacterGridSize) async throws {
        let bench = LCDBench(size: size)
        let lines = (0..<size.rows).map { row in
            String(
                String(repeating: "\(row)abcdefghijklmnopqrstuvwxyz0123456789ABCDE", count: 1)
                    .prefix(size.columns))
        }
        try await bench.driver.show(characterFrame(lines, size: size))
        #expect(bench.lcd.lines == lines)
        #expect(bench.lcd.violations == [])
    }

    @Test func namesAreTransliteratedWithTheROMsOwnLetters() async throws {
        let bench = LCDBench(size: .size20x4)
        let frame = characterFrame(
            ["São Paulo 21°C", "Kraków -3°", "Zürich Köln Straße", "Москва"], size: .size20x4)
        try await bench.driver.show(frame)
        #expect(
            bench.lcd.lines == [
                padded("Sao Paulo 21°C", 20), padded("Krakow -3°", 20),
                padded("Zürich Köln Strasse", 20), padded("Moskva", 20),
            ])
        // The degree sign and the umlauts are the ROM's own codes, not look-alikes.
        let codes = Array(bench.lcd.frame.row(2))
        #expect(codes[1] == 0xF5)
        #expect(codes[8] == 0xEF)
        #expect(bench.lcd.frame.row(0).contains(0xDF))
    }

    @Test func glyphsGoIntoCGRAMAndShowWhereTheirCodesAre() async throws {
        let bench = LCDBench()
        let drop = CharacterGlyph([
            "..#..", "..#..", ".#.#.", ".#.#.", "#...#", "#...#", ".###.", ".....",
        ])
        var frame = characterFrame(["  21°", "  48%"], size: .size16x2, glyphs: [sunGlyph, drop])
        frame[0, 0] = 0
        frame[0, 1] = 1
        try await bench.driver.show(frame)
        #expect(bench.lcd.lines == [padded("{0} 21°", 18), padded("{1} 48%", 18)])
        #expect(bench.lcd.frame.glyphs[0] == sunGlyph)
        #expect(bench.lcd.frame.glyphs[1] == drop)
        // An unchanged glyph is not loaded again.
        bench.lcd.clearLog()
        try await bench.driver.show(frame)
        #expect(bench.lcd.instructions.isEmpty)
    }

    @Test func onlyTheCharactersThatChangedGoOverTheBus() async throws {
        let bench = LCDBench()
        try await bench.driver.show(
            characterFrame(["Rome     14:05", "Sunny 21°"], size: .size16x2))
        bench.bus.resetTraffic(at: LCDBench.address)
        bench.lcd.clearLog()
        try await bench.driver.show(
            characterFrame(["Rome     14:06", "Sunny 21°"], size: .size16x2))
        // One "set DDRAM address" (0x80 + 13) and one character: two bytes of two nibbles,
        // each nibble E high then E low, plus one byte to settle RS before each of them.
        #expect(bench.lcd.instructions.map(\.value) == [UInt8(0x80 | 13), 0x36])
        #expect(bench.traffic.transfers == 1)
        #expect(bench.traffic.writtenBytes == 10)
        #expect(bench.lcd.lines[0] == padded("Rome     14:06", 16))

        // Nothing changed: nothing goes over the bus.
        bench.bus.resetTraffic(at: LCDBench.address)
        try await bench.driver.show(
            characterFrame(["Rome     14:06", "Sunny 21°"], size: .size16x2))
        #expect(bench.traffic.transfers == 0)
    }

    @Test func runsOfChangesShareOneAddress() async throws {
        let bench = LCDBench()
        try await bench.driver.show(characterFrame(["abcdefgh"], size: .size16x2))
        bench.lcd.clearLog()
        try await bench.driver.show(characterFrame(["aXcXefgY"], size: .size16x2))
        let addresses = bench.lcd.instructions.filter { !$0.isData }.map(\.value)
        #expect(addresses == [0x81, 0x87])  // "XcX" in one run, "Y" on its own
        #expect(bench.lcd.lines[0] == padded("aXcXefgY", 16))
    }

    @Test func powerTurnsTheBacklightAndTheDisplayOffAndTheTextSurvives() async throws {
        let bench = LCDBench()
        try await bench.driver.show(characterFrame(["Night"], size: .size16x2))
        try await bench.driver.setPower(.dim)
        #expect(!bench.lcd.backlight)
        #expect(bench.lcd.displayOn)
        try await bench.driver.setPower(.off)
        #expect(!bench.lcd.backlight)
        #expect(!bench.lcd.displayOn)
        // A frame shown while off is kept and appears with the power.
        try await bench.driver.show(characterFrame(["Morning"], size: .size16x2))
        #expect(!bench.lcd.displayOn)
        try await bench.driver.setPower(.on)
        #expect(bench.lcd.backlight)
        #expect(bench.lcd.displayOn)
        #expect(bench.lcd.lines[0] == padded("Morning", 16))
        #expect(bench.lcd.violations == [])
    }

    @Test func aFailedWriteIsReportedAndTheNextFrameSetsTheControllerUpAgain() async throws {
        let bench = LCDBench()
        try await bench.driver.show(characterFrame(["Rome  14:05", "Sunny"], size: .size16x2))
        // The first transfer of the next frame arrives, the second is not acknowledged.
        bench.bus.failTransfers(at: LCDBench.address, after: 1)
        let changed = characterFrame(
            ["Berlin 15:05 abc", "Cloudy and windy"], size: .size16x2)
        do {
            try await bench.driver.show(changed)
            Issue.record("a frame whose transfer failed was reported as shown")
        } catch let error as SmallDisplayError {
            #expect(
                error.description
                    == "Nothing answers at 0x27 on the simulated bus: the simulated device is unplugged or answering at another address; the HD44780 LCD at 0x27 on the simulated bus is set up again with the next frame."
            )
        }
        #expect(bench.lcd.lines != [padded("Berlin 15:05 abc", 16), "Cloudy and windy"])
        bench.lcd.clearLog()
        try await bench.driver.show(changed)
        // The controller was in 4-bit mode between two bytes: the first two 0x3 nibbles make
        // one 8-bit function set, the third another, then 0x2 and the 4-bit set-up.
        let setUp = bench.lcd.instructions.prefix(7).map { [$0.eightBit ? 8 : 4, Int($0.value)] }
        #expect(
            setUp == [
                [4, 0x33], [8, 0x30], [8, 0x20], [4, 0x28], [4, 0x0C], [4, 0x01], [4, 0x06],
            ])
        #expect(bench.lcd.lines == ["Berlin 15:05 abc", "Cloudy and windy"])
        #expect(bench.lcd.violations == [])
    }

    @Test func aControllerLeftHalfwayThroughAByteIsResynchronised() async throws {
        let bench = LCDBench()
        try await bench.driver.show(characterFrame(["Before"], size: .size16x2))
        // Half a byte reaches the controller (E high, E low once), then the link drops.
        let device = bench.bus.device(at: LCDBench.address)
        try await device.write(register: 0b0100_1101, bytes: [0b0100_1001])
        bench.bus.failTransfers(at: LCDBench.address)
        await #expect(throws: SmallDisplayError.self) {
            try await bench.driver.show(characterFrame(["After"], size: .size16x2))
        }
        try await bench.driver.show(characterFrame(["After"], size: .size16x2))
        #expect(bench.lcd.lines[0] == padded("After", 16))
    }

    @Test func anotherBackpackWiringWorksWithItsPinMap() async throws {
        var swapped = BackpackPinMap()
        swapped.data = [0, 1, 2, 3]
        swapped.registerSelect = 4
        swapped.readWrite = 5
        swapped.enable = 6
        swapped.backlight = 7
        let matching = LCDBench(wiring: swapped)
        try await matching.driver.show(characterFrame(["Swapped halves"], size: .size16x2))
        #expect(matching.lcd.lines[0] == padded("Swapped halves", 16))
        #expect(matching.lcd.backlight)

        let mismatched = LCDBench(wiring: swapped, driverPins: BackpackPinMap())
        try await mismatched.driver.show(characterFrame(["Swapped halves"], size: .size16x2))
        #expect(mismatched.lcd.lines[0] != padded("Swapped halves", 16))
    }

    @Test func nothingAnsweringIsOneSentenceNamingTheAddress() async throws {
        let bus = SimulatedI2CBus()
        let driver = HD44780Display(
            device: bus.device(at: 0x3F), size: .size16x2, sleep: { _ in })
        do {
            try await driver.setPower(.on)
            Issue.record("a missing LCD took the power change")
        } catch let error as SmallDisplayError {
            #expect(error.location == "0x3f on the simulated bus")
            #expect(error.description.hasPrefix("Nothing answers at 0x3f on the simulated bus"))
        }
    }
}
