import Glibc
import KioskCore
import LinuxPlatform
import Testing

@Suite struct KeyboardInputTests {
    @Test(arguments: [
        ("\u{1B}[C", [TerminalKeyDecoder.Key.tap(.next)]),
        ("\u{1B}OD", [.tap(.previous)]),
        ("\r\n \n", [.tap(.select), .tap(.select), .tap(.select)]),
        ("\u{1B}[1;2C\u{1B}[1;2D", [.hold(.next), .hold(.previous)]),
        ("nps", [.tap(.next), .tap(.previous), .tap(.select)]),
        ("NPS", [.hold(.next), .hold(.previous), .hold(.select)]),
        ("\u{1B}[A\u{1B}[15~x\u{1B}x", []),  // up, F5, other letters, a lone escape
        ("q", [.quit]),
        ("\u{04}", [.quit]),
    ])
    func keys(text: String, expected: [TerminalKeyDecoder.Key]) {
        var decoder = TerminalKeyDecoder()
        #expect(decoder.decode(Array(text.utf8)) == expected)
    }

    @Test func escapeSequenceSplitAcrossReads() {
        var decoder = TerminalKeyDecoder()
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.decode(Array("[1;".utf8)) == [])
        #expect(decoder.decode(Array("2Cn".utf8)) == [.hold(.next), .tap(.next)])
    }

    @Test func pipedKeysBecomeEdgesAndAHoldLastsPastTheLongPress() async {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        var settings = ButtonSettings()
        settings.longPressMilliseconds = 100
        let input = KeyboardButtonInput(settings: settings, descriptor: ends[0])
        writeAll(ends[1], Array("n\u{1B}[1;2D".utf8))
        close(ends[1])  // end of input: the hold still ends at its time, then the stream ends
        var events: [ButtonInputEvent] = []
        for await event in input.events() { events.append(event) }
        close(ends[0])
        #expect(
            edgeText(events) == [
                "next pressed", "next released", "previous pressed", "previous released",
            ])
        #expect(events.last == .ended)
        let times = events.compactMap { event -> MonotonicInstant? in
            guard case .edge(let edge) = event, edge.button == .previous else { return nil }
            return edge.time
        }
        #expect(times.count == 2)
        #expect(times[1].duration(since: times[0]) >= .milliseconds(200))
    }
}
