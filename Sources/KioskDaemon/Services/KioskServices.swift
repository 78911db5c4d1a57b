import KioskControl
import KioskCore
import LinuxPlatform
import Logging
import ServiceLifecycle
import Synchronization
import UnixSignals

/// Runs the engine until the kiosk shuts down, then stops it (state written, console given
/// back).
struct EngineService: Service {
    let engine: KioskEngine
    /// Runs first. The group starts its services only once it listens for SIGTERM and
    /// SIGINT, so whatever this shows (the terminal's alternate screen) is given back by
    /// a graceful shutdown even when the signal comes at once.
    var starting: @Sendable () -> Void = {}

    func run() async {
        starting()
        await withGracefulShutdownHandler {
            await engine.run()
        } onGracefulShutdown: {
            Task { await engine.stop() }
        }
    }
}

/// The control socket, open while the kiosk runs; removed at shutdown. When a reload
/// changes `control.socket`, the socket moves: the new one opens first, then the old one
/// closes (if the new one cannot be made, the old one stays and the log says why).
struct ControlService: Service {
    let engine: KioskEngine
    let logger: Logger
    /// The socket opened at start; nil when it could not be made.
    let server: ControlServer?
    /// Opens a socket at a path.
    let open: @Sendable (String) throws -> ControlServer

    func run() async {
        await cancelWhenGracefulShutdown {
            var current = server
            // The configuration is in every snapshot: the one stream every follower reads.
            for await snapshot in engine.snapshotStream() {
                let path = snapshot.configuration.control.socket
                guard current?.path != path else { continue }
                do {
                    let moved = try open(path)
                    if let old = current {
                        await old.stop()
                        logger.info("The control socket moved from \(old.path) to \(path).")
                    }
                    current = moved
                } catch {
                    logger.error(
                        "\(error) Remote commands stay on \(current?.path ?? "no socket") until it can be made."
                    )
                }
            }
            // The loop ends when shutdown begins (or the engine stops).
            await current?.stop()
        }
    }
}

/// What the log says when the kiosk's own terminal hung up.
enum TerminalHangUp {
    /// "The terminal went away (standard input hung up); stopping."
    static func sentence(_ descriptor: Int32) -> String {
        let which = descriptor == 0 ? "standard input" : "standard output"
        return "The terminal went away (\(which) hung up); stopping."
    }
}

/// Reloads the config when inotify sees the file change (a burst of events from an editor
/// counts once, after 300 ms of quiet) and on SIGHUP. A SIGHUP that comes because the
/// kiosk's own terminal hung up (its window closed, its SSH session ended) stops the kiosk
/// instead, as it stops any program run in a terminal.
struct ConfigReloadService: Service {
    let engine: KioskEngine
    let watcher: ConfigWatcher?
    let time: any TimeSource
    let logger: Logger
    /// The descriptors that were a terminal at start (standard input and output).
    var terminals: [Int32] = []
    /// Stops the kiosk gracefully, saying why.
    var quit: @Sendable (String) -> Void = { _ in }

    func run() async {
        let (requests, request) = AsyncStream.makeStream(
            of: String.self, bufferingPolicy: .bufferingNewest(8))
        let watching = Task {
            guard let watcher else { return }
            for await _ in watcher.changes { request.yield("the file changed") }
        }
        let terminals = terminals
        let signals = Task {
            for await _ in await UnixSignalsSequence(trapping: .sighup) {
                if let gone = terminals.first(where: CurrentProcess.hasHungUp) {
                    quit(TerminalHangUp.sentence(gone))
                    return
                }
                request.yield("SIGHUP")
            }
        }
        await cancelWhenGracefulShutdown {
            var pending = requests.makeAsyncIterator()
            while await pending.next() != nil {
                // Let an editor finish its sequence of writes and renames.
                do {
                    try await time.sleep(seconds: 0.3)
                } catch {
                    break
                }
                switch await engine.reloadConfig() {
                case .success, .failure:
                    break  // The engine logs, shows and reports the outcome.
                }
            }
        }
        watcher?.stop()
        watching.cancel()
        signals.cancel()
        request.finish()
    }
}

/// Buttons: the configured backend through the gesture machine into kiosk actions. Follows
/// config changes (new lines, another backend) and retries a backend that cannot start.
struct ButtonService: Service {
    let engine: KioskEngine
    let time: any TimeSource
    let logger: Logger
    /// Whether standard input was a terminal at start: the keyboard's input then ends only
    /// when the person quits (q, Ctrl-D) or the terminal goes away, and the kiosk stops.
    var keyboardIsTerminal = false
    /// Called when the person at the terminal quits the simulator (q or Ctrl-D), or the
    /// terminal goes away, with the sentence that says which.
    let quit: @Sendable (String) -> Void

    func run() async {
        await cancelWhenGracefulShutdown {
            var current: (settings: ButtonSettings, task: Task<Void, Never>)?
            for await snapshot in engine.snapshotStream() {
                let settings = snapshot.configuration.buttons
                guard current?.settings != settings else { continue }
                current?.task.cancel()
                current = (settings, Task { await watch(settings) })
            }
            current?.task.cancel()
        }
        TerminalMode.restore()
    }

    private func watch(_ settings: ButtonSettings) async {
        guard settings.backend != .none else { return }
        while !Task.isCancelled {
            let input: any ButtonInput
            do {
                input = try Self.input(for: settings)
            } catch {
                logger.warning("\(error) Retrying in a minute.")
                do {
                    try await time.sleep(seconds: 60)
                } catch {
                    return
                }
                continue
            }
            let watcher = ButtonWatcher(
                input: input, settings: settings.gestureSettings, time: time)
            for await report in watcher.reports() {
                switch report {
                case .gesture(let gesture, _):
                    // The reducer maps it (and knows whether the screen is blank).
                    await engine.handle(.gesture(gesture))
                case .problem(let sentence):
                    logger.warning("\(sentence)")
                case .recovered(let sentence):
                    logger.info("\(sentence)")
                }
            }
            // The input ended: the keyboard's q or Ctrl-D, its terminal hung up (a closed
            // window reads as the end of the input), or the end of a piped stdin.
            if settings.backend == .keyboard {
                if keyboardIsTerminal {
                    // A closed window hangs up the input before, or after, its SIGHUP.
                    quit(
                        CurrentProcess.hasHungUp(0)
                            ? TerminalHangUp.sentence(0)
                            : "The keyboard quit (q or Ctrl-D); stopping.")
                }
                return
            }
        }
    }

    static func input(for settings: ButtonSettings) throws -> any ButtonInput {
        switch settings.backend {
        case .gpiod: return try GPIODButtonInput(settings: settings)
        case .evdev: return try EvdevButtonInput(settings: settings)
        case .keyboard: return KeyboardButtonInput(settings: settings, handleSignals: false)
        case .none: throw DeviceError(device: "buttons", message: "There are no buttons.")
        }
    }
}

/// Pings systemd's watchdog at half its timeout, but only while the engine answers: a
/// stuck engine stops the pings and systemd restarts the kiosk.
struct WatchdogService: Service {
    let engine: KioskEngine
    let notifier: SystemdNotifier
    let time: any TimeSource

    func run() async {
        guard let interval = notifier.watchdogPingInterval else { return }
        await cancelWhenGracefulShutdown {
            // A probe that hangs (a worker stuck in a blocking call) is waited on again,
            // never started twice: the pings stop until it answers.
            var probe: Task<Bool, Never>?
            while !Task.isCancelled {
                let current = probe ?? Task { await engine.responsive() }
                let start = time.now().monotonic
                guard let answer = await Self.value(of: current, within: interval, time: time)
                else {
                    probe = current
                    continue
                }
                probe = nil
                if answer { notifier.notify("WATCHDOG=1") }
                do {
                    try await time.sleep(until: start.advanced(bySeconds: interval))
                } catch {
                    return
                }
            }
        }
    }

    /// The probe's answer, or nil when it has not come within `seconds` or the wait was
    /// cancelled (shutdown does not wait for a stuck probe).
    static func value(of probe: Task<Bool, Never>, within seconds: Double, time: any TimeSource)
        async -> Bool?
    {
        let race = FirstAnswer()
        let timer = Task {
            do {
                try await time.sleep(seconds: seconds)
            } catch {
                return  // Cancelled: the probe answered first.
            }
            race.finish(nil)
        }
        let watcher = Task { race.finish(await probe.value) }
        let answer = await withTaskCancellationHandler {
            await race.wait()
        } onCancel: {
            race.finish(nil)
        }
        timer.cancel()
        watcher.cancel()
        return answer
    }
}

/// The first of several answers, for whoever waits on it; later ones are dropped.
private final class FirstAnswer: Sendable {
    private enum Slot {
        case empty
        case waiting(CheckedContinuation<Bool?, Never>)
        case answered(Bool?)
    }
    private let slot = Mutex(Slot.empty)

    func finish(_ answer: Bool?) {
        let waiting = slot.withLock { slot -> CheckedContinuation<Bool?, Never>? in
            switch slot {
            case .empty:
                slot = .answered(answer)
                return nil
            case .waiting(let continuation):
                slot = .answered(answer)
                return continuation
            case .answered:
                return nil
            }
        }
        waiting?.resume(returning: answer)
    }

    func wait() async -> Bool? {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool?, Never>) in
            let ready = slot.withLock { slot -> Bool?? in
                if case .answered(let answer) = slot { return .some(answer) }
                slot = .waiting(continuation)
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}

extension KioskEngine {
    /// Whether the engine and the threads it depends on answer: the display worker and the
    /// file worker each run a no-op on their own thread. A worker stuck in a blocking call
    /// (a hung framebuffer, an SD card that stopped answering) makes this wait, and the
    /// watchdog stops pinging systemd, which then restarts the kiosk.
    public func responsive() async -> Bool {
        guard heartbeat() else { return false }
        let display = self.display
        _ = await display.report()
        await parts.files.run {}
        return heartbeat()
    }

}

/// Runs `service`, then (when it ended by itself) waits for the group's graceful shutdown:
/// a service that ends during another one's shutdown is an error to `ServiceGroup`.
struct UntilShutdown: Service, CustomStringConvertible {
    let service: any Service

    init(_ service: any Service) { self.service = service }

    var description: String { String(describing: service) }

    func run() async throws {
        try await service.run()
        do {
            try await gracefulShutdown()
        } catch {
            // Cancelled: the group is ending anyway.
        }
    }
}
