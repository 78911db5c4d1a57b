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
        let files = InMemoryFileStore()
        let time = ManualTimeSource()
        let engine = KioskEngine.forTesting(
            cities: [Self.rome, Self.berlin], files: files, transport: NoNetwork(), time: time)
        let running = Task { await engine.run() }
        var follower = engine.snapshotStream().makeAsyncIterator()
        _ = try #require(await follower.next())
        let at = time.now().monotonic
        await engine.handle(.gesture(ButtonGesture(.next, .press, at: at)))
        await engine.handle(.gesture(ButtonGesture(.next, .short, at: at)))
        // `stop()` waits for the writes under way.
        await engine.stop()
        await running.value
        let state = try #require(try StateStore(files: files).loadState())
        #expect(state.lastCity?.name == "Berlin")
        #expect(state.recentCities.map(\.name).contains("Berlin"))
        #expect(files.names.contains("state.json"))
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

    @Test func aFailedWriteIsInTheStatusUntilOneSucceeds() async throws {
        let files = InMemoryFileStore()
        let sentence = "Cannot write /state/state.json: the file system is mounted read-only."
        files.failWrites(sentence)
        let time = ManualTimeSource()
        let engine = KioskEngine.forTesting(
            cities: [Self.rome, Self.berlin], files: files, transport: NoNetwork(), time: time)
        let running = Task { await engine.run() }
        var follower = engine.snapshotStream().makeAsyncIterator()
        _ = try #require(await follower.next())
        let at = time.now().monotonic
        await engine.handle(.gesture(ButtonGesture(.next, .press, at: at)))
        await engine.handle(.gesture(ButtonGesture(.next, .short, at: at)))
        var problem: String?
        for _ in 0..<10_000 where problem == nil {
            problem = await engine.status().stateProblem
            await Task.yield()
        }
        #expect(problem == sentence)
        files.failWrites(nil)
        await engine.handle(.gesture(ButtonGesture(.next, .press, at: at)))
        await engine.handle(.gesture(ButtonGesture(.next, .short, at: at)))
        for _ in 0..<10_000 where problem != nil {
            problem = await engine.status().stateProblem
            await Task.yield()
        }
        #expect(problem == nil, "a write that succeeded clears the problem")
        await engine.stop()
        await running.value
    }
}
