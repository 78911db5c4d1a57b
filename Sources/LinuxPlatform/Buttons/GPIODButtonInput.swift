import CGPIODShim
import Glibc
public import KioskCore
import Synchronization

/// Buttons on GPIO lines through libgpiod (1.6 or 2.x): inputs with the configured pull,
/// both edges, kernel debounce where libgpiod 2.x offers it, kernel timestamps. One thread
/// waits on the requests' file descriptors; a read error releases the lines and requests
/// them again with back-off while the rest of the kiosk runs. After a second without
/// events it asks the kernel whether the lines are still there: Linux 6.1 does not wake a
/// waiting `poll` when the chip goes away, it only fails the next call with ENODEV.
public final class GPIODButtonInput: ButtonInput {
    /// The lines, as found at start.
    public let lines: [GPIOLine]
    /// "next = GPIO17 (line 17 of pinctrl-bcm2711), …; libgpiod 1.6.3".
    public let summary: String

    private let settings: ButtonSettings
    private let directory: String
    private let wake = WakeSignal()
    /// The requests made in init, handed to the reader thread by `events()`.
    /// Invariant: only one owner at a time: this mutex until `events()`, then the thread.
    private let pending: Mutex<[LineRequest]>

    /// Finds the lines and requests them.
    /// - Throws: `DeviceError`: chip or line not found (with the chips and their labels),
    ///   line busy (with its holder), no permission (group gpio).
    public init(settings: ButtonSettings, chipDirectory: String = "/dev") throws(DeviceError) {
        self.settings = settings
        directory = chipDirectory
        lines = try GPIOChips.resolve(settings, directory: chipDirectory)
        guard !lines.isEmpty else {
            throw DeviceError(
                device: "buttons",
                message:
                    "No button has a GPIO line: set buttons.next (and previous, select) to a line name such as \"GPIO17\"."
            )
        }
        pending = Mutex(try Self.request(lines, settings))
        let version = String(cString: CGPIOD_libraryVersion())
        summary =
            lines.map { "\($0.button.rawValue) = \($0)" }.joined(separator: ", ")
            + "; pull \(settings.pull.rawValue); libgpiod \(version)"
    }

    deinit {
        wake.raise()
        pending.withLock { requests in
            for request in requests { request.release() }
            requests = []
        }
    }

    /// Edges as they happen, from a thread of its own; ends its work when cancelled.
    public func events() -> AsyncStream<ButtonInputEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: ButtonInputEvent.self)
        let requests = pending.withLock { requests in
            defer { requests = [] }
            return requests
        }
        let reader = Reader(
            lines: lines, settings: settings, directory: directory, wake: wake,
            continuation: continuation)
        let wake = wake
        continuation.onTermination = { _ in wake.raise() }
        do {
            try startThread(named: "the GPIO button reader") { reader.run(requests) }
        } catch {
            for request in requests { request.release() }
            continuation.yield(.problem(error.message))
            continuation.finish()
        }
        return stream
    }

    /// Requests every chip's lines; on failure releases what was requested and explains.
    fileprivate static func request(_ lines: [GPIOLine], _ settings: ButtonSettings)
        throws(DeviceError) -> [LineRequest]
    {
        var requests: [LineRequest] = []
        var byChip: [String: [GPIOLine]] = [:]
        for line in lines { byChip[line.chip.path, default: []].append(line) }
        for path in byChip.keys.sorted() {
            let chipLines = byChip[path] ?? []
            do {
                requests.append(try LineRequest(chipLines, settings))
            } catch {
                for request in requests { request.release() }
                throw error
            }
        }
        return requests
    }
}

/// The lines of one chip, requested. Not thread-safe: one owner at a time (see above).
private struct LineRequest: @unchecked Sendable {
    // @unchecked: wraps a C pointer; the invariant of GPIODButtonInput.pending gives it
    // exactly one owner at a time, and release() is called once by that owner.
    let handle: OpaquePointer
    let lines: [GPIOLine]

    init(_ lines: [GPIOLine], _ settings: ButtonSettings) throws(DeviceError) {
        let chip = lines[0].chip
        var offsets = lines.map { UInt32($0.offset) }
        var errorNumber: Int32 = 0
        let bias: CGPIOD_Bias =
            switch settings.pull {
            case .up: CGPIOD_BIAS_PULL_UP
            case .down: CGPIOD_BIAS_PULL_DOWN
            case .none: CGPIOD_BIAS_DISABLED
            }
        let handle = CGPIOD_requestInputs(
            chip.path, &offsets, offsets.count, bias,
            UInt(settings.debounceMilliseconds) * 1000, "weather-kiosk", &errorNumber)
        guard let handle else {
            let names = lines.map(\.description).joined(separator: ", ")
            switch errorNumber {
            case EBUSY:
                throw DeviceError(
                    device: chip.path,
                    message: GPIOChips.busyMessage(
                        lines, chipPath: chip.path,
                        holders: lines.map { GPIOChips.holder(of: $0.offset, on: chip.path) }))
            case EACCES, EPERM:
                throw DeviceError(
                    "request \(names) on", device: chip.path, errorNumber: errorNumber,
                    hint:
                        "add the user to group gpio (sudo usermod -aG gpio $USER) and log in again")
            default:
                throw DeviceError(
                    "request \(names) on", device: chip.path, errorNumber: errorNumber,
                    hint: "check buttons.pull (bias needs Linux 5.5 or later) and the lines")
            }
        }
        self.handle = handle
        self.lines = lines
    }

    var descriptor: Int32 { CGPIOD_requestFileDescriptor(handle) }

    func release() { CGPIOD_release(handle) }

    /// Current levels as edges at `time`: a button held at start counts as pressed.
    func levels(at time: MonotonicInstant, pressedIsHigh: Bool) -> Result<[ButtonEdge], DeviceError>
    {
        var levels = [Int32](repeating: 0, count: lines.count)
        let status = CGPIOD_readLevels(handle, &levels)
        guard status == 0 else {
            return .failure(
                DeviceError("read the levels of", device: lines[0].chip.path, errorNumber: -status))
        }
        return .success(
            zip(lines, levels).map { line, level in
                ButtonEdge(
                    button: line.button, isPressed: (level != 0) == pressedIsHigh, time: time,
                    source: line.description)
            })
    }

    /// Nil while the lines are there; the error when the kernel says they are not (the
    /// chip was removed: ENODEV). Asks for their levels and drops them.
    func check() -> DeviceError? {
        var levels = [Int32](repeating: 0, count: lines.count)
        let status = CGPIOD_readLevels(handle, &levels)
        guard status != 0 else { return nil }
        let chip = lines[0].chip
        guard -status == ENODEV else {
            return DeviceError("read the levels of", device: chip.path, errorNumber: -status)
        }
        return DeviceError(
            device: chip.path,
            message:
                "The GPIO chip \(chip.path) \"\(chip.label)\" is gone (its driver was unloaded or the device removed); the buttons wait for it to come back."
        )
    }

    /// The edges waiting now.
    func edges(pressedIsHigh: Bool) -> Result<[ButtonEdge], DeviceError> {
        var buffer = [CGPIOD_Edge](repeating: CGPIOD_Edge(), count: 64)
        let count = CGPIOD_readEdges(handle, &buffer, Int32(buffer.count))
        guard count >= 0 else {
            return .failure(
                DeviceError(
                    "read GPIO events from", device: lines[0].chip.path, errorNumber: -count))
        }
        let now = MonotonicClock.now()
        return .success(
            buffer.prefix(Int(count)).compactMap { edge in
                guard let line = lines.first(where: { $0.offset == Int(edge.offset) }) else {
                    return nil
                }
                let kernel = MonotonicInstant(
                    nanoseconds: Int64(clamping: edge.timestampNanoseconds))
                return ButtonEdge(
                    button: line.button, isPressed: (edge.rising != 0) == pressedIsHigh,
                    time: KernelTimestamp.plausible(kernel, now: now), source: line.description)
            })
    }
}

/// Kernel timestamps, checked against the monotonic clock.
public enum KernelTimestamp {
    /// `kernel` when it is a plausible CLOCK_MONOTONIC reading taken up to 10 s before
    /// `now`; otherwise `now`. Kernels before 5.7 stamp GPIO events with the wall clock,
    /// and an input device may ignore the request for a monotonic clock.
    public static func plausible(_ kernel: MonotonicInstant, now: MonotonicInstant)
        -> MonotonicInstant
    {
        let age = now.duration(since: kernel)
        return age >= .milliseconds(-5) && age <= .seconds(10) ? min(kernel, now) : now
    }
}

/// The reader thread's work.
private struct Reader: Sendable {
    let lines: [GPIOLine]
    let settings: ButtonSettings
    let directory: String
    let wake: WakeSignal
    let continuation: AsyncStream<ButtonInputEvent>.Continuation

    /// How long the thread waits for an edge before it checks that the lines are still
    /// there (see `GPIODButtonInput`).
    static let checkIntervalMilliseconds: Int32 = 1000

    func run(_ initial: [LineRequest]) {
        var requests = initial
        var backoff = RetryBackoff()
        let pressedIsHigh = settings.pull.pressedIsHigh
        var failure = report(
            requests.map { $0.levels(at: MonotonicClock.now(), pressedIsHigh: pressedIsHigh) })
        while !wake.isRaised {
            if let problem = failure {
                for request in requests { request.release() }
                requests = []
                continuation.yield(.problem(problem.message + " Retrying with back-off."))
                requests = retry(&backoff)
                guard !requests.isEmpty else { break }
                continuation.yield(
                    .recovered(
                        "GPIO buttons work again: "
                            + lines.map { "\($0.button.rawValue) = \($0)" }.joined(separator: ", ")
                            + "."))
                failure = report(
                    requests.map {
                        $0.levels(at: MonotonicClock.now(), pressedIsHigh: pressedIsHigh)
                    })
                continue
            }
            guard
                let ready = waitReadable(
                    requests.map(\.descriptor) + [wake.descriptor],
                    timeout: Self.checkIntervalMilliseconds)
            else {
                failure = DeviceError(
                    "wait for GPIO events on", device: lines[0].chip.path, errorNumber: errno)
                continue
            }
            if ready.allSatisfy({ $0.revents == 0 }) {
                failure = requests.lazy.compactMap { $0.check() }.first
                continue
            }
            for (request, entry) in zip(requests, ready) where entry.revents != 0 {
                if entry.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0
                    && entry.revents & Int16(POLLIN) == 0
                {
                    // The kernel's reason (a removed chip: ENODEV) says more than EIO.
                    failure =
                        request.check()
                        ?? DeviceError(
                            "read GPIO events from", device: request.lines[0].chip.path,
                            errorNumber: EIO)
                    break
                }
                if let problem = report([request.edges(pressedIsHigh: pressedIsHigh)]) {
                    failure = request.check() ?? problem
                    break
                }
            }
            if failure == nil { backoff.reset() }
        }
        for request in requests { request.release() }
        continuation.finish()
    }

    /// Yields the edges; returns the first failure.
    private func report(_ results: [Result<[ButtonEdge], DeviceError>]) -> DeviceError? {
        for result in results {
            switch result {
            case .success(let edges): for edge in edges { continuation.yield(.edge(edge)) }
            case .failure(let error): return error
            }
        }
        return nil
    }

    /// Waits and requests the lines again until it works or the stream ends (empty result).
    private func retry(_ backoff: inout RetryBackoff) -> [LineRequest] {
        var lastMessage = ""
        while !wake.isRaised {
            _ = waitReadable([wake.descriptor], timeout: backoff.next())
            if wake.isRaised { break }
            do throws(DeviceError) {
                let found = try GPIOChips.resolve(settings, directory: directory)
                return try GPIODButtonInput.request(found, settings)
            } catch {
                if error.message != lastMessage {
                    continuation.yield(.problem(error.message + " Retrying with back-off."))
                    lastMessage = error.message
                }
            }
        }
        return []
    }
}
