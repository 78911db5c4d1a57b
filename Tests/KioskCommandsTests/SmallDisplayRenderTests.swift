import FoundationEssentials
import KioskCommands
import KioskControl
import KioskCore
import KioskTesting
import Rendering
import Synchronization
import Testing

/// The bytes of a file, or nil.
private func fileBytes(_ path: String) -> [UInt8]? {
    (try? Data(contentsOf: URL(fileURLWithPath: path))).map { [UInt8]($0) }
}

/// `render` for LCDs and OLEDs: pictures of the module and terminal text.
@Suite struct SmallDisplayRenderTests {
    private func run(
        _ request: RenderCommands.Request, config: String = ""
    ) throws -> (RenderCommandTests.Recorder, TemporaryDirectory) {
        let directory = TemporaryDirectory()
        let store = RenderCommandTests.writeConfig(directory, extra: config)
        let recorder = RenderCommandTests.Recorder()
        try RenderCommands(store: store, console: recorder.console).render(
            request, now: DemoData.now)
        return (recorder, directory)
    }

    @Test func anLCDPageIsAPictureOfTheModule() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let output = directory.file("lcd.png")
        let (recorder, configDirectory) = try run(
            RenderCommands.Request(
                page: .city, demo: true, output: output, display: .hd44780,
                characterSize: .size20x4))
        defer { configDirectory.remove() }
        let image = try PNGCodec.decode(try #require(fileBytes(output)))
        let frame = CharacterPageLayout(size: .size20x4).frame(
            for: DemoData.model(page: .city))
        #expect(image == SmallDisplayImage.characterLCD(frame))
        #expect(
            recorder.errors.withLock { $0 }
                == "Wrote the city page of Rome as a 20x4 HD44780 LCD shows it to \(output).\n")
    }

    @Test func theConfiguredLCDIsTheDefaultAndItsStepsAreNamed() throws {
        let (recorder, directory) = try run(
            RenderCommands.Request(page: .city, demo: true, terminal: true, step: 2),
            config: "[display]\nkind = \"hd44780\"\n")
        defer { directory.remove() }
        #expect(
            recorder.output.withLock { $0 }
                == """
                ┌────────────────┐
                │Feels 18° RH 62%│
                │Wind 11 km/h SW │
                └────────────────┘
                step 2 of 3; --step N shows another

                """)
    }

    @Test(arguments: [(DisplayKind.ssd1306, 32), (.sh1106, 64)])
    func anOLEDPageIsTheRenderersBitmap(kind: DisplayKind, height: Int) throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let output = directory.file("oled.png")
        let size = PixelSize(width: 128, height: height)
        let (recorder, configDirectory) = try run(
            RenderCommands.Request(
                page: .indoor, size: size, demo: true, output: output, display: kind, scale: 1))
        defer { configDirectory.remove() }
        let image = try PNGCodec.decode(try #require(fileBytes(output)))
        let bitmap = try PageRenderer().renderBitmap(DemoData.model(page: .indoor), size: size)
        #expect(MonochromeBitmap(image) == bitmap)
        #expect(
            recorder.errors.withLock { $0 }.contains(
                "as a \(size) \(kind.rawValue.uppercased()) OLED shows it"))
    }

    @Test func anOLEDInTheTerminalIsBraille() throws {
        let (recorder, directory) = try run(
            RenderCommands.Request(page: .city, demo: true, terminal: true, display: .ssd1306))
        defer { directory.remove() }
        let lines = recorder.output.withLock { $0 }.split(separator: "\n")
        #expect(lines.count == 16)
        #expect(lines.allSatisfy { $0.unicodeScalars.count == 64 })
        #expect(lines.joined().unicodeScalars.allSatisfy { (0x2800...0x28FF).contains($0.value) })
    }

    @Test(arguments: [
        (
            RenderCommands.Request(
                demo: true, output: "/tmp/unused.png", display: .hd44780,
                characterSize: CharacterGridSize(columns: 24, rows: 2)),
            "An hd44780 display is 16x2, 20x2, 16x4, 20x4, 40x2 characters, not 24x2; say which with --size, such as --size 20x4."
        ),
        (
            RenderCommands.Request(
                page: .city, demo: true, output: "/tmp/unused.png", display: .hd44780, step: 4),
            "The city page takes 3 steps on a 16x2 HD44780 LCD: --step takes 1 to 3, not 4."
        ),
        (
            RenderCommands.Request(
                size: PixelSize(width: 128, height: 32), demo: true, output: "/tmp/unused.png",
                display: .sh1106),
            "An sh1106 display is 128x64 pixels, not 128x32; say which with --size."
        ),
        (
            RenderCommands.Request(demo: true, framebuffer: "/dev/fb0", display: .ssd1306),
            "An ssd1306 display is not a framebuffer: draw it with -o FILE.png or --terminal."
        ),
        (
            RenderCommands.Request(
                demo: true, output: "/tmp/unused.png", display: .png, characterSize: .size16x2),
            "--size 16x2 is an LCD's size in characters; a png page takes WIDTHxHEIGHT in pixels (16 to 8192), or add --display hd44780."
        ),
    ])
    func requestsTheDisplayDoesNotHaveAreUsageErrors(
        request: RenderCommands.Request, message: String
    ) throws {
        do {
            _ = try run(request)
            Issue.record("the request was accepted")
        } catch let failure as CommandFailure {
            #expect(failure.exitCode == CommandFailure.usage)
            #expect(failure.message == message)
        }
    }
}
