import FoundationEssentials
import KioskCommands
import KioskConfig
import KioskControl
import KioskCore
import KioskDaemon
import KioskDisplays
import KioskTesting
import LinuxPlatform
import Logging
import Testing

/// The engine's config reloads: a deleted, emptied or broken file after a good one leaves
/// the kiosk on the last good one and says so; every accepted file is kept as the last good
/// copy.
@Suite struct ConfigReloadTests {
    private func engine(_ directory: TemporaryDirectory) -> (KioskEngine, ConfigStore) {
        let time = ManualTimeSource(
            wall: Date(timeIntervalSince1970: 1_795_000_000), utcOffsetSeconds: 3600)
        let display = RecordingDisplay(size: PixelSize(width: 96, height: 64), keeping: 1)
        var logger = Logger(label: "reload")
        logger.logLevel = .critical
        let parts = KioskEngine.Parts(
            time: time, transport: InMemoryOpenMeteo(time: time),
            makeDisplay: { _, onFrame in
                DisplayWorker(open: { try PixelPageDisplay(display) }, time: time, onFrame: onFrame)
            },
            makeSensor: { _ in nil },
            files: FileWorker(), stateFiles: StateDirectoryStore(directory.file("state")),
            notifier: SystemdNotifier(environment: [:]),
            host: { HostInfo(name: "reload", addresses: []) }, logger: logger, seed: 7)
        let store = ConfigStore(explicitPath: directory.file("config.toml"), environment: [:])
        // The first run: no file yet, the built-in defaults (state in this directory).
        var configuration = KioskConfiguration()
        configuration.stateDirectory = directory.file("state")
        configuration.sensor.kind = .none
        let engine = KioskEngine(
            start: KioskEngine.Start(
                configuration: configuration, configProblems: [], store: store,
                restored: nil, history: IndoorHistory(), forecasts: []),
            parts: parts)
        return (engine, store)
    }

    private func status(_ engine: KioskEngine) async throws -> KioskStatus {
        let reply = await engine.control(ControlRequest(cmd: "status"))
        struct Reply: Decodable { var status: KioskStatus }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(Reply.self, from: Data(reply)).status
    }

    private func reload(_ engine: KioskEngine) async -> Bool {
        let reply = String(
            decoding: await engine.control(ControlRequest(cmd: "reload")), as: UTF8.self)
        return reply.hasPrefix("{\"ok\":true")
    }

    @Test func aDeletedOrEmptiedFileAfterAGoodOneKeepsTheLastGoodOne() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let (engine, store) = engine(directory)
        let running = Task { await engine.run() }
        // No file and none seen yet: the defaults are right.
        #expect(await reload(engine))
        #expect(try await status(engine).config.problems.isEmpty)

        let good = """
            state_dir = "\(directory.file("state"))"
            [sensor]
            kind = "none"
            [display]
            kind = "png"
            device = "\(directory.file("screen.png"))"
            [[cities]]
            name = "Rome"
            latitude = 41.89193
            longitude = 12.51133

            """
        directory.write("config.toml", good)
        #expect(await reload(engine))
        let copy = ConfigStore.lastGoodPath(stateDirectory: directory.file("state"))
        #expect(directory.read("state/\(ConfigStore.lastGoodName)")?.hasSuffix(good) == true)
        #expect(store.lastGood(stateDirectory: directory.file("state")) != nil)

        for (what, change) in [
            ("is empty", { directory.write("config.toml", "# cut off by a power loss\n") }),
            ("is missing", { FileSystem.remove(directory.file("config.toml")) }),
            ("line 1", { directory.write("config.toml", "[display\n") }),
        ] as [(String, () -> Void)] {
            change()
            #expect(!(await reload(engine)), "\(what): refused")
            let refused = try await status(engine)
            #expect(
                refused.config.problems.first?.contains(what) == true, "\(refused.config.problems)")
            #expect(refused.cities == ["Rome"], "\(what): the last good config stays in use")
            #expect(refused.board == "simulator" && refused.display.kind == "png")
            #expect(refused.config.lastGood == copy)
        }
        directory.write("config.toml", good)
        #expect(await reload(engine))
        let fixed = try await status(engine)
        #expect(fixed.config.problems.isEmpty && fixed.config.lastGood == nil)
        // Back to the defaults on purpose: the file and its copy removed.
        FileSystem.remove(directory.file("config.toml"))
        FileSystem.remove(copy)
        #expect(await reload(engine))
        #expect(try await status(engine).cities.isEmpty)
        await engine.stop()
        await running.value
    }
}
