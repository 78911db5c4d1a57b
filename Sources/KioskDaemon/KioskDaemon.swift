import FoundationEssentials
import HomeAssistant
public import KioskConfig
import KioskControl
public import KioskCore
import KioskDisplays
public import LinuxPlatform
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
        DaemonSignals.prepare()
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
        let starting = startingConfiguration(store, logger: logger)
        let configuration = starting.configuration
        // One daemon per state directory and socket: a second one would fight the first
        // for the screen, the state files and the API quota. A state directory that cannot
        // be used (read-only, another user's) leaves a kiosk that keeps nothing on disk.
        var lock: DaemonLock?
        var stateProblem: String?
        var readsState = true
        switch try DaemonLock.acquire(in: configuration.stateDirectory) {
        case .success(let held):
            lock = held
        case .failure(let failure):
            stateProblem =
                "\(failure.message) The kiosk runs without its state directory: forecasts, the last slide and the indoor history are not kept."
            logger.error("\(stateProblem ?? "")")
            // A directory refused as unsafe (or a lock file that is not the kiosk's) is
            // not read either; a read-only one still gives what it holds.
            readsState = failure.errorNumber != 0
        }
        defer { lock?.release() }
        if let owner = ControlServer.listeningProcess(at: configuration.control.socket) {
            throw DaemonStartError(
                "Another weather-kiosk (PID \(owner)) already listens on \(configuration.control.socket); stop it first, or give this one another [control] socket."
            )
        }
        let files = FileWorker()
        let stateFiles = StateDirectoryStore(configuration.stateDirectory)
        let stateStore = StateStore(files: stateFiles)
        let cache = ForecastCache(files: stateFiles)
        let reading = readsState
        let (restored, history, forecasts, sensorHistory):
            (
                PersistedKioskState?, IndoorHistory, [ForecastCache.Entry],
                SensorHistoryArchive
            ) = await files.run {
                guard reading else { return (nil, IndoorHistory(), [], SensorHistoryArchive()) }
                return (
                    load("state", logger) { try stateStore.loadState() },
                    load("indoor history", logger) { try stateStore.loadHistory() }
                        ?? IndoorHistory(),
                    load("forecast cache", logger) { try cache.load() } ?? [],
                    load("sensors' history", logger) { try stateStore.loadSensorHistory() }
                        ?? SensorHistoryArchive()
                )
            }
        let notifier = SystemdNotifier(environment: environment)
        let addCity = CityAddHint.command(
            configPath: store.path, invokedAs: CommandLine.arguments.first ?? "weather-kiosk",
            workingDirectory: CurrentProcess.workingDirectory, environment: environment)
        var parts = KioskEngine.Parts(
            time: time, transport: transport,
            makeDisplay: { configuration, onFrame in
                DisplayWorker(
                    open: { try await DisplayCatalog.open(configuration) },
                    mirrorPath: configuration.display.mirrorPNG,
                    time: time, onFrame: onFrame)
            },
            makeSensor: { configuration in sensorWorker(configuration, logger: logger) },
            files: files, stateFiles: stateFiles, notifier: notifier,
            host: {
                var host = HostIdentity.current()
                host.addCityCommand = addCity
                return host
            }, logger: logger,
            seed: UInt64.random(in: 0...UInt64.max))
        let mqttBoard = MQTTStatusBoard()
        parts.mqttStatus = {
            mqttBoard.reading.map {
                KioskStatus.MQTT(
                    broker: $0.broker, connected: $0.connected, error: $0.error,
                    messagesSent: $0.messagesSent)
            }
        }
        var start = KioskEngine.Start(
            configuration: configuration, configProblems: starting.problems, store: store,
            restored: restored, history: history, forecasts: forecasts,
            goodConfigSeen: starting.goodConfigSeen, stateProblem: stateProblem,
            configSource: starting.source, sensorHistory: sensorHistory)
        start.airQuality = await files.run {
            guard reading else { return [] }
            return load("air quality", logger) { try stateStore.loadAirQuality() } ?? []
        }
        let engine = KioskEngine(start: start, parts: parts)

        let quitSwitch = QuitSwitch(logger: logger)
        // Standard input and output when they are a terminal: the kiosk runs in it (the
        // simulator), and ends when it goes away.
        let terminals = [Int32(0), 1].filter(CurrentProcess.isTerminal)
        var services: [ServiceGroupConfiguration.ServiceConfiguration] = [
            .init(
                service: EngineService(
                    engine: engine,
                    starting: {
                        // The alternate screen without a cursor; `restoreTerminal` gives
                        // the terminal back. Entered once SIGINT stops the kiosk gracefully
                        // (before that, a shell's background job has SIGINT ignored).
                        if configuration.display.kind == .terminal, CurrentProcess.isTerminal(1) {
                            writeToTerminal(TerminalScreen.enter)
                        }
                    }),
                successTerminationBehavior: .gracefullyShutdownGroup)
        ]
        let openControl: @Sendable (String) throws -> ControlServer = { path in
            try ControlServer(path: path) { await engine.control($0) }
        }
        var server: ControlServer?
        do {
            server = try openControl(configuration.control.socket)
        } catch {
            logger.error(
                "\(error) Remote commands (status, next, …) are off until control.socket names a socket that can be made."
            )
        }
        services.append(
            .init(
                service: ControlService(
                    engine: engine, logger: logger, server: server, open: openControl)))
        var watcher: ConfigWatcher?
        do {
            // A config that does not exist yet is created by the first `city add` or
            // `config set`; its directory is watched, so it must exist now.
            try FileSystem.createDirectories(FileSystem.directory(of: store.path))
            watcher = try ConfigWatcher(path: store.path)
        } catch {
            logger.warning(
                "\(error) The config is reloaded on SIGHUP and `weather-kiosk reload` only.")
        }
        services.append(
            .init(
                service: ConfigReloadService(
                    engine: engine, watcher: watcher, time: time, logger: logger,
                    terminals: terminals, quit: { quitSwitch.quit(because: $0) })))
        services.append(
            .init(
                service: ButtonService(
                    engine: engine, time: time, logger: logger,
                    keyboardIsTerminal: terminals.contains(0),
                    quit: { quitSwitch.quit(because: $0) })))
        services.append(
            .init(service: WatchdogService(engine: engine, notifier: notifier, time: time)))
        services.append(
            .init(
                service: MQTTService(
                    engine: engine, board: mqttBoard, files: files, logger: logger)))
        // A service with nothing to do (no watchdog, no [mqtt]) ends at once; it stays in the
        // group until the shutdown reaches it, or the group would take its end, seen during
        // another service's shutdown (Ctrl+C early, under load), for a failure.
        for index in services.indices.dropFirst() {
            services[index].service = UntilShutdown(services[index].service)
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

    /// What the kiosk starts on, and what is wrong with the file when it is not that.
    struct Starting {
        var configuration: KioskConfiguration
        var problems: [String]
        /// Whether a good config of this file has been seen: the file now, or its last good
        /// copy. From then on a missing or empty file is a problem, not "all defaults".
        var goodConfigSeen: Bool
        /// Where `configuration` came from when the file was taken: the engine hands it to
        /// the reducer as its first `configLoaded` (which keeps the last good copy).
        var source: ConfigSource?
    }

    /// The config to start with: the file when the reducer's rule takes it
    /// (`ConfigFileState.refuses`, the rule every reload follows too); else the last good
    /// copy; else what the broken file still says (state directory, socket, board) with safe
    /// hardware settings — with the problems, so the screen and `status` say why.
    static func startingConfiguration(_ store: ConfigStore, logger: Logger) -> Starting {
        let problems: [String]
        do {
            let loaded = try store.load()
            let fallback = loaded.exists && !loaded.isEmpty ? nil : store.fallback()
            let copy = fallback?.lastGood
            let problem = store.missingOrEmptyProblem(
                exists: loaded.exists,
                copy: copy
                    ?? ConfigStore.lastGoodPath(stateDirectory: loaded.configuration.stateDirectory)
            )
            let source = loaded.source(problem: problem, copyKept: copy != nil)
            let file = ConfigFileState(goodSeen: copy != nil)
            if !file.refuses(source) {
                return Starting(
                    configuration: loaded.configuration, problems: [],
                    goodConfigSeen: file.goodSeen, source: source)
            }
            problems = [problem.text]
        } catch {
            problems = error.problems.map(\.text)
        }
        for problem in problems { logger.error("\(problem)") }
        let fallback = store.fallback()
        if let copy = fallback.lastGood {
            logger.error(
                "The config was refused; the kiosk runs on its last good copy, \(copy), until it is fixed."
            )
            return Starting(
                configuration: fallback.configuration, problems: problems, goodConfigSeen: true)
        }
        let configuration = KioskConfiguration.defaultsForRefusedConfig(fallback.configuration)
        logger.error(
            "The config was refused and there is no last good copy; the kiosk runs on safe defaults (state in \(configuration.stateDirectory), socket \(configuration.control.socket)) until it is fixed."
        )
        return Starting(configuration: configuration, problems: problems, goodConfigSeen: false)
    }

    static func sensorWorker(_ configuration: KioskConfiguration, logger: Logger) -> SensorWorker? {
        let set = configuration.sensors.isEmpty ? nil : SensorSet.configured(configuration)
        guard let indoor = IndoorSensor.bosch(of: configuration) else {
            return set.map { SensorWorker(sensor: nil, set: $0) }
        }
        do {
            return SensorWorker(sensor: try IndoorSensor.configured(indoor), set: set)
        } catch {
            logger.error("\(error)")
            return set.map { SensorWorker(sensor: nil, set: $0) }
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
        if configuration.display.kind == .terminal, CurrentProcess.isTerminal(1) {
            writeToTerminal(TerminalScreen.leave)
        }
    }

    private static func writeToTerminal(_ text: String) {
        FileDescriptor.writeAll(1, text)
    }
}

/// Lets the keyboard's q, or the terminal going away, stop the whole kiosk once the group
/// exists. The first reason is logged, once: a closed terminal both hangs up the keyboard's
/// input and sends SIGHUP, and either may be seen first.
final class QuitSwitch: Sendable {
    private struct Target {
        var group: ServiceGroup?
        var notifier: SystemdNotifier?
        var quitting = false
    }

    private let target = Mutex(Target())
    private let logger: Logger

    init(logger: Logger) {
        self.logger = logger
    }

    func set(_ group: ServiceGroup, notifier: SystemdNotifier) {
        target.withLock {
            $0.group = group
            $0.notifier = notifier
        }
    }

    /// Stops the kiosk, logging `reason` unless a reason was logged already.
    func quit(because reason: String) {
        let (first, group, notifier) = target.withLock { target in
            defer { target.quitting = true }
            return (!target.quitting, target.group, target.notifier)
        }
        if first { logger.info("\(reason)") }
        guard let group, let notifier else { return }
        notifier.notify("STOPPING=1")
        Task { await group.triggerGracefulShutdown() }
    }
}

extension KioskConfiguration {
    /// What the kiosk runs on when its config file is refused at start and there is no last
    /// good copy: the state directory, socket and board the broken file still names
    /// (`hinted`, from `ConfigStore.hints()`), so that `status` finds the kiosk and can say
    /// what is wrong; no sensor or buttons (they might be wired otherwise), and a
    /// framebuffer when there is one, else this terminal, else a PNG in the state directory.
    static func defaultsForRefusedConfig(_ hinted: KioskConfiguration) -> KioskConfiguration {
        var configuration = hinted
        configuration.sensor.kind = .none
        configuration.buttons.backend = .none
        if FileSystem.exists("/dev/fb0") {
            configuration.display.kind = .framebuffer
            configuration.display.device = "/dev/fb0"
        } else if CurrentProcess.isTerminal(1) {
            configuration.display.kind = .terminal
        } else {
            configuration.display.kind = .png
            configuration.display.device = "\(configuration.stateDirectory)/screen.png"
        }
        return configuration
    }
}
