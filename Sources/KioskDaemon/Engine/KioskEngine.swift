import FoundationEssentials
public import KioskConfig
public import KioskControl
public import KioskCore
public import Logging
import OpenMeteo

/// The running kiosk: owns `KioskState` and the data it shows, feeds every event through the
/// reducer, carries out the effects, and sleeps until the reducer's next deadline. Nothing
/// here polls: a single timer task waits for the earliest deadline, and is replaced when
/// that changes.
public actor KioskEngine {
    /// The collaborators, built from the configuration by `KioskDaemon`.
    public struct Parts: Sendable {
        /// Clocks and sleeping.
        public var time: any TimeSource
        /// HTTP for Open-Meteo.
        public var transport: any HTTPTransport
        /// Makes the display worker for a configuration; it reports each frame through the
        /// closure it is given.
        public var makeDisplay:
            @Sendable (KioskConfiguration, @escaping @Sendable (DisplayWorker.Report) -> Void) ->
                DisplayWorker
        /// Makes the sensor worker for a configuration; nil when there is no sensor.
        public var makeSensor: @Sendable (KioskConfiguration) -> SensorWorker?
        /// Blocking file work.
        public var files: FileWorker
        /// The state directory's files: the state, the history, the forecast cache and the
        /// config's last good copy (the directory only a restart changes).
        public var stateFiles: any FileStore
        /// systemd.
        public var notifier: SystemdNotifier
        /// Host name and addresses for the empty page.
        public var host: @Sendable () -> HostInfo
        /// Log.
        public var logger: Logger
        /// Seeds the back-off jitter.
        public var seed: UInt64
        /// The link to Home Assistant's broker for `status`; nil while MQTT is off.
        public var mqttStatus: @Sendable () -> KioskStatus.MQTT? = { nil }

        /// Creates the parts.
        public init(
            time: any TimeSource, transport: any HTTPTransport,
            makeDisplay:
                @escaping @Sendable (
                    KioskConfiguration, @escaping @Sendable (DisplayWorker.Report) -> Void
                ) -> DisplayWorker,
            makeSensor: @escaping @Sendable (KioskConfiguration) -> SensorWorker?,
            files: FileWorker, stateFiles: any FileStore, notifier: SystemdNotifier,
            host: @escaping @Sendable () -> HostInfo, logger: Logger, seed: UInt64
        ) {
            self.time = time
            self.transport = transport
            self.makeDisplay = makeDisplay
            self.makeSensor = makeSensor
            self.files = files
            self.stateFiles = stateFiles
            self.notifier = notifier
            self.host = host
            self.logger = logger
            self.seed = seed
        }
    }

    /// What the engine starts from: the config and what was on disk.
    public struct Start: Sendable {
        /// The configuration in use.
        public var configuration: KioskConfiguration
        /// Problems of the config file when it could not be used, as "FILE, line N: …".
        public var configProblems: [String]
        /// Where `configuration` came from when the file was taken (the reducer keeps its
        /// text as the last good copy); nil when it was refused, or in tests.
        public var configSource: ConfigSource?
        /// The config file.
        public var store: ConfigStore
        /// The last slide and recent favourites.
        public var restored: PersistedKioskState?
        /// The indoor history.
        public var history: IndoorHistory
        /// The forecast cache.
        public var forecasts: [ForecastCache.Entry]
        /// Whether a good config of the file has been seen (the file, or its last good
        /// copy): from then on a missing or empty file is refused, not taken as defaults.
        public var goodConfigSeen: Bool
        /// Why the state directory cannot be used (read-only, another user's), when it
        /// cannot: the kiosk then runs without keeping anything on disk, and says so.
        public var stateProblem: String?

        /// Creates a start.
        public init(
            configuration: KioskConfiguration, configProblems: [String], store: ConfigStore,
            restored: PersistedKioskState?, history: IndoorHistory,
            forecasts: [ForecastCache.Entry], goodConfigSeen: Bool = false,
            stateProblem: String? = nil, configSource: ConfigSource? = nil
        ) {
            self.configSource = configSource
            self.stateProblem = stateProblem
            self.goodConfigSeen = goodConfigSeen
            self.configuration = configuration
            self.configProblems = configProblems
            self.store = store
            self.restored = restored
            self.history = history
            self.forecasts = forecasts
        }
    }

    let parts: Parts
    let store: ConfigStore
    /// The configuration the kiosk started with: what only a restart changes
    /// (`KioskConfiguration.restartOnlyKeys`) stays as it says.
    let startedWith: KioskConfiguration
    /// The configuration in use: the reducer's.
    var configuration: KioskConfiguration { state.configFile.configuration ?? startedWith }
    var state: KioskState
    var display: DisplayWorker
    var sensor: SensorWorker?
    let startedAt: MonotonicInstant
    private let start: Start
    /// Effects under way (fetches, readings), cancelled by `stop()`.
    private var effects: [Int: Task<Void, Never>] = [:]
    /// Writes under way (state, history), awaited by `stop()`.
    private var writes: [Int: Task<Void, Never>] = [:]
    private var nextTaskID = 0
    /// What the kiosk is, for whoever follows: the display worker, and later more.
    let snapshots = Broadcaster<KioskSnapshot>()
    /// The display worker following the snapshots.
    private var following: Task<Void, Never>?
    /// systemd following the snapshots.
    private var notifying: Task<Void, Never>?
    private var timer: (deadline: MonotonicInstant, task: Task<Void, Never>)?
    private let events: AsyncStream<KioskEvent>
    private let inbox: AsyncStream<KioskEvent>.Continuation
    private let frameReports: AsyncStream<DisplayWorker.Report>
    private let frameInbox: AsyncStream<DisplayWorker.Report>.Continuation
    var logged: [String: String] = [:]
    /// Why the last write to the state directory failed, until one succeeds (`status`).
    var stateProblem: String?
    /// Events an effect gave back (the last good copy written), reduced after the effects.
    var followUps: [KioskEvent] = []
    private var running = false
    /// Whether the start (restored state, cache, a refused config) has been reduced; until
    /// then commands and `status` wait in `openingWaiters`, so that none of them sees the
    /// empty state the engine is created with.
    private var opened = false
    private var openingWaiters: [CheckedContinuation<Void, Never>] = []

    /// Creates the engine; `run()` starts it.
    public init(start: Start, parts: Parts) {
        self.parts = parts
        self.store = start.store
        self.startedWith = start.configuration
        self.stateProblem = start.stateProblem
        self.start = start
        let now = parts.time.now()
        startedAt = now.monotonic
        state = KioskState(
            settings: KioskSettings(start.configuration), now: now, seed: parts.seed,
            configFile: ConfigFileState(
                configuration: start.configuration, goodSeen: start.goodConfigSeen))
        (frameReports, frameInbox) = AsyncStream.makeStream(of: DisplayWorker.Report.self)
        let frames = frameInbox
        display = parts.makeDisplay(start.configuration) { frames.yield($0) }
        sensor = parts.makeSensor(start.configuration)
        (events, inbox) = AsyncStream.makeStream(of: KioskEvent.self)
    }

    /// Runs until `stop()`: the first frame comes from the cache, before any network call.
    public func run() async {
        running = true
        startFollowing()
        let notifier = parts.notifier
        let stream = snapshots.values()
        notifying = Task {
            var systemd = SystemdStatus()
            for await snapshot in stream {
                if let message = systemd.message(for: snapshot) { notifier.notify(message) }
            }
        }
        let reports = frameReports
        let watchingFrames = Task {
            for await report in reports { await self.frameShown(report) }
        }
        // A config refused at start is part of the start: reduced together, so that no
        // `status` answered while the first frame is drawn says the config was fine.
        // The display says what it is before the first frame: an e-paper panel's first
        // frame is then the policy's first refresh.
        let described = await display.describe()
        var opening: [KioskEvent] = [
            .displayDescribed(described),
            .started(restored: start.restored, forecasts: start.forecasts, history: start.history),
        ]
        if !start.configProblems.isEmpty {
            opening.append(.configRefused(problems: start.configProblems, file: store.path))
        } else if let source = start.configSource {
            opening.append(.configLoaded(start.configuration, source: source))
        }
        await process(opening)
        open()
        for await event in events {
            await process(event)
        }
        frameInbox.finish()
        await watchingFrames.value
    }

    /// The one door in: a button gesture or a remote command, applied now. The control
    /// socket reads the state after it for its reply; buttons just wait their turn.
    public func handle(_ command: KioskCommand) async {
        await untilOpened()
        await process(command.event)
    }

    /// Returns once the start has been reduced (or the engine stopped without running).
    func untilOpened() async {
        guard !opened else { return }
        await withCheckedContinuation { openingWaiters.append($0) }
    }

    /// Requests waiting for the start, for tests.
    var waitingForTheStart: Int { openingWaiters.count }

    private func open() {
        opened = true
        let waiters = openingWaiters
        openingWaiters = []
        waiters.forEach { $0.resume() }
    }

    /// Queues an event of the engine's own (a timer that is due).
    nonisolated func post(_ event: KioskEvent) {
        inbox.yield(event)
    }

    /// Stops: effects under way (a fetch, a reading) are cancelled, the state and the
    /// indoor history are written, the display gives the console back, and `run()` returns.
    public func stop() async {
        guard running else {
            open()
            return
        }
        running = false
        parts.notifier.notify("STOPPING=1")
        timer?.task.cancel()
        timer = nil
        let cancelled = effects.values
        effects = [:]
        cancelled.forEach { $0.cancel() }
        await process(.stopping)
        for write in writes.values { await write.value }
        writes = [:]
        snapshots.finish()
        following?.cancel()
        following = nil
        notifying?.cancel()
        notifying = nil
        await display.close()
        await parts.files.stop()
        inbox.finish()
    }

    /// Whether the engine is responsive: the watchdog pings systemd only after this answers.
    public func heartbeat() -> Bool { running }

    // MARK: The loop

    /// Applies one event, carries out its effects, and publishes a snapshot when what the
    /// display shows changed (a frame or the power).
    func process(_ event: KioskEvent) async { await process([event]) }

    /// Reduces `events` one after the other, then performs their effects (one render at
    /// most: it draws the state after all of them) and publishes once.
    func process(_ events: [KioskEvent]) async {
        let now = parts.time.now()
        let effects = state.handle(events, at: now)
        for effect in effects { await perform(effect, at: now) }
        publishIfChanged(at: now)
        scheduleTimer()
        if !followUps.isEmpty {
            let next = followUps
            followUps = []
            await process(next)
        }
    }

    /// Publishes what the kiosk is, when it differs from what was published last: a new
    /// frame, power, notice, reading, forecast state or config. `status` answers from the
    /// latest; the display worker draws only a new frame number or power.
    func publishIfChanged(at now: KioskTime) {
        let current = snapshot(at: now)
        if snapshots.latest != current { snapshots.publish(current) }
    }

    /// The snapshots as they are published: the latest at once, then every change.
    public nonisolated func snapshotStream() -> AsyncStream<KioskSnapshot> {
        snapshots.values()
    }

    /// What the kiosk is now.
    func snapshot(at now: KioskTime) -> KioskSnapshot {
        var snapshot = KioskSnapshot(
            frame: state.frame, slide: state.slide, step: state.slideStep,
            page: pageModel(at: now), power: state.power, notices: state.notices(at: now),
            reading: state.indoor.latest, sensorError: state.sensorError,
            forecastFetchedAt: state.lastForecast, forecastStale: state.isStale(at: now),
            forecastError: state.forecastError, configProblems: state.configProblems,
            displayShown: state.displayReports > 0, displayError: state.displayError)
        snapshot.configuration = configuration
        snapshot.usingLastGoodConfig = !state.configProblems.isEmpty && state.configFile.goodSeen
        snapshot.recentCities = state.recentCities.map {
            PlaceNames.displayName(of: $0, among: configuration.cities)
        }
        snapshot.pausedUntil = state.pausedUntil
        snapshot.nextRefresh = state.nextRefresh
        snapshot.forecastFailures = state.forecastFailures
        snapshot.stationElevation = state.stationElevation
        snapshot.tendency = state.indoor.tendency
        snapshot.panelFullRefresh = state.panelPlan?.fullRefresh ?? true
        snapshot.panelRefreshes = state.panelStatus(at: now)
        snapshot.restartPending = state.settings.restartPending
        return snapshot
    }

    /// The display worker follows the snapshots: a press reaches the pixels without the
    /// worker asking the engine anything.
    private func startFollowing() {
        following?.cancel()
        let display = display
        let stream = snapshots.values()
        following = Task { await display.follow(stream) }
    }

    /// Starts `work` as a tracked task: `stop()` cancels effects and awaits writes.
    private func track(
        write: Bool, _ work: @escaping @Sendable (isolated KioskEngine) async -> Void
    ) {
        let id = nextTaskID
        nextTaskID += 1
        let task = Task {
            await work(self)
            self.effects[id] = nil
            self.writes[id] = nil
        }
        if write { writes[id] = task } else { effects[id] = task }
    }

    /// The effect tasks under way, for tests.
    var effectsInFlight: Int { effects.count }

    private func perform(_ effect: KioskEffect, at now: KioskTime) async {
        switch effect {
        case .render:
            break  // Published as a snapshot once every effect is done.
        case .setDisplayPower(let power):
            note("display", "Display \(power.rawValue).", level: .info)
        case .fetchForecasts:
            track(write: false) { await $0.fetchForecasts() }
        case .readSensor:
            track(write: false) { await $0.readSensor() }
        case .persistState(let persisted):
            let store = StateStore(files: parts.stateFiles)
            let files = parts.files
            track(write: true) { engine in
                do {
                    try await files.run { try store.save(persisted) }
                    engine.stateWritten(nil)
                } catch {
                    engine.note("state", "\(error)", level: .warning)
                    engine.stateWritten(error)
                }
            }
        case .saveHistory(let history):
            let store = StateStore(files: parts.stateFiles)
            let files = parts.files
            track(write: true) { engine in
                do {
                    try await files.run { try store.save(history) }
                    engine.stateWritten(nil)
                } catch {
                    engine.note("history", "\(error)", level: .warning)
                    engine.stateWritten(error)
                }
            }
        case .reopenDisplay:
            following?.cancel()
            await display.close()
            let frames = frameInbox
            display = parts.makeDisplay(configuration) { frames.yield($0) }
            startFollowing()
            parts.logger.info("Display settings changed; the display was opened again.")
            let reopened = display
            track(write: false) { engine in
                let described = await reopened.describe()
                await engine.process(.displayDescribed(described))
            }
        case .reopenSensor:
            sensor = parts.makeSensor(configuration)
        case .saveLastGood(let text):
            await saveLastGood(text)
        }
    }

    private func scheduleTimer() {
        guard running, let deadline = state.nextDeadline else {
            timer?.task.cancel()
            timer = nil
            return
        }
        if timer?.deadline == deadline { return }
        timer?.task.cancel()
        let time = parts.time
        let task = Task {
            do {
                try await time.sleep(until: deadline)
            } catch {
                return  // Replaced by a newer deadline, or stopping.
            }
            self.post(.tick)
        }
        timer = (deadline, task)
    }

    // MARK: Logging

    /// Logs `message` for `topic` only when it differs from the last one (a failing sensor
    /// logs once, not every minute); a nil message after a logged one logs `recovered`.
    func note(_ topic: String, _ message: String?, level: Logger.Level, recovered: String? = nil) {
        let previous = logged[topic]
        guard previous != message else { return }
        logged[topic] = message
        if let message {
            parts.logger.log(level: level, "\(message)")
        } else if previous != nil, let recovered {
            parts.logger.info("\(recovered)")
        }
    }
}
