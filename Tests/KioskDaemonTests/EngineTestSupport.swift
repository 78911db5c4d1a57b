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
