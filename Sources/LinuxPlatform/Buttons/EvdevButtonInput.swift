import CLinux
import Glibc
public import KioskCore
import Synchronization

/// Buttons on a Linux input device: the gpio-key overlay, a USB keypad, an IR remote. The
/// device is found by name or path; key codes map to buttons. When it disappears (unplugged)
/// held buttons are released, and the reader waits for it to come back (inotify on
/// /dev/input, with a back-off timer as a safety net), then carries on.
public final class EvdevButtonInput: ButtonInput {
    /// The device as found at start.
    public let device: InputDevice
    /// "next = KEY_RIGHT (106), … on "gpio_keys" (/dev/input/event0)".
    public let summary: String

    private let settings: ButtonSettings
    private let directory: String
    private let wake = WakeSignal()
    /// The open device, handed to the reader thread by `events()`.
    /// Invariant: one owner at a time: this mutex until `events()`, then the thread.
    private let pending: Mutex<Int32>

    /// Finds and opens the device.
    /// - Throws: `DeviceError`: no such device (with the devices there are), no permission
    ///   (group input).
    public init(settings: ButtonSettings, inputDirectory: String = "/dev/input") throws(DeviceError)
    {
        self.settings = settings
        directory = inputDirectory
        let (descriptor, device) = try InputDevices.open(settings, directory: inputDirectory)
        _ = CLinux_inputUseMonotonicClock(descriptor)
        self.device = device
        pending = Mutex(descriptor)
        let keys = settings.wiredButtons.map { button in
            let code = settings.keys[button] ?? 0
            return "\(button.rawValue) = \(InputKeyCode.name(code)) (\(code))"
        }
        summary = keys.joined(separator: ", ") + " on \(device)"
    }

    deinit {
        wake.raise()
        pending.withLock { descriptor in
            if descriptor >= 0 { close(descriptor) }
            descriptor = -1
        }
    }

    /// Edges as they happen, from a thread of its own; ends its work when cancelled.
    public func events() -> AsyncStream<ButtonInputEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: ButtonInputEvent.self)
        let descriptor = pending.withLock { descriptor in
            defer { descriptor = -1 }
            return descriptor
        }
        let wake = wake
        continuation.onTermination = { _ in wake.raise() }
        let reader = EvdevReader(
            settings: settings, directory: directory, device: device, wake: wake,
            continuation: continuation)
        do {
            try startThread(named: device.path) { reader.run(descriptor) }
        } catch {
            if descriptor >= 0 { close(descriptor) }
            continuation.yield(.problem(error.message))
            continuation.finish()
        }
        return stream
    }
}

private struct EvdevReader: Sendable {
    let settings: ButtonSettings
    let directory: String
    let device: InputDevice
    let wake: WakeSignal
    let continuation: AsyncStream<ButtonInputEvent>.Continuation

    func run(_ initial: Int32) {
        var descriptor = initial
        var tracker = EvdevKeyTracker(keys: settings.keys)
        var decoder = InputEventDecoder()
        var backoff = RetryBackoff()
        let watch = DirectoryWatch(directory)
        resynchronize(descriptor, &tracker)
        var buffer = [UInt8](repeating: 0, count: InputEventDecoder.eventSize * 64)
        while !wake.isRaised {
            if descriptor < 0 {
                let wait = min(backoff.next(), 5000)
                _ = waitReadable(
                    [watch.descriptor, wake.descriptor].filter { $0 >= 0 }, timeout: wait)
                watch.drain()
                if wake.isRaised { break }
                do throws(DeviceError) {
                    let opened = try InputDevices.open(settings, directory: directory)
                    descriptor = opened.descriptor
                    _ = CLinux_inputUseMonotonicClock(descriptor)
                    decoder = InputEventDecoder()
                    backoff.reset()
                    continuation.yield(.recovered("Input device \(opened.device) is back."))
                    resynchronize(descriptor, &tracker)
                } catch {
                    continue
                }
            }
            guard let ready = waitReadable([descriptor, wake.descriptor], timeout: -1) else {
                disappeared(&descriptor, &tracker, errno)
                continue
            }
            guard ready[0].revents != 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { raw in
                retryingInterrupts { read(descriptor, raw.baseAddress, raw.count) }
            }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { continue }
            guard count > 0 else {
                disappeared(&descriptor, &tracker, count == 0 ? ENODEV : errno)
                continue
            }
            for outcome in tracker.handle(decoder.decode(buffer[0..<count])) {
                switch outcome {
                case .edge(let edge):
                    continuation.yield(.edge(edge.withPlausibleTime()))
                case .needsResynchronization:
                    resynchronize(descriptor, &tracker)
                }
            }
        }
        if descriptor >= 0 { close(descriptor) }
        continuation.finish()
    }

    /// Brings the buttons to the device's real key state (at start, after SYN_DROPPED).
    private func resynchronize(_ descriptor: Int32, _ tracker: inout EvdevKeyTracker) {
        guard let held = InputDevices.heldKeys(of: descriptor) else { return }
        for edge in tracker.resynchronize(pressedCodes: held, at: MonotonicClock.now()) {
            continuation.yield(.edge(edge))
        }
    }

    private func disappeared(
        _ descriptor: inout Int32, _ tracker: inout EvdevKeyTracker, _ code: Int32
    ) {
        close(descriptor)
        descriptor = -1
        for edge in tracker.resynchronize(pressedCodes: [], at: MonotonicClock.now()) {
            continuation.yield(.edge(edge))
        }
        continuation.yield(
            .problem(
                "Cannot read \(device): \(systemMessage(code)) (unplugged?); waiting for it to come back."
            ))
    }
}

extension ButtonEdge {
    /// The edge with its kernel time checked against the monotonic clock.
    fileprivate func withPlausibleTime() -> ButtonEdge {
        var edge = self
        edge.time = KernelTimestamp.plausible(time, now: MonotonicClock.now())
        return edge
    }
}

/// inotify on a directory: readable when entries are created or change (a device node
/// appears, udev fixes its permissions).
private final class DirectoryWatch: Sendable {
    let descriptor: Int32

    init(_ directory: String) {
        let descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        if descriptor >= 0 {
            _ = inotify_add_watch(
                descriptor, directory, UInt32(IN_CREATE | IN_ATTRIB | IN_MOVED_TO))
        }
        self.descriptor = descriptor
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Reads away the pending notifications.
    func drain() {
        guard descriptor >= 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while read(descriptor, &buffer, buffer.count) > 0 {}
    }
}
