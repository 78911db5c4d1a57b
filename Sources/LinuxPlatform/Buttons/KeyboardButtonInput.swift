import Glibc
public import KioskCore

/// The terminal's keyboard as buttons (the simulator board's default). Puts a terminal into
/// raw mode while events are read and restores it when they end; also reads a pipe, which
/// tests use. A tap is a press and a release at once; a hold key presses the button and
/// releases it after the long-press time (plus a margin), so the long press is real.
public final class KeyboardButtonInput: ButtonInput {
    /// The keys, for people.
    public let summary = TerminalKeyDecoder.help

    private let descriptor: Int32
    private let hold: Duration
    private let handleSignals: Bool
    private let wake = WakeSignal()

    /// Reads keys from `descriptor` (standard input by default). `settings` gives the
    /// long-press time that a hold key lasts past. With `handleSignals` (a command), a
    /// signal restores the terminal and ends the process; the daemon passes false and
    /// restores the terminal in its own graceful shutdown.
    public init(settings: ButtonSettings, descriptor: Int32 = 0, handleSignals: Bool = true) {
        self.descriptor = descriptor
        self.handleSignals = handleSignals
        hold = .milliseconds(settings.longPressMilliseconds + 100)
    }

    deinit { wake.raise() }

    /// Edges as keys arrive, from a thread of its own; `ended` after q, Ctrl-D or the end
    /// of input. The terminal is in raw mode until then.
    public func events() -> AsyncStream<ButtonInputEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: ButtonInputEvent.self)
        let wake = wake
        continuation.onTermination = { _ in wake.raise() }
        let reader = KeyReader(
            descriptor: descriptor, hold: hold, handleSignals: handleSignals, wake: wake,
            continuation: continuation)
        do {
            try startThread(named: "the terminal") { reader.run() }
        } catch {
            continuation.yield(.problem(error.message))
            continuation.finish()
        }
        return stream
    }
}

private struct KeyReader: Sendable {
    let descriptor: Int32
    let hold: Duration
    let handleSignals: Bool
    let wake: WakeSignal
    let continuation: AsyncStream<ButtonInputEvent>.Continuation

    func run() {
        TerminalMode.enterRaw(descriptor, handleSignals: handleSignals)
        defer {
            TerminalMode.restore()
            continuation.finish()
        }
        var decoder = TerminalKeyDecoder()
        var releases: [ButtonName: MonotonicInstant] = [:]
        var buffer = [UInt8](repeating: 0, count: 256)
        // After q or the end of input, held buttons are still let go of at their time.
        var inputEnded = false
        while !wake.isRaised {
            let now = MonotonicClock.now()
            for (button, due) in releases where due <= now {
                releases[button] = nil
                yield(button, pressed: false, "hold key")
            }
            if inputEnded && releases.isEmpty {
                continuation.yield(.ended)
                return
            }
            let timeout =
                releases.values.min().map { due in
                    Int32(clamping: max(due.duration(since: now).wholeMilliseconds, 1))
                } ?? -1
            let watched = inputEnded ? [wake.descriptor] : [descriptor, wake.descriptor]
            guard let ready = waitReadable(watched, timeout: timeout) else {
                continuation.yield(
                    .problem(
                        DeviceError("read keys from", device: "the terminal", errorNumber: errno)
                            .message))
                return
            }
            guard !inputEnded, ready[0].revents != 0 else { continue }
            let count = retryingInterrupts { read(descriptor, &buffer, buffer.count) }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { continue }
            guard count > 0 else {
                inputEnded = true
                continue
            }
            for key in decoder.decode(buffer[0..<count]) where !inputEnded {
                switch key {
                case .quit:
                    inputEnded = true
                case .tap(let button):
                    guard releases[button] == nil else { continue }
                    yield(button, pressed: true, "key")
                    yield(button, pressed: false, "key")
                case .hold(let button):
                    guard releases[button] == nil else { continue }
                    yield(button, pressed: true, "hold key")
                    releases[button] = MonotonicClock.now().advanced(by: hold)
                }
            }
        }
    }

    private func yield(_ button: ButtonName, pressed: Bool, _ source: String) {
        continuation.yield(
            .edge(
                ButtonEdge(
                    button: button, isPressed: pressed, time: MonotonicClock.now(), source: source))
        )
    }
}

extension Duration {
    /// Whole milliseconds, rounded up.
    var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    }
}
