import Glibc
import KioskCommands
import KioskControl
import KioskCore
import KioskDaemon
import KioskTesting
import LinuxPlatform
import Testing

/// The watcher over the real keyboard input on a pipe: keys in, gestures out, with the
/// long press reported while the button is still held (the watcher sleeps until it is due).
@Suite struct ButtonWatcherTests {
    @Test func keysThroughThePipeBecomeGestures() async {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        var settings = ButtonSettings()
        settings.backend = .keyboard
        settings.longPressMilliseconds = 150
        let input = KeyboardButtonInput(settings: settings, descriptor: ends[0])
        let watcher = ButtonWatcher(
            input: input, settings: settings.gestureSettings, time: SystemTimeSource())
        let text = Array("n\rS".utf8)
        _ = text.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        var gestures: [ButtonGesture] = []
        for await report in watcher.reports() {
            if case .gesture(let gesture, _) = report { gestures.append(gesture) }
        }
        close(ends[0])
        #expect(
            gestures.map { "\($0.button.rawValue) \($0.kind.rawValue)" } == [
                "next press", "next short", "next release",
                "select press", "select short", "select release",
                "select press", "select long", "select release",
            ])
        // The long press came at the long-press time after its press, before the release.
        let hold = gestures.suffix(3).map(\.time)
        #expect(hold[1].duration(since: hold[0]) == .milliseconds(150))
        #expect(hold[2] > hold[1])
    }

    @Test func cancellingTheConsumerEndsTheWatcherWhileTheInputIsOpen() async {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        var settings = ButtonSettings()
        settings.backend = .keyboard
        let watcher = ButtonWatcher(
            input: KeyboardButtonInput(settings: settings, descriptor: ends[0]),
            settings: settings.gestureSettings, time: SystemTimeSource())
        let (progress, step) = AsyncStream.makeStream(of: Int.self)
        let consumer = Task {
            var count = 0
            for await _ in watcher.reports() {
                count += 1
                step.yield(count)
            }
            step.finish()
            return count
        }
        _ = write(ends[1], "n", 1)  // a short press: press, short, release
        for await count in progress where count == 3 { break }
        consumer.cancel()
        // The pipe stays open: only the cancellation can end the loop.
        #expect(await consumer.value == 3)
    }

    /// Edges from a test, at the manual clock's instants.
    struct ScriptedInput: ButtonInput {
        let stream: AsyncStream<ButtonInputEvent>
        var summary: String { "scripted" }
        func events() -> AsyncStream<ButtonInputEvent> { stream }
    }

    @Test func theLongPressWaitsOnTheInjectedClock() async {
        let time = ManualTimeSource()
        let (edges, edge) = AsyncStream.makeStream(of: ButtonInputEvent.self)
        var settings = ButtonSettings()
        settings.backend = .keyboard  // no debounce: the press is reported at once
        settings.longPressMilliseconds = 800
        let watcher = ButtonWatcher(
            input: ScriptedInput(stream: edges), settings: settings.gestureSettings, time: time)
        var reports = watcher.reports().makeAsyncIterator()
        let pressedAt = time.now().monotonic
        edge.yield(.edge(ButtonEdge(button: .select, isPressed: true, time: pressedAt)))
        #expect(
            await reports.next()
                == .gesture(ButtonGesture(.select, .press, at: pressedAt), source: ""))
        // The watcher sleeps on the manual clock until the long press is due: no real time
        // passes, and nothing comes until the clock is moved.
        for _ in 0..<100_000 where time.sleeperCount == 0 { await Task.yield() }
        #expect(time.nextDeadline == pressedAt.advanced(by: .milliseconds(800)))
        time.advance(bySeconds: 0.8)
        guard case .gesture(let long, _)? = await reports.next() else {
            Issue.record("no long press")
            return
        }
        #expect(long.kind == .long)
        #expect(long.time == pressedAt.advanced(by: .milliseconds(800)))
        edge.finish()
    }

    @Test func noneBackendIsAUsageError() {
        var settings = ButtonSettings()
        settings.backend = .none
        #expect {
            _ = try ButtonCommands.input(for: settings)
        } throws: { error in
            (error as? CommandFailure)?.exitCode == CommandFailure.usage
        }
    }
}
