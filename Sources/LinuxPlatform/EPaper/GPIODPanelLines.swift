import CGPIODShim
import Glibc
public import KioskCore
import Threads

/// An e-paper panel's RESET, DC and CS outputs and its BUSY input through libgpiod (1.6 or
/// 2.x), found by line name ("GPIO17") on whichever chip has it, never by a chip number.
///
/// An actor on a thread of its own: a BUSY wait blocks that thread in `poll(2)` on the
/// line's edge events, never longer than the timeout. The lines are requested on first use
/// and released after a failure, so the next frame asks again (after `sudo usermod -aG
/// gpio`, or once another program let go of a pin).
public actor GPIODPanelLines: PanelControlLines {
    /// The configured names: reset, data/command, chip select, busy.
    public nonisolated let names: [PanelLine: String]
    private nonisolated let chipDirectory: String
    private let executor = DedicatedThreadExecutor()
    private var outputs: LineHandle?
    private var busy: LineHandle?
    private var levels: [Int32] = [1, 0, 1]  // reset high, DC low, CS high
    private var chipPath = ""

    /// Transfers run on the lines' own thread.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// The lines named `reset`, `dataCommand`, `chipSelect` and `busy` ("GPIO27" …),
    /// looked up on the chips in `chipDirectory`. Nothing is requested yet.
    public init(
        reset: String, dataCommand: String, chipSelect: String, busy: String,
        chipDirectory: String = "/dev"
    ) {
        names = [.reset: reset, .dataCommand: dataCommand, .chipSelect: chipSelect, .busy: busy]
        self.chipDirectory = chipDirectory
    }

    deinit {
        if let outputs { CGPIOD_release(outputs.request) }
        if let busy { CGPIOD_release(busy.request) }
        executor.shutdown()
    }

    /// The configured name of `line`.
    public nonisolated func name(of line: PanelLine) -> String { names[line] ?? line.rawValue }

    private static let outputOrder: [PanelLine] = [.reset, .dataCommand, .chipSelect]

    /// Drives `line` (RESET, DC or CS).
    /// - Throws: `DeviceError` naming the chip and line.
    public func set(_ line: PanelLine, high: Bool) throws(DeviceError) {
        guard let index = Self.outputOrder.firstIndex(of: line) else {
            preconditionFailure("BUSY is an input")
        }
        try request()
        levels[index] = high ? 1 : 0
        let result = CGPIOD_setLevels(outputs?.request, levels)
        if result < 0 {
            release()
            throw DeviceError(
                "set \(name(of: line)) (\(line)) on", device: chipPath,
                errorNumber: Int32(-result))
        }
    }

    /// Waits until BUSY reads `level`, at most `timeout`, on its edge events.
    /// - Throws: `DeviceError` naming the chip and line.
    public func waitForBusy(toRead level: Bool, timeout: Duration) throws(DeviceError) -> Bool {
        try request()
        let deadline = MonotonicClock.now().advanced(by: timeout)
        var edges = [CGPIOD_Edge](repeating: CGPIOD_Edge(), count: 16)
        while true {
            var reading: [Int32] = [0]
            let read = CGPIOD_readLevels(busy?.request, &reading)
            if read < 0 { throw failure(Int32(-read), "read") }
            if (reading[0] != 0) == level { return true }
            let left = deadline.nanoseconds - MonotonicClock.now().nanoseconds
            guard left > 0 else { return false }
            let milliseconds = Int32(clamping: left / 1_000_000 + 1)
            let waited = CGPIOD_waitForEdges(busy?.request, milliseconds)
            if waited < 0 { throw failure(Int32(-waited), "wait for") }
            if waited > 0 {
                let drained = CGPIOD_readEdges(busy?.request, &edges, Int32(edges.count))
                if drained < 0 { throw failure(Int32(-drained), "read the edges of") }
            }
        }
    }

    /// Sleeps this thread for `duration` (reset pulses: milliseconds).
    public func pause(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        var wait = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        var left = timespec()
        while nanosleep(&wait, &left) != 0 && errno == EINTR { wait = left }
    }

    private func failure(_ errorNumber: Int32, _ action: String) -> DeviceError {
        release()
        return DeviceError(
            "\(action) BUSY (\(name(of: .busy))) on", device: chipPath, errorNumber: errorNumber)
    }

    private func request() throws(DeviceError) {
        if outputs != nil && busy != nil { return }
        release()
        let chips = try GPIOChips.list(directory: chipDirectory)
        var offsets: [PanelLine: UInt32] = [:]
        var chip: GPIOChip?
        for line in Self.outputOrder + [.busy] {
            let spec = name(of: line)
            var found = false
            for candidate in chips
            where candidate.errorNumber == 0 && (chip == nil || candidate == chip) {
                let offset = CGPIOD_findLine(candidate.path, spec)
                if offset >= 0 {
                    offsets[line] = UInt32(offset)
                    chip = candidate
                    found = true
                    break
                }
            }
            guard found else {
                throw DeviceError(
                    device: chipDirectory,
                    message:
                        "No GPIO line is named \"\(spec)\" (the e-paper panel's \(line) pin); \(GPIOChips.inventory(chips, directory: chipDirectory))."
                )
            }
        }
        guard let chip else { return }
        chipPath = chip.path
        var error: Int32 = 0
        let outputOffsets = Self.outputOrder.map { offsets[$0]! }
        guard
            let requested = CGPIOD_requestOutputs(
                chip.path, outputOffsets, outputOffsets.count, levels, "weather-kiosk e-paper",
                &error)
        else { throw busyOrDenied(error, lines: Self.outputOrder) }
        outputs = LineHandle(request: requested)
        var busyOffset = [offsets[.busy]!]
        guard
            let input = CGPIOD_requestInputs(
                chip.path, &busyOffset, 1, CGPIOD_BIAS_DISABLED, 0, "weather-kiosk e-paper", &error)
        else {
            release()
            throw busyOrDenied(error, lines: [.busy])
        }
        busy = LineHandle(request: input)
    }

    private func busyOrDenied(_ error: Int32, lines: [PanelLine]) -> DeviceError {
        let pins = lines.map { "\(name(of: $0)) (\($0))" }.joined(separator: ", ")
        return DeviceError(
            "request \(pins) on", device: chipPath, errorNumber: error,
            hint: error == EBUSY
                ? "another program or a device-tree overlay holds the pin (buttons on the same pins? the Inky board profile moves them)"
                : error == EACCES || error == EPERM
                    ? "add the user to group gpio (sudo usermod -aG gpio $USER), or run as root"
                    : nil)
    }

    private func release() {
        if let outputs { CGPIOD_release(outputs.request) }
        if let busy { CGPIOD_release(busy.request) }
        outputs = nil
        busy = nil
    }
}

/// A libgpiod request owned by one `GPIODPanelLines`: only its actor (on its one thread)
/// and its deinit (after the last use) touch it, so it never crosses threads concurrently.
private struct LineHandle: @unchecked Sendable {
    let request: OpaquePointer
}
