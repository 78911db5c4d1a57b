import FoundationEssentials
import Glibc
public import KioskCore
import LinuxPlatform
public import Logging
import Rendering
import ServiceLifecycle
import Synchronization
import UnixSignals

/// `weather-kiosk run`: builds the kiosk from the config and runs it until SIGTERM or
/// SIGINT (or q in the simulator's terminal), then shuts down gracefully: state and history
/// written, the console given back, the terminal restored.
public enum KioskDaemon {
    /// Runs the kiosk.
    /// - Parameters:
    ///   - store: the config file.
    ///   - environment: for systemd's NOTIFY_SOCKET and WATCHDOG_USEC.
    ///   - time: the clocks (tests pass a manual one).
    ///   - transport: HTTP (tests pass one that reaches a fake server).
    /// - Throws: what the service group throws when a service fails unexpectedly.
    public static func run(
        store: ConfigStore, environment: [String: String], logger: Logger,
        time: any TimeSource = SystemTimeSource(), transport: (any HTTPTransport)? = nil
    ) async throws {
        DaemonSignals.ignoreStray()
        if !ProcessMemory.configureForLongRun() {
            logger.notice("glibc refused the malloc settings for a long run; memory use may grow")
        }
        if let transport {
            try await runKiosk(
                store: store, environment: environment, logger: logger, time: time,
                transport: transport)
        } else {
            try await Adapters.withHTTPTransport { transport in
                try await runKiosk(
                    store: store, environment: environment, logger: logger, time: time,
                    transport: transport)
            }
        }
    }

    private static func runKiosk(
        store: ConfigStore, environment: [String: String], logger: Logger, time: any TimeSource,
        transport: any HTTPTransport
    ) async throws {
        let (configuration, problems) = startingConfiguration(store, logger: logger)
        // One daemon per state directory and socket: a second one would fight the first
        // for the screen, the state files and the API quota.
        let lock = try DaemonLock.acquire(in: configuration.stateDirectory)
        defer { lock.release() }
        if let owner = ControlServer.listeningProcess(at: configuration.control.socket) {
            throw CommandFailure.runtime(
                "Another weather-kiosk (PID \(owner)) already listens on \(configuration.control.socket); stop it first, or give this one another [control] socket."
            )
        }
        let files = FileWorker()
        let stateStore = StateStore(directory: configuration.stateDirectory)
        let cache = ForecastCache(directory: configuration.stateDirectory)
        let (restored, history, forecasts) = await files.run {
            (
                load("state", logger) { try stateStore.loadState() },
                load("indoor history", logger) { try stateStore.loadHistory() } ?? IndoorHistory(),
                load("forecast cache", logger) { try cache.load() } ?? []
            )
        }
        let notifier = SystemdNotifier(environment: environment)
        if configuration.display.kind == .terminal, isatty(1) == 1 {
            // A clean screen without a cursor; `restoreTerminal` undoes it.
            writeToTerminal("\u{1B}[2J\u{1B}[H\u{1B}[?25l")
        }
        let parts = KioskEngine.Parts(
            time: time, transport: transport,
            makeDisplay: { configuration, onFrame in
                DisplayWorker(
                    open: { try openDisplay(configuration) },
                    mirrorPath: configuration.display.mirrorPNG,
                    time: time, onFrame: onFrame)
            },
            makeSensor: { configuration in sensorWorker(configuration, logger: logger) },
            files: files, notifier: notifier, host: { HostIdentity.current() }, logger: logger,
            seed: UInt64.random(in: 0...UInt64.max))
        let engine = KioskEngine(
            start: KioskEngine.Start(
                configuration: configuration, configProblems: problems, store: store,
                restored: restored, history: history, forecasts: forecasts),
            parts: parts)

        let quitSwitch = QuitSwitch()
        var services: [ServiceGroupConfiguration.ServiceConfiguration] = [
            .init(
                service: EngineService(engine: engine),
                successTerminationBehavior: .gracefullyShutdownGroup)
        ]
        do {
            let server = try ControlServer(path: configuration.control.socket) {
                await engine.control($0)
            }
            services.append(.init(service: ControlService(server: server)))
        } catch {
            logger.error(
                "\(error) Remote commands (status, next, …) are off until the kiosk restarts.")
        }
        var watcher: ConfigWatcher?
        do {
            watcher = try ConfigWatcher(path: store.path)
        } catch {
            logger.warning(
                "\(error) The config is reloaded on SIGHUP and `weather-kiosk reload` only.")
        }
        services.append(
            .init(
                service: ConfigReloadService(
                    engine: engine, watcher: watcher, time: time, logger: logger)))
        services.append(
            .init(
                service: ButtonService(
                    engine: engine, time: time, logger: logger, quit: { quitSwitch.quit() })))
        services.append(
            .init(service: WatchdogService(engine: engine, notifier: notifier, time: time)))
        for index in services.indices.dropFirst() {
            services[index].successTerminationBehavior = .ignore
        }

        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: services, gracefulShutdownSignals: [.sigterm, .sigint],
                cancellationSignals: [], logger: logger))
        quitSwitch.set(group, notifier: notifier)
        logger.info(
            "weather-kiosk \(KioskVersion.string) started: board \(configuration.board), display \(configuration.display.kind.rawValue), \(configuration.cities.count) favourites."
        )
        defer { restoreTerminal(configuration) }
        try await group.run()
        logger.info("weather-kiosk stopped.")
    }

    // MARK: Parts

    /// The config to start with: the file if it is valid; else the last good copy of it;
    /// else the built-in defaults — with the problems, so the screen and `status` say why.
    static func startingConfiguration(_ store: ConfigStore, logger: Logger) -> (
        KioskConfiguration, [String]
    ) {
        do {
            return (try store.load().configuration, [])
        } catch {
            let problems = error.problems.map(\.text)
            for problem in problems { logger.error("\(problem)") }
            logger.error(
                "The config was refused; the kiosk runs on the built-in defaults until it is fixed."
            )
            return (KioskConfiguration.defaultsForRefusedConfig(), problems)
        }
    }

    static func openDisplay(_ configuration: KioskConfiguration) throws -> DisplayWorker.Backend {
        let display = configuration.display
        switch display.kind {
        case .framebuffer:
            return .pixel(try FramebufferDisplay.open(device: display.device, console: "/dev/tty0"))
        case .png:
            return .pixel(PNGDisplay(path: display.device, size: display.size))
        case .terminal:
            return .pixel(TerminalDisplay(size: display.size))
        case .hd44780, .ssd1306, .sh1106:
            if configuration.board == "simulator" {
                // The PC board: the module is simulated on a simulated bus, driven byte by
                // byte as a real one would be, and its picture shown in this terminal.
                let simulated = try SimulatedSmallDisplay(configuration: configuration)
                return .small(
                    simulated.display, simulated: simulated,
                    terminal: isatty(1) == 1 ? TerminalDisplay(size: display.size) : nil)
            }
            return .small(try SmallDisplay.configured(configuration), simulated: nil, terminal: nil)
        }
    }

    static func sensorWorker(_ configuration: KioskConfiguration, logger: Logger) -> SensorWorker? {
        guard configuration.sensor.kind != .none else { return nil }
        do {
            return SensorWorker(sensor: try IndoorSensor.configured(configuration))
        } catch {
            logger.error("\(error)")
            return nil
        }
    }

    private static func load<Value>(_ what: String, _ logger: Logger, _ body: () throws -> Value?)
        -> Value?
    {
        do {
            return try body()
        } catch {
            logger.warning("\(error) Starting without the \(what).")
            return nil
        }
    }

    private static func restoreTerminal(_ configuration: KioskConfiguration) {
        TerminalMode.restore()
        if configuration.display.kind == .terminal, isatty(1) == 1 {
            writeToTerminal("\u{1B}[0m\u{1B}[?25h\n")
        }
    }

    private static func writeToTerminal(_ text: String) {
        writeAll(1, text)
    }
}

/// Lets the keyboard's q stop the whole kiosk, once the group exists.
final class QuitSwitch: Sendable {
    private let target = Mutex<(group: ServiceGroup, notifier: SystemdNotifier)?>(nil)

    func set(_ group: ServiceGroup, notifier: SystemdNotifier) {
        target.withLock { $0 = (group, notifier) }
    }

    func quit() {
        guard let (group, notifier) = target.withLock({ $0 }) else { return }
        notifier.notify("STOPPING=1")
        Task { await group.triggerGracefulShutdown() }
    }
}

extension KioskConfiguration {
    /// What the kiosk runs on when its config file is refused at start: the defaults of the
    /// simulator board would be wrong on a Pi, so the hardware is taken as a Pi's with a
    /// framebuffer and no sensor or buttons (which might be wired otherwise).
    static func defaultsForRefusedConfig() -> KioskConfiguration {
        var configuration = KioskConfiguration()
        configuration.sensor.kind = .none
        configuration.buttons.backend = .none
        if !FileSystem.exists("/dev/fb0") {
            if isatty(1) == 1 {
                configuration.display.kind = .terminal
            } else {
                configuration.display.kind = .png
                configuration.display.device = "\(configuration.stateDirectory)/screen.png"
            }
        }
        return configuration
    }
}
