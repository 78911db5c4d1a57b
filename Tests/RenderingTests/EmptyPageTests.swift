import KioskCore
import Testing

@testable import Rendering

/// The page a new owner sees first says what the kiosk lacks: a favourite, and a station.
@Suite struct EmptyPageTests {
    static let sizes = [PixelSize(width: 320, height: 240), PixelSize(width: 800, height: 480)]

    @Test(arguments: sizes)
    func withoutAStationThePageSaysHowPressureIsShown(_ size: PixelSize) throws {
        var model = DemoData.model(page: .empty)
        model.hasStation = false
        let texts = try renderer.render(model, size: size).texts.map(\.text).joined(separator: " ")
        #expect(texts.contains("No station set"))
        #expect(texts.contains("at station level (see doctor)."))
        #expect(texts.contains("city add"))
    }

    @Test(arguments: sizes)
    func withAStationThePageSaysNothingAboutIt(_ size: PixelSize) throws {
        let model = DemoData.model(page: .empty)
        let texts = try renderer.render(model, size: size).texts.map(\.text).joined(separator: " ")
        #expect(!texts.contains("No station"))
    }

    /// The command of a kiosk started with `swift run` and `--config` (issue 28 point 1):
    /// long enough that it used to be dropped, leaving only "$ ssh …".
    static let longCommand =
        "sudo /work/src/weather-kiosk/.build/x86_64-unknown-linux-gnu/debug/weather-kiosk --config /home/ann/kiosk/config.toml city add Rome"

    @Test(arguments: everySize)
    func theCommandIsNeverDroppedAndStaysReadable(_ size: PixelSize) throws {
        var model = DemoData.model(page: .empty)
        model.host = HostInfo(
            name: "vm", addresses: ["192.0.2.2", "fd00::2"], addCityCommand: Self.longCommand)
        model.hasStation = false
        let texts = try renderer.render(model, size: size).texts
        let prompts = texts.filter { $0.text == "$ " || $0.text == "$" }
        _ = prompts
        #expect(texts.contains { $0.text == "ssh 192.0.2.2" }, "\(size): \(texts.map(\.text))")
        // The command's lines follow the ssh line, in order.
        guard let start = texts.firstIndex(where: { $0.text.hasPrefix("sudo") }) else {
            Issue.record("\(size): no command: \(texts.map(\.text))")
            return
        }
        let lines = texts[start...].prefix {
            !$0.text.hasPrefix("vm:") && !$0.text.hasPrefix("No station")
        }
        let words = lines.map(\.text).joined(separator: " ").split(separator: " ")
        let expected = Self.longCommand.split(separator: " ")
        #expect(words.count == expected.count, "\(size): \(words)")
        for (word, wanted) in zip(words, expected) {
            if word.contains("…") {
                // Only the path is shortened, in the middle, keeping its end.
                #expect(wanted.hasPrefix("/work/src/"), "\(size): \(word)")
                let parts = word.split(separator: "…", omittingEmptySubsequences: false)
                #expect(wanted.hasPrefix(parts[0]) && wanted.hasSuffix(parts[1]), "\(word)")
                #expect(parts[1].hasSuffix("/debug/weather-kiosk"), "\(size): \(word)")
            } else {
                #expect(word == wanted, "\(size)")
            }
        }
        for line in lines {
            #expect(line.size >= 10, "\(size): \"\(line.text)\" is \(line.size) px")
        }
        if !size.isPortrait && size.width >= 800 {
            #expect(!words.contains { $0.contains("…") }, "\(size): room for the whole path")
            #expect(lines.allSatisfy { $0.size >= 13 }, "\(size): readable from a metre")
        }
    }

    @Test func aPathIsShortenedInTheMiddleToTheLengthAsked() {
        let path = "/work/src/weather-kiosk/.build/x86_64-unknown-linux-gnu/debug/weather-kiosk"
        for length in [12, 20, 30, 40, 60] {
            let short = CommandWrap.shortenedInTheMiddle(path, to: length)
            #expect(short.count == length, "\(short)")
            #expect(short.contains("…"))
            let parts = short.split(separator: "…", omittingEmptySubsequences: false)
            #expect(path.hasPrefix(parts[0]) && path.hasSuffix(parts[1]), "\(short)")
        }
        #expect(
            CommandWrap.shortenedInTheMiddle(path, to: 40)
                == "/work/src/weather-k…/debug/weather-kiosk")
        #expect(CommandWrap.shortenedInTheMiddle("short", to: 40) == "short")
        let wrapped = CommandWrap("sudo weather-kiosk city add Rome", columns: 14)
        #expect(wrapped.lines == ["sudo", "weather-kiosk", "city add Rome"])
        #expect(!wrapped.shortened)
        #expect(CommandWrap.words("a '/x y/z' b") == ["a", "'/x y/z'", "b"])
    }
}
