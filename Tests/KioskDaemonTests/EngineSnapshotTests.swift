import FoundationEssentials
import KioskCore
import KioskTesting
import Logging
import Testing

@testable import KioskControl
@testable import KioskDaemon

/// One door in, one stream out: a gesture enters through `handle(_:)`, the reducer decides,
/// and the display worker and any other follower see it in the snapshot stream; nothing
/// asks the engine back.
@Suite struct EngineSnapshotTests {
    @Test func aPressReachesThePixelsThroughTheSnapshotStream() async throws {
        let time = ManualTimeSource()
        let screen = RecordingDisplay(size: PixelSize(width: 80, height: 48))
        let engine = KioskEngine.forTesting(
            cities: [
                City(name: "Rome", coordinate: Coordinate(latitude: 41.89, longitude: 12.51)),
                City(name: "Berlin", coordinate: Coordinate(latitude: 52.52, longitude: 13.41)),
            ],
            transport: NoNetwork(), screen: screen, time: time)
        let running = Task { await engine.run() }
        // A follower like `status` or MQTT: it only reads the stream.
        var follower = engine.snapshotStream().makeAsyncIterator()
        let first = try #require(await follower.next())
        #expect(first.slide == Slide(.page(.city), cityIndex: 0))
        let display = await engine.display
        let shown = try #require(await display.frame(after: 0, timeout: 60))

        let at = time.now().monotonic
        await engine.handle(.gesture(ButtonGesture(.next, .press, at: at)))
        await engine.handle(.gesture(ButtonGesture(.next, .short, at: at)))
        var seen = first
        while seen.slide.cityIndex != 1, let next = await follower.next() { seen = next }
        #expect(seen.page.city?.city.name == "Berlin")
        #expect(seen.frame > first.frame)
        let after = try #require(await display.frame(after: shown.frame, timeout: 60))
        #expect(after.frame > shown.frame, "the worker drew the new slide")
        #expect(screen.frames.count >= 2)
        await engine.stop()
        await running.value
    }

    /// One press, one snapshot: the frame the press asks for is the only snapshot it makes.
    /// The display's report of that frame comes back as one event, which the reducer
    /// decides on and which changes nothing a follower sees (before, the report was a
    /// snapshot of its own, and a small display's steps or an e-paper panel's finished
    /// refresh one more; and with the clock moved on by the time the report came, the
    /// page's time made it a snapshot of its own).
    @Test func onePressIsOneSnapshot() async throws {
        let kiosk = EngineHarness(cities: [
            City(name: "Rome", coordinate: Coordinate(latitude: 41.89, longitude: 12.51)),
            City(name: "Berlin", coordinate: Coordinate(latitude: 52.52, longitude: 13.41)),
        ])
        try await kiosk.start()
        // Settled: the first frame reported, and the first refresh failed (no network).
        try await kiosk.next("the first refresh to fail") { $0.forecastError != nil }
        let reports = await kiosk.engine.state.displayReports
        let published = await kiosk.engine.snapshots.publishedCount

        await kiosk.press(.next)
        // The frame is drawn and reported a moment later, as on a real clock: the clock
        // alone is no change a follower sees.
        kiosk.time.advance(bySeconds: 0.5)
        try await Self.until("the display reported the new frame") {
            await kiosk.engine.state.displayReports > reports
        }
        let latest = try await kiosk.next("Berlin") { $0.page.city?.city.name == "Berlin" }
        #expect(latest.frame == kiosk.snapshots.last?.frame)
        #expect(await kiosk.engine.snapshots.publishedCount == published + 1)
        await kiosk.stop()
    }

    /// Waits for `condition`, for up to a minute (a loaded machine), checking as the
    /// engine's tasks run.
    static func until(_ what: String, _ condition: () async -> Bool) async throws {
        let deadline = ContinuousClock.now.advanced(by: .seconds(60))
        while await !condition() {
            guard ContinuousClock.now < deadline else {
                Issue.record("timed out waiting until \(what)")
                return
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Rome, no network, and a config refused at start.
    private static func engineStartedWithABrokenConfig() -> KioskEngine {
        KioskEngine.forTesting(
            cities: [City(name: "Rome", coordinate: Coordinate(latitude: 41.89, longitude: 12.51))],
            transport: NoNetwork(), time: ManualTimeSource(),
            configProblems: ["config.toml, line 2: expected a table name."])
    }

    /// A config refused at start is in the very first snapshot: no `status` answered while
    /// the first frame is drawn says the config was fine (a race seen under load).
    @Test func aConfigRefusedAtStartIsInTheFirstSnapshot() async throws {
        let engine = Self.engineStartedWithABrokenConfig()
        var follower = engine.snapshotStream().makeAsyncIterator()
        let running = Task { await engine.run() }
        let first = try #require(await follower.next())
        #expect(first.configProblems == ["config.toml, line 2: expected a table name."])
        #expect(await engine.status().config.problems == first.configProblems)
        await engine.stop()
        await running.value
    }

    /// The control socket is up before the engine runs: a `status` asked then waits for the
    /// start to be reduced instead of answering from the empty state (seen under load: no
    /// cities, no problems, for a config refused at start).
    @Test func aStatusAskedBeforeTheStartWaitsForIt() async throws {
        let engine = Self.engineStartedWithABrokenConfig()
        let asked = Task { await engine.control(.status).line() }
        // Let the request reach the engine before it runs.
        for _ in 0..<100_000 where await engine.waitingForTheStart == 0 { await Task.yield() }
        let running = Task { await engine.run() }
        let reply = String(decoding: await asked.value, as: UTF8.self)
        #expect(reply.contains("expected a table name"), "\(reply)")
        #expect(reply.contains("Rome"), "\(reply)")
        await engine.stop()
        await running.value
    }

    @Test func statusAnswersFromTheLatestSnapshot() async throws {
        let time = ManualTimeSource()
        let engine = KioskEngine.forTesting(
            cities: [City(name: "Rome", coordinate: Coordinate(latitude: 41.89, longitude: 12.51))],
            transport: NoNetwork(), time: time)
        let running = Task { await engine.run() }
        // The failed fetch is published although the slide stays: a follower sees it.
        var follower = engine.snapshotStream().makeAsyncIterator()
        var seen = try #require(await follower.next())
        while seen.forecastError == nil, let next = await follower.next() { seen = next }
        #expect(seen.forecastFailures == 1)
        #expect(seen.slide == Slide(.page(.city), cityIndex: 0))

        let status = await engine.status()
        #expect(status.forecast.error == seen.forecastError)
        #expect(status.forecast.failures == seen.forecastFailures)
        #expect(status.forecast.stale, "no forecast and a failure: stale")
        #expect(status.showing.city == "Rome")
        #expect(status.config.path == KioskEngine.testConfigPath)
        let due = try #require(seen.nextRefresh)
        #expect(
            status.forecast.nextRefreshSeconds
                == Int(due.seconds(since: time.now().monotonic).rounded(.up)))
        await engine.stop()
        await running.value
    }
}
