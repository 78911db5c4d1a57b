import FoundationEssentials
import KioskCommands
import KioskConfig
import KioskCore
import KioskTesting
import Rendering
import Synchronization
import Testing

/// `render`'s notes on standard error speak the page's language (issue 33), as the page
/// itself does.
@Suite struct RenderLanguageTests {
    @Test func theNotesOfAPageAndOfAnLCDAreInTheConfigsLanguage() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = RenderCommandTests.writeConfig(directory, extra: "language = \"it\"")
        try RenderCommandTests.cacheRome(directory, now: DemoData.now, age: 300)
        let recorder = RenderCommandTests.Recorder()
        let output = directory.file("page.png")
        try RenderCommands(store: store, console: recorder.console).render(
            RenderCommands.Request(
                page: .city, size: PixelSize(width: 480, height: 320), output: output),
            now: DemoData.now)
        #expect(
            recorder.errors.withLock { $0 }
                == "Scritto in \(output): la pagina city di Rome (480x320, dark).\n")

        let lcd = RenderCommandTests.Recorder()
        let picture = directory.file("lcd.png")
        try RenderCommands(store: store, console: lcd.console).render(
            RenderCommands.Request(
                page: .city, demo: true, output: picture, display: .hd44780,
                characterSize: .size20x4), now: DemoData.now)
        #expect(
            lcd.errors.withLock { $0 }.hasPrefix(
                "Scritto in \(picture): la pagina city di "),
            "\(lcd.errors.withLock { $0 })")
        #expect(
            lcd.errors.withLock { $0 }.hasSuffix(", come la mostra un LCD HD44780 20x4.\n"),
            "\(lcd.errors.withLock { $0 })")
    }
}
