import CLinux
import Glibc
import KioskCore
import LinuxPlatform
import Testing

@Suite struct EvdevDecodingTests {
    private let keypad = fixture("keypad-right-held-enter-tapped.events")

    @Test func eventLayoutMatchesTheKernelHeader() {
        #expect(CLinux_inputEventSize() == Int32(InputEventDecoder.eventSize))
        let event = InputEvent(
            time: MonotonicInstant(nanoseconds: 1_000_000_100_000), type: 1, code: 106, value: 1)
        #expect(Array(keypad[24..<48]) == event.bytes)
    }

    @Test func recordedKeypadStreamDecodes() {
        var decoder = InputEventDecoder()
        let events = decoder.decode(keypad)
        #expect(events.count == 15)
        #expect(decoder.leftover == 0)
        #expect(
            events[0]
                == InputEvent(
                    time: .init(nanoseconds: 1_000_000_100_000), type: 4, code: 4, value: 0x7004F))
        #expect(events[3] == InputEvent(time: ms(1_000_500), type: 1, code: 106, value: 2))
        #expect(events[7] == InputEvent(time: ms(1_000_600), type: 1, code: 106, value: 0))
        #expect(events.filter { $0.type == 0 }.count == 7)
    }

    @Test(arguments: [1, 5, 7, 23, 24, 25, 100])
    func chunksCutAnywhereDecodeTheSame(chunk: Int) {
        var whole = InputEventDecoder()
        let expected = whole.decode(keypad)
        var decoder = InputEventDecoder()
        var events: [InputEvent] = []
        var offset = 0
        while offset < keypad.count {
            let end = min(offset + chunk, keypad.count)
            events += decoder.decode(keypad[offset..<end])
            offset = end
        }
        #expect(events == expected)
        #expect(decoder.leftover == 0)
    }

    @Test func keypadStreamFromAPipeGivesPressesAndReleases() async {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let (readEnd, writeEnd) = (ends[0], ends[1])
        let bytes = keypad
        writeAll(writeEnd, Array(bytes[0..<50]))  // a read that ends inside an event
        var decoder = InputEventDecoder()
        var tracker = EvdevKeyTracker(keys: ButtonSettings().keys)
        var outcomes: [EvdevKeyTracker.Outcome] = []
        var buffer = [UInt8](repeating: 0, count: 512)
        var count = read(readEnd, &buffer, buffer.count)
        outcomes += tracker.handle(decoder.decode(buffer[0..<count]))
        writeAll(writeEnd, Array(bytes[50...]))
        close(writeEnd)
        while true {
            count = read(readEnd, &buffer, buffer.count)
            if count <= 0 { break }
            outcomes += tracker.handle(decoder.decode(buffer[0..<count]))
        }
        close(readEnd)
        #expect(
            outcomes == [
                .edge(
                    ButtonEdge(
                        button: .next, isPressed: true, time: .init(nanoseconds: 1_000_000_100_000),
                        source: "KEY_RIGHT (106)")),
                // The two autorepeats (value 2) only say it is still held.
                .edge(
                    ButtonEdge(
                        button: .next, isPressed: false, time: ms(1_000_600),
                        source: "KEY_RIGHT (106)")),
                .edge(
                    ButtonEdge(
                        button: .select, isPressed: true, time: ms(1_001_000),
                        source: "KEY_ENTER (28)")),
                .edge(
                    ButtonEdge(
                        button: .select, isPressed: false, time: ms(1_001_100),
                        source: "KEY_ENTER (28)")),
                // KEY_A is no button.
            ])
    }

    @Test func autorepeatOfAKeyHeldBeforeWeStartedIsAPress() {
        var tracker = EvdevKeyTracker(keys: [.previous: 105])
        let outcomes = tracker.handle([
            InputEvent(time: ms(5), type: 1, code: 105, value: 2),
            InputEvent(time: ms(6), type: 1, code: 105, value: 2),
            InputEvent(time: ms(9), type: 1, code: 105, value: 0),
        ])
        #expect(outcomes.count == 2)
        #expect(
            outcomes.first
                == .edge(
                    ButtonEdge(
                        button: .previous, isPressed: true, time: ms(5), source: "KEY_LEFT (105)")))
    }

    @Test func synDroppedSkipsToTheNextReportAndAsksForTheRealState() {
        var decoder = InputEventDecoder()
        var tracker = EvdevKeyTracker(keys: ButtonSettings().keys)
        let events = decoder.decode(fixture("syn-dropped.events"))
        let outcomes = tracker.handle(events)
        #expect(
            outcomes == [
                .edge(
                    ButtonEdge(
                        button: .previous, isPressed: true, time: ms(2_000_000),
                        source: "KEY_LEFT (105)")),
                .needsResynchronization,
            ])
        // EVIOCGKEY says: KEY_LEFT is up, KEY_ENTER is down.
        let resynchronized = tracker.resynchronize(pressedCodes: [28], at: ms(2_000_001))
        #expect(
            resynchronized.map { "\($0.button.rawValue) \($0.isPressed)" } == [
                "select true", "previous false",
            ])
        // Events after the report are trusted again.
        let after = tracker.handle([InputEvent(time: ms(2_000_050), type: 1, code: 28, value: 0)])
        #expect(
            after == [
                .edge(
                    ButtonEdge(
                        button: .select, isPressed: false, time: ms(2_000_050),
                        source: "KEY_ENTER (28)"))
            ])
    }

    @Test func deviceGoneReleasesEveryHeldButton() {
        var tracker = EvdevKeyTracker(keys: ButtonSettings().keys)
        _ = tracker.handle([
            InputEvent(time: ms(1), type: 1, code: 106, value: 1),
            InputEvent(time: ms(1), type: 1, code: 28, value: 1),
        ])
        let released = tracker.resynchronize(pressedCodes: [], at: ms(2))
        #expect(released.map(\.isPressed) == [false, false])
        #expect(Set(released.map(\.button)) == [.next, .select])
    }

    @Test(
        arguments: [
            (1000, 1000, 1000),  // now
            (999, 1000, 999),  // a millisecond old: the kernel's time
            (1003, 1000, 1000),  // a hair in the future (clock granularity): now
            (1000 - 10_000, 1000, 1000 - 10_000),  // ten seconds old: still plausible
            (1000 - 10_001, 1000, 1000),  // older: another clock, use now
            (1_700_000_000_000, 1000, 1000),  // the wall clock: use now
        ] as [(Int64, Int64, Int64)])
    func kernelTimestampsAreCheckedAgainstTheMonotonicClock(
        kernel: Int64, now: Int64, expected: Int64
    ) {
        #expect(KernelTimestamp.plausible(ms(kernel), now: ms(now)) == ms(expected))
    }
}
