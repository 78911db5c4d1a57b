import Glibc
import KioskCore
import KioskTesting
import LinuxPlatform
import Testing

/// The evdev input end to end on a FIFO standing in for /dev/input/eventN: recorded bytes
/// in, edges out; the writer going away is the device being unplugged.
@Suite struct EvdevInputTests {
    private func press(_ code: UInt16, _ value: Int32) -> [UInt8] {
        InputEvent(time: MonotonicClock.now(), type: 1, code: code, value: value).bytes
            + InputEvent(time: MonotonicClock.now(), type: 0, code: 0, value: 0).bytes
    }

    @Test func survivesTheDeviceGoingAndComingBack() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("event7")
        #expect(mkfifo(path, 0o600) == 0)
        var settings = ButtonSettings()
        settings.backend = .evdev
        settings.device = path
        let input = try EvdevButtonInput(settings: settings, inputDirectory: directory.path)
        #expect(input.summary.hasSuffix("on \(path)"))
        let events = input.events()
        var writer = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        #expect(writer >= 0)
        writeAll(writer, press(106, 1))
        writeAll(writer, press(106, 2))
        close(writer)  // unplugged while KEY_RIGHT is down
        var iterator = events.makeAsyncIterator()
        var seen: [ButtonInputEvent] = []
        while seen.count < 3, let event = await iterator.next() { seen.append(event) }
        #expect(edgeText(seen) == ["next pressed", "next released"])
        guard case .problem(let sentence)? = seen.last else {
            Issue.record("expected a problem, got \(seen)")
            return
        }
        #expect(sentence.contains(path) && sentence.contains("waiting for it to come back"))
        // The reader opens the device again (after its back-off); then it can be written.
        guard case .recovered(let back)? = await iterator.next() else {
            Issue.record("expected the device back")
            return
        }
        #expect(back.contains(path))
        writer = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        #expect(writer >= 0)
        writeAll(writer, press(28, 1) + press(28, 0))
        var after: [ButtonInputEvent] = []
        while after.count < 2, let event = await iterator.next() { after.append(event) }
        #expect(edgeText(after) == ["select pressed", "select released"])
        close(writer)
    }

    @Test func missingDeviceNamesTheDevicesThereAre() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var settings = ButtonSettings()
        settings.backend = .evdev
        settings.device = "gpio_keys"
        #expect {
            try EvdevButtonInput(settings: settings, inputDirectory: directory.path)
        } throws: { error in
            (error as? DeviceError)?.message
                == "No input device is named \"gpio_keys\" (buttons.device); there is no input device in \(directory.path); plug the device in, or for buttons on GPIO lines load the gpio-key overlay."
        }
        // Files that are not input devices are listed by path, without a name.
        directory.write("event3", "")
        #expect {
            try EvdevButtonInput(settings: settings, inputDirectory: directory.path)
        } throws: { error in
            (error as? DeviceError)?.message.contains(
                "the input devices here are \(directory.path)/event3; set buttons.device to one of these names"
            )
                == true
        }
    }

    @Test func explicitPathThatDoesNotExist() throws {
        var settings = ButtonSettings()
        settings.device = "/nonexistent/event9"
        #expect {
            try EvdevButtonInput(settings: settings)
        } throws: { error in
            (error as? DeviceError)?.message
                == "Cannot open /nonexistent/event9: no such file or directory; check buttons.device; `ls /dev/input/by-id` shows stable names."
        }
    }
}
