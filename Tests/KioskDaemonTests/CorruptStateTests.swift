import FoundationEssentials
import Glibc
import KioskCore
import KioskDaemon
import KioskTesting
import LinuxPlatform
import Testing

/// A corrupt state, history or cache file is moved aside before anything overwrites it,
/// and the newest three such copies are kept.
@Suite struct CorruptStateTests {
    private func asideCopies(_ directory: TemporaryDirectory, of name: String) -> [String] {
        directory.list().filter { $0.hasPrefix("\(name).corrupt-") }.sorted()
    }

    @Test(arguments: ["state.json", "indoor-history.json", "sensor-history.json", "forecasts.json"])
    func aCorruptFileIsMovedAsideAndSaidSo(_ name: String) throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write(name, "{ torn by a power cut")
        let store = StateStore(directory: directory.path)
        let cache = ForecastCache(directory: directory.path)
        do {
            switch name {
            case "state.json": _ = try store.loadState()
            case "indoor-history.json": _ = try store.loadHistory()
            case "sensor-history.json": _ = try store.loadSensorHistory()
            default: _ = try cache.load()
            }
            Issue.record("a corrupt \(name) was read")
        } catch {
            #expect(error.message.contains("moved it aside to \(directory.file(name)).corrupt-"))
        }
        let copies = asideCopies(directory, of: name)
        #expect(copies.count == 1)
        #expect(directory.read(copies[0]) == "{ torn by a power cut")
        #expect(!directory.list().contains(name), "the next write starts a new file")
    }

    @Test func theCacheWriterMovesACorruptCacheAsideToo() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write("forecasts.json", "not json")
        try ForecastCache(directory: directory.path).store([], now: Date())
        let copies = asideCopies(directory, of: "forecasts.json")
        #expect(copies.count == 1)
        #expect(directory.read(copies[0]) == "not json")
        #expect(try ForecastCache(directory: directory.path).load() == [])
    }

    @Test func theNewestThreeCopiesAreKept() {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let state = StateDirectory(directory.path)
        var moved: [String] = []
        for round in 0..<5 {
            directory.write("state.json", "bad \(round)")
            let now = Date(timeIntervalSince1970: 1_795_000_000 + Double(round) * 60)
            moved +=
                state.moveAsideLocking("state.json", holding: Array("bad \(round)".utf8), now: now)
                .map { [$0] } ?? []
        }
        #expect(moved.count == 5)
        let copies = asideCopies(directory, of: "state.json")
        #expect(copies.map { directory.file($0) } == Array(moved.suffix(3)))
        #expect(directory.read(copies[2]) == "bad 4")
        #expect(copies[0] == "state.json.corrupt-20261118T110840Z")
    }

    @Test func aFileReplacedMeanwhileIsNotMoved() {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write("state.json", "{}")
        let moved = StateDirectory(directory.path).moveAsideLocking(
            "state.json", holding: Array("bad".utf8), now: Date())
        #expect(moved == nil)
        #expect(directory.read("state.json") == "{}")
    }
}
