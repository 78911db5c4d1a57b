import FoundationEssentials
import KioskControl
import KioskCore
import KioskTesting
import Testing

@testable import KioskDaemon

/// What the engine keeps in its state directory goes through the `FileStore` port: the
/// slide and the recent favourites after a press, the forecast cache after a fetch, and a
/// write that fails is the sentence `status` shows until one succeeds. In memory: no
/// temporary directory.
@Suite struct EnginePersistenceTests {
    static let rome = City(name: "Rome", coordinate: Coordinate(latitude: 41.89, longitude: 12.51))
    static let berlin = City(
        name: "Berlin", coordinate: Coordinate(latitude: 52.52, longitude: 13.41))

    @Test func aPressIsKeptInTheStateFile() async throws {
        let kiosk = EngineHarness(cities: [Self.rome, Self.berlin])
        try await kiosk.start()
        await kiosk.press(.next)
        // `stop()` waits for the writes under way.
        await kiosk.stop()
        let state = try #require(try StateStore(files: kiosk.files).loadState())
        #expect(state.lastCity?.name == "Berlin")
        #expect(state.recentCities.map(\.name).contains("Berlin"))
        #expect(kiosk.files.names.contains("state.json"))
    }

    @Test func aFetchIsKeptInTheCache() async throws {
        let files = InMemoryFileStore()
        let time = ManualTimeSource(
            wall: Date(timeIntervalSince1970: 1_795_000_000), utcOffsetSeconds: 0)
        let fake = FakeOpenMeteo(now: { time.now().wall })
        let engine = KioskEngine.forTesting(
            cities: [Self.rome], files: files, transport: InMemoryOpenMeteo(fake: fake),
            time: time)
        let running = Task { await engine.run() }
        var follower = engine.snapshotStream().makeAsyncIterator()
        var seen = try #require(await follower.next())
        while seen.forecastFetchedAt == nil, let next = await follower.next() { seen = next }
        await engine.stop()
        await running.value
        let cached = try ForecastCache(files: files).load()
        #expect(cached.count == 1)
        #expect(ForecastCache.sameKey(cached[0].coordinate, Self.rome.coordinate))
        #expect(cached[0].fetchedAt == seen.forecastFetchedAt)
    }

    /// The 10,000 yields this test waited with before are no wait on a loaded machine: it
    /// waits for the sentence itself, for up to a minute.
    @Test func aFailedWriteIsInTheStatusUntilOneSucceeds() async throws {
        let kiosk = EngineHarness(cities: [Self.rome, Self.berlin])
        let sentence = "Cannot write /state/state.json: the file system is mounted read-only."
        kiosk.files.failWrites(sentence)
        try await kiosk.start()
        await kiosk.press(.next)
        try await EngineSnapshotTests.until("the failed write in status") {
            await kiosk.engine.status().stateProblem == sentence
        }
        kiosk.files.failWrites(nil)
        await kiosk.press(.next)
        try await EngineSnapshotTests.until("a write that succeeded clears the problem") {
            await kiosk.engine.status().stateProblem == nil
        }
        await kiosk.stop()
    }
}
