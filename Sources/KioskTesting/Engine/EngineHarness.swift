import KioskConfig
public import KioskCore
public import KioskDaemon
import KioskDisplays
import Logging
import Synchronization

/// A kiosk engine in a test tube, in the spirit of swift-nio's `EmbeddedEventLoop`: a
/// manual clock that moves only when the test says (`advance(by:)`), the state directory
/// in memory (`InMemoryFileStore`), a display that records its frames, and every snapshot
/// the engine publishes, recorded in order. Nothing touches the disk; the network is the
/// transport given (none by default).
///
/// ```swift
/// let kiosk = EngineHarness(cities: [rome, berlin])
/// try await kiosk.start()
/// await kiosk.press(.next)
/// try await kiosk.advance(by: 60)
/// #expect(kiosk.snapshots.last?.page.city?.city.name == "Berlin")
/// await kiosk.stop()
/// ```
public final class EngineHarness: Sendable {
    /// The config file the engine names; it does not exist.
    public static let configPath = "/nonexistent/weather-kiosk-test/config.toml"

    /// The clock: it moves only by `advance(by:)`.
    public let time: ManualTimeSource
    /// The state directory.
    public let files: InMemoryFileStore
    /// The display the engine draws on.
    public let screen: RecordingDisplay
    /// The engine.
    public let engine: KioskEngine
    private let recorded = Mutex<[KioskSnapshot]>([])
    private let tasks = Mutex<[Task<Void, Never>]>([])

    /// An engine with the favourites `cities`, no sensor, `transport` as the network,
    /// `configure` applied to the configuration, `configProblems` as a config refused at
    /// start, and `forecasts` as the forecast cache it restored.
    public init(
        cities: [City], transport: any HTTPTransport = NoNetwork(),
        screen: RecordingDisplay = RecordingDisplay(size: PixelSize(width: 80, height: 48)),
        time: ManualTimeSource = ManualTimeSource(), files: InMemoryFileStore = InMemoryFileStore(),
        configProblems: [String] = [], forecasts: [ForecastEntry] = [],
        configure: (inout KioskConfiguration) -> Void = { _ in }
    ) {
        self.time = time
        self.files = files
        self.screen = screen
        var configuration = KioskConfiguration()
        configuration.stateDirectory = files.directory
        configuration.sensor.kind = .none
        configuration.cities = cities
        // Off unless a test turns them on: the others count the forecast's requests and
        // effects alone.
        configuration.warnings.enabled = false
        configure(&configuration)
        var logger = Logger(label: "engine-harness")
        logger.logLevel = .critical
        let parts = KioskEngine.Parts(
            time: time, transport: transport,
            makeDisplay: { _, onFrame in
                DisplayWorker(
                    open: { try PixelPageDisplay(screen) }, time: time, onFrame: onFrame)
            },
            makeSensor: { _ in nil }, files: FileWorker(), stateFiles: files,
            notifier: SystemdNotifier(environment: [:]),
            host: { HostInfo(name: "harness", addresses: []) }, logger: logger, seed: 1)
        var start = KioskEngine.Start(
            configuration: configuration, configProblems: configProblems,
            store: ConfigStore(explicitPath: Self.configPath, environment: [:]),
            restored: nil, history: IndoorHistory(), forecasts: forecasts)
        // The air quality is kept fresh, as the warnings are off: the effects are the
        // forecast's alone.
        start.airQuality = .kept(for: configuration.cities, at: time.now().wall)
        engine = KioskEngine(start: start, parts: parts)
    }

    /// Every snapshot published so far, in order.
    public var snapshots: [KioskSnapshot] { recorded.withLock { $0 } }

    /// Runs the engine and records its snapshots; returns once the first frame is up and
    /// the display has reported it.
    @discardableResult
    public func start() async throws -> KioskSnapshot {
        let engine = engine
        let stream = engine.snapshotStream()
        let recording = Task {
            for await snapshot in stream { self.recorded.withLock { $0.append(snapshot) } }
        }
        let running = Task { await engine.run() }
        tasks.withLock { $0 += [recording, running] }
        return try await next("the first frame") { $0.displayShown }
    }

    /// A press of `button` at the kiosk, as the gesture machine reports it (down, then a
    /// short press), at the clock's now.
    public func press(_ button: ButtonName) async {
        let at = time.now().monotonic
        await engine.handle(.gesture(ButtonGesture(button, .press, at: at)))
        await engine.handle(.gesture(ButtonGesture(button, .short, at: at)))
    }

    /// Moves the clock by `seconds`, deadline by deadline, letting the engine act on each
    /// before the next: it has acted once it sleeps until a later deadline (or none).
    public func advance(by seconds: Double) async throws {
        let end = time.now().monotonic.advanced(bySeconds: seconds)
        while let deadline = time.nextDeadline, deadline <= end {
            time.advance(bySeconds: max(0, deadline.seconds(since: time.now().monotonic)))
            try await settled(after: deadline)
        }
        time.advance(bySeconds: max(0, end.seconds(since: time.now().monotonic)))
        try await settled(after: end)
    }

    /// The first snapshot recorded that meets `condition`, waiting for it for up to three
    /// minutes (a loaded machine: the whole suite on two cores kept the cooperative pool
    /// busy past one minute).
    /// - Throws: `HarnessTimeout` naming `what`.
    @discardableResult
    public func next(_ what: String, _ condition: (KioskSnapshot) -> Bool) async throws
        -> KioskSnapshot
    {
        try await until(what) { snapshots.first(where: condition) }
    }

    /// Stops the engine (its writes done) and the recording.
    public func stop() async {
        await engine.stop()
        for task in tasks.withLock({ $0 }) { await task.value }
    }

    /// Returns once every timer the engine set is after `instant`.
    private func settled(after instant: MonotonicInstant) async throws {
        // The engine always keeps a timer (the minute, the next refresh or its retry): it
        // has acted once that timer is after `instant`.
        _ = try await until("the engine to act on the clock at \(instant)") {
            guard let next = time.nextDeadline, next > instant else { return nil as Bool? }
            return true
        }
    }

    private func until<Value>(_ what: String, _ value: () -> Value?) async throws -> Value {
        let deadline = ContinuousClock.now.advanced(by: .seconds(180))
        while true {
            if let found = value() { return found }
            guard ContinuousClock.now < deadline else { throw HarnessTimeout(waitingFor: what) }
            try await Task.sleep(for: .milliseconds(2))
        }
    }
}

/// What `EngineHarness` waited for and did not see within three minutes.
public struct HarnessTimeout: Error, Sendable, CustomStringConvertible {
    /// What it waited for.
    public var waitingFor: String
    /// The sentence.
    public var description: String { "Timed out waiting for \(waitingFor)." }
}
