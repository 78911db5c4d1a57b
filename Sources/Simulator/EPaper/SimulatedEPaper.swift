public import KioskCore
import Synchronization

/// One command as it reached a simulated controller: the command byte (sent with DC low)
/// and the data bytes after it (DC high), for byte-exact tests of what a driver sends.
public struct EPaperCommand: Sendable, Hashable, CustomStringConvertible {
    /// The command byte.
    public var command: UInt8
    /// The data bytes that followed it.
    public var data: [UInt8]

    /// Creates a command.
    public init(_ command: UInt8, _ data: [UInt8] = []) {
        self.command = command
        self.data = data
    }

    /// "0x61 03 20 01 E0".
    public var description: String {
        ([command] + data.prefix(8)).map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }.joined(separator: " ") + (data.count > 8 ? " … (\(data.count) bytes)" : "")
    }
}

/// A simulated e-paper panel at command level, on a simulated SPI bus and GPIO lines: the
/// SPI device and the control lines a driver is given, and the controller behind them.
///
/// It keeps its own clock, advanced by the driver's pauses and BUSY waits (never the wall
/// clock): reset (RESET low, then high) clears the controller and asserts BUSY briefly;
/// bytes sent with CS high are ignored, as the real controller ignores them; a refresh
/// command asserts BUSY for the panel's refresh time and copies the frame memory onto the
/// "glass" (`shown`); `stuckBusy` holds BUSY asserted for ever, as an unplugged board does.
public final class SimulatedEPaper: SPIDevice, PanelControlLines, Sendable {
    /// The panel it plays.
    public let panel: EPaperPanel
    /// "the simulated SPI bus".
    public let device = "the simulated SPI bus"
    private let state: Mutex<State>

    struct State {
        var clock: Duration = .zero
        var reset = true
        var dataCommand = false
        var chipSelect = true
        var busyUntil: Duration = .zero
        var stuckBusy = false
        var commands: [EPaperCommand] = []
        var ignoredBytes = 0
        var controller: ControllerMemory
        var shown: EPaperFrame
        var refreshes: [EPaperRefreshRecord] = []
        var resets = 0
    }

    /// A panel of kind `panel`, showing white.
    public init(panel: EPaperPanel) {
        self.panel = panel
        let white = EPaperFrame(
            width: panel.size.width, height: panel.size.height,
            filledWith: UInt8(panel.inks.firstIndex(of: 0xFFFFFF) ?? 0))
        state = Mutex(
            State(controller: ControllerMemory(panel: panel, frame: white), shown: white))
    }

    // MARK: What tests look at

    /// Every command since the last `clearCommands()`, in order.
    public var commands: [EPaperCommand] { state.withLock { $0.commands } }
    /// Forgets the recorded commands.
    public func clearCommands() { state.withLock { $0.commands = [] } }
    /// What the glass shows.
    public var shown: EPaperFrame { state.withLock { $0.shown } }
    /// The picture a viewer sees, in the panel's inks.
    public var picture: PixelImage { shown.image(inks: panel.inks) }
    /// The refreshes so far, with their kind and the simulated time they started.
    public var refreshes: [EPaperRefreshRecord] { state.withLock { $0.refreshes } }
    /// The simulated time: the sum of the pauses and waits so far.
    public var elapsed: Duration { state.withLock { $0.clock } }
    /// Bytes that went out with CS high (a driver bug).
    public var ignoredBytes: Int { state.withLock { $0.ignoredBytes } }
    /// How many hardware resets the controller saw.
    public var resets: Int { state.withLock { $0.resets } }
    /// Whether BUSY is asserted now.
    public var isBusy: Bool { state.withLock { $0.stuckBusy || $0.clock < $0.busyUntil } }

    /// Holds BUSY asserted for ever (true), as a board that is not plugged in does.
    public func holdBusy(_ stuck: Bool) { state.withLock { $0.stuckBusy = stuck } }

    // MARK: SPIDevice

    /// Takes bytes: a command byte each with DC low, data for the last command with DC high.
    public func write(_ bytes: [UInt8]) async throws {
        state.withLock { state in
            guard !state.chipSelect, state.reset else {
                state.ignoredBytes += bytes.count
                return
            }
            if state.dataCommand {
                guard !state.commands.isEmpty else {
                    state.ignoredBytes += bytes.count
                    return
                }
                state.commands[state.commands.count - 1].data += bytes
                state.controller.data(bytes, for: state.commands[state.commands.count - 1].command)
            } else {
                for byte in bytes {
                    state.commands.append(EPaperCommand(byte))
                    if let effect = state.controller.command(byte) { apply(effect, to: &state) }
                }
            }
        }
    }

    private func apply(_ effect: ControllerMemory.Effect, to state: inout State) {
        switch effect {
        case .busy(let duration):
            state.busyUntil = max(state.busyUntil, state.clock + duration)
        case .refreshed(let frame, let kind, let duration):
            state.shown = frame
            state.refreshes.append(EPaperRefreshRecord(kind: kind, at: state.clock))
            state.busyUntil = max(state.busyUntil, state.clock + duration)
        }
    }

    // MARK: PanelControlLines

    /// "GPIO17" and so on: the Inky's pins.
    public func name(of line: PanelLine) -> String {
        switch line {
        case .reset: "GPIO27"
        case .dataCommand: "GPIO22"
        case .chipSelect: "GPIO8"
        case .busy: "GPIO17"
        }
    }

    /// Drives RESET, DC or CS; RESET rising resets the controller.
    public func set(_ line: PanelLine, high: Bool) async throws {
        state.withLock { state in
            switch line {
            case .reset:
                if high && !state.reset {
                    state.resets += 1
                    state.controller.reset()
                    state.busyUntil = state.clock + .milliseconds(5)
                }
                state.reset = high
            case .dataCommand: state.dataCommand = high
            case .chipSelect: state.chipSelect = high
            case .busy: preconditionFailure("BUSY is an input")
            }
        }
    }

    /// Moves the clock to when BUSY reads `level`, or by `timeout` when it does not.
    public func waitForBusy(toRead level: Bool, timeout: Duration) async throws -> Bool {
        state.withLock { state in
            let activeHigh = panel.controller == .ssd1683
            let busyNow = state.stuckBusy || state.clock < state.busyUntil
            if (busyNow == activeHigh) == level { return true }
            // Only the end of a busy period changes the level by itself.
            guard busyNow, !state.stuckBusy, state.busyUntil - state.clock <= timeout else {
                state.clock += timeout
                return false
            }
            state.clock = state.busyUntil
            return true
        }
    }

    /// Moves the clock by `duration`.
    public func pause(_ duration: Duration) async throws {
        state.withLock { $0.clock += duration }
    }
}

/// One refresh a simulated panel did.
public struct EPaperRefreshRecord: Sendable, Hashable {
    /// Full or partial.
    public var kind: EPaperRefreshKind
    /// The simulated time it started.
    public var at: Duration
}

/// What kind of refresh a simulated panel did.
public enum EPaperRefreshKind: String, Sendable, Hashable {
    /// The whole panel.
    case full
    /// A window, without flashing.
    case partial
}
