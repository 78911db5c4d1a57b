import FoundationEssentials
import KioskCore
import KioskTesting
import Logging
import Rendering
import Testing

@testable import KioskConfig
@testable import KioskControl
@testable import KioskDaemon
@testable import KioskDisplays

extension KioskEngine {
    /// The config file `forTesting` names; it does not exist.
    static let testConfigPath = EngineHarness.configPath

    /// An engine for tests, as `EngineHarness` builds it: the cities given, no sensor,
    /// `screen` as a pixel display, the state directory in memory (`files`), the manual
    /// clock `time`, `transport` as the network, and `configProblems` as a config refused
    /// at start. Nothing on disk.
    static func forTesting(
        cities: [City], files: InMemoryFileStore = InMemoryFileStore(),
        transport: any HTTPTransport,
        screen: RecordingDisplay = RecordingDisplay(size: PixelSize(width: 80, height: 48)),
        time: ManualTimeSource, configProblems: [String] = []
    ) -> KioskEngine {
        EngineHarness(
            cities: cities, transport: transport, screen: screen, time: time, files: files,
            configProblems: configProblems
        ).engine
    }
}

extension KioskEngine {
    /// The reply line to `request`, as the control socket sends it.
    func control(_ request: ControlRequest) async -> [UInt8] {
        switch ControlReply.command(of: request) {
        case .success(let command): await control(command).line()
        case .failure(let failure): ControlReply.failure(failure).line()
        }
    }
}

extension KioskEngine {
    /// Hands `new` to the reducer as a reload that read it would (what only a restart
    /// changes held back), but from no file: there is no text to keep as the last good copy,
    /// and no copy is said to be kept, so the reducer takes it.
    func apply(_ new: KioskConfiguration) async {
        let (usable, pending) = ConfigReload.restartOnly(new, startedWith: startedWith)
        await process(
            .configLoaded(
                usable, restartPending: pending,
                source: .missingOrEmpty(file: store.path, problem: "", copyKept: false)))
    }
}

/// What the running engine's pixel display shows: the texts of the frame on `screen`,
/// once it is the live page model drawn. Compared after each new frame, waiting for the
/// next in between (no busy loop).
final class LiveScreen {
    let engine: KioskEngine
    let screen: RecordingDisplay
    let renderer: PageRenderer
    private var seen = 0

    init(engine: KioskEngine, screen: RecordingDisplay) throws {
        self.engine = engine
        self.screen = screen
        renderer = try PageRenderer()
    }

    /// The texts on screen, trimmed; empty (with an issue recorded) when the screen never
    /// shows the live page model.
    func texts() async throws -> [String] {
        let display = await engine.display
        for _ in 0..<20 {
            let model = await engine.currentPageModel()
            let page = try renderer.render(model, size: screen.size)
            if screen.frames.last == page.image {
                return page.texts.map { $0.text.trimmingWhitespace }
            }
            guard let next = await display.frame(after: seen, timeout: 60) else { break }
            seen = next.frame
        }
        Issue.record("the screen never showed the live page model")
        return []
    }
}

/// The running engine with Berlin as its favourite, against the stand-in Open-Meteo, at
/// 2026-11-18 11:06:40 UTC (12:06 in Berlin, UTC+1 in the stand-in's zones), once its
/// first forecast is in: what the live page tests look at.
struct LiveBerlin {
    let berlin: City
    let time: ManualTimeSource
    let engine: KioskEngine
    let live: LiveScreen
    let running: Task<Void, Never>

    static func start() async throws -> LiveBerlin {
        let place = try #require(FakeOpenMeteo.places.first { $0.name == "Berlin" })
        let berlin = City(
            name: place.name, country: place.country, coordinate: place.coordinate,
            timezone: place.timezone)
        let time = ManualTimeSource(
            wall: Date(timeIntervalSince1970: 1_795_000_000), utcOffsetSeconds: 0)
        let screen = RecordingDisplay(size: PixelSize(width: 800, height: 480))
        let fake = FakeOpenMeteo(now: { time.now().wall })
        let engine = KioskEngine.forTesting(
            cities: [berlin], transport: InMemoryOpenMeteo(fake: fake), screen: screen,
            time: time)
        let running = Task { await engine.run() }
        let live = try LiveScreen(engine: engine, screen: screen)
        for _ in 0..<2000 where await engine.status().forecast.fetchedAt == nil {
            try await Task.sleep(for: .milliseconds(5))
        }
        return LiveBerlin(berlin: berlin, time: time, engine: engine, live: live, running: running)
    }

    /// Stops the engine and waits for it.
    func stop() async {
        await engine.stop()
        await running.value
    }
}
