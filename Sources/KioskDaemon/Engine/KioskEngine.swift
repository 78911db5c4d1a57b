import FoundationEssentials
import KioskConfig
public import KioskControl
public import KioskCore
import LinuxPlatform
import Logging
import OpenMeteo

/// The running kiosk: owns `KioskState` and the data it shows, feeds every event through the
/// reducer, carries out the effects, and sleeps until the reducer's next deadline. Nothing
/// here polls: a single timer task waits for the earliest deadline, and is replaced when
/// that changes.
public actor KioskEngine {
    /// The collaborators, built from the configuration by `KioskDaemon`.
    public typealias Parts = EngineParts
    /// What the engine starts from: the config and what was on disk.
    public typealias Start = EngineStart

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
    /// The warning services' conditional-request state between asks.
    let warningAsker = WarningAsker()
    let startedAt: MonotonicInstant
    private let start: Start
    /// Effects under way (fetches, readings), cancelled by `stop()`, and writes, awaited.
    private var tasks = TaskTracker()
    /// What the kiosk is, for whoever follows: the display worker, and later more.
    let snapshots = Broadcaster<KioskSnapshot>()
    /// The display worker following the snapshots.
    private var following: Task<Void, Never>?
    /// systemd following the snapshots.
    private var notifying: Task<Void, Never>?
    private var timer = DeadlineTimer()
    private let events: AsyncStream<KioskEvent>
    private let inbox: AsyncStream<KioskEvent>.Continuation
    private let frameReports: AsyncStream<DisplayWorker.Report>
    private let frameInbox: AsyncStream<DisplayWorker.Report>.Continuation
    private var logOnce = LogOnce()
    /// The forecast providers' notices already logged (MET Norway's 203: once a run).
    var providerNotices = ForecastProviderNotice.Log()
    /// Why the last write to the state directory failed, until one succeeds (`status`).
    var stateProblem: String?
    /// Events an effect gave back (the last good copy written), reduced after the effects.
    var followUps: [KioskEvent] = []
    private var running = false
    /// Commands and `status` wait here until the start (restored state, cache, a refused
    /// config) has been reduced.
    private var gate = OpeningGate()

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
                configuration: start.configuration, goodSeen: start.goodConfigSeen),
            scheduleSeed: HostIdentity.hostName())
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
            // Before the start, so that its timers see what was kept.
            .airQualityRestored(start.airQuality),
            .started(
                restored: start.restored, forecasts: start.forecasts, history: start.history,
                sensorHistory: start.sensorHistory),
        ]
        if !start.configProblems.isEmpty {
            opening.append(.configRefused(problems: start.configProblems, file: store.path))
        } else if let source = start.configSource {
            opening.append(.configLoaded(start.configuration, source: source))
        }
        await process(opening)
        gate.open()
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
        guard !gate.isOpen else { return }
        await withCheckedContinuation { gate.hold($0) }
    }

    /// Requests waiting for the start, for tests.
    var waitingForTheStart: Int { gate.waiting }

    /// Answers one control command (`ControlDesk`): the door the control socket uses.
    public func control(_ command: ControlCommand) async -> ControlReply {
        await ControlDesk.answer(command, on: self)
    }

    /// The `status` reply (`ControlDesk.status(of:)`).
    func status() async -> KioskStatus { await ControlDesk.status(of: self) }

    /// Reads the config file now and hands it to the reducer (`ConfigReload`).
    func reloadConfig() async -> Result<ControlResult, ConfigFileError> {
        await ConfigReload.reload(on: self)
    }

    /// Queues an event of the engine's own (a timer that is due).
    nonisolated func post(_ event: KioskEvent) {
        inbox.yield(event)
    }

    /// Stops: effects under way (a fetch, a reading) are cancelled, the state and the
    /// indoor history are written, the display gives the console back, and `run()` returns.
    public func stop() async {
        guard running else { return gate.open() }
        running = false
        parts.notifier.notify("STOPPING=1")
        timer.cancel()
        tasks.cancelEffects()
        await process(.stopping)
        for write in tasks.takeWrites() { await write.value }
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

    /// What the kiosk is now, with the page of its current frame at the time that frame was
    /// asked for: the clock alone changes no snapshot.
    func snapshot(at now: KioskTime) -> KioskSnapshot {
        state.snapshot(
            configuration: configuration, page: pageModel(at: state.frameTime), at: now)
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
        let id = tasks.reserve()
        let task = Task {
            await work(self)
            self.tasks.finished(id)
        }
        tasks.add(task, id: id, write: write)
    }

    /// The effect tasks under way, for tests.
    var effectsInFlight: Int { tasks.effectsInFlight }

    private func perform(_ effect: KioskEffect, at now: KioskTime) async {
        switch effect {
        case .render:
            break  // Published as a snapshot once every effect is done.
        case .setDisplayPower(let power):
            note("display", "Display \(power.rawValue).", level: .info)
        case .fetchForecasts:
            track(write: false) { await $0.fetchForecasts() }
        case .fetchFallback(let query):
            track(write: false) { await $0.fetchFallback(query) }
        case .storeForecasts(let entries):
            let wall = now.wall
            write("cache") { try ForecastCache(files: $0.files).store(entries, now: wall) }
        case .readSensor:
            track(write: false) { await $0.readSensor() }
        case .fetchWarnings:
            track(write: false) { await $0.fetchWarnings() }
        case .fetchAirQuality(let places):
            track(write: false) { await $0.fetchAirQuality(places) }
        case .storeAirQuality(let entries):
            write("air quality") { try $0.save(entries) }
        case .persistState(let persisted):
            write("state") { try $0.save(persisted) }
        case .saveHistory(let history):
            write("history") { try $0.save(history) }
        case .saveSensorHistory(let archive):
            write("sensor history") { try $0.save(archive) }
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
            await ConfigReload.saveLastGood(text, on: self)
        }
    }

    /// Writes to the state directory as a tracked write (`stop()` waits for it); a failure
    /// is logged under `topic` and stays in `status` until a write succeeds.
    private func write(
        _ topic: String, _ body: @escaping @Sendable (StateStore) throws -> Void
    ) {
        let store = StateStore(files: parts.stateFiles)
        let files = parts.files
        track(write: true) { engine in
            do {
                try await files.run { try body(store) }
                engine.stateWritten(nil)
            } catch {
                engine.note(topic, "\(error)", level: .warning)
                engine.stateWritten(error)
            }
        }
    }

    private func scheduleTimer() {
        timer.set(running ? state.nextDeadline : nil, time: parts.time) { self.post(.tick) }
    }

    // MARK: Logging

    /// Logs `message` for `topic` only when it differs from the last one (a failing sensor
    /// logs once, not every minute); a nil message after a logged one logs `recovered`.
    func note(_ topic: String, _ message: String?, level: Logger.Level, recovered: String? = nil) {
        logOnce.note(topic, message, level: level, recovered: recovered, to: parts.logger)
    }
}
