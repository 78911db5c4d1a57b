import FoundationEssentials
import Glibc
import KioskControl
import KioskCore
import KioskDaemon
import KioskTesting
import LinuxPlatform
import Testing

/// A running `weather-kiosk run` for one test: simulator board, PNG display, its own
/// control socket and state directory, forecasts from the fake Open-Meteo on 127.0.0.1.
struct DaemonFixture {
    let kiosk: KioskFixture
    let process: RunningBinary

    /// Writes the config (with `extra` appended), optionally an old forecast cache, and
    /// starts the daemon.
    static func start(
        extra: String = threeCities, cacheAge: Double? = nil, fault: ServerFault? = nil,
        cycleSeconds: Int = 2
    ) async throws -> DaemonFixture {
        let kiosk = try await KioskFixture.start(extra: "")
        kiosk.writeConfig(
            baseURL: kiosk.server.baseURL,
            extra: daemonSettings(kiosk, cycleSeconds: cycleSeconds) + extra)
        if let cacheAge {
            let filled = await kiosk.run(["forecast"])
            #expect(filled.exitCode == 0, "\(filled.standardError)")
            try age(cacheOf: kiosk, by: cacheAge)
        }
        kiosk.server.setFault(fault)
        return running(kiosk)
    }

    /// Starts the daemon on the config `kiosk` has written.
    static func running(_ kiosk: KioskFixture) -> DaemonFixture {
        DaemonFixture(kiosk: kiosk, process: spawn(kiosk))
    }

    private static func spawn(_ kiosk: KioskFixture) -> RunningBinary {
        KioskBinary.spawn([
            "run", "--config", kiosk.configPath, "--log", kiosk.directory.file("kiosk.log"),
        ])
    }

    /// The daemon started again on the same config and state directory, once this one
    /// has ended (`terminate()`): a restart, as systemd makes one.
    func restarted() -> DaemonFixture {
        DaemonFixture(kiosk: kiosk, process: Self.spawn(kiosk))
    }

    static func daemonSettings(_ kiosk: KioskFixture, cycleSeconds: Int = 2) -> String {
        """
        [display]
        kind = "png"
        device = "\(kiosk.directory.file("screen.png"))"
        size = "400x240"
        cycle_seconds = \(cycleSeconds)

        [sensor]
        kind = "simulated"
        interval_seconds = 5

        [buttons]
        backend = "none"

        [control]
        socket = "\(kiosk.directory.file("control.sock"))"


        """
    }

    /// Moves every cached forecast `seconds` into the past.
    static func age(cacheOf kiosk: KioskFixture, by seconds: Double) throws {
        let cache = ForecastCache(directory: kiosk.directory.file("state"))
        let entries = try cache.load().map { entry in
            var old = entry
            old.fetchedAt = entry.fetchedAt.addingTimeInterval(-seconds)
            return old
        }
        FileSystem.remove(cache.path)
        try cache.store(entries, now: entries.first?.fetchedAt ?? Date())
    }

    /// Runs a verb against this daemon.
    func run(_ arguments: [String]) async -> BinaryResult {
        await kiosk.run(arguments)
    }

    /// `status --json`, decoded; nil while the daemon is not answering.
    func status() async -> KioskStatus? {
        let result = await run(["status", "--json"])
        guard result.exitCode == 0 else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(KioskStatus.self, from: Data(result.standardOutput.utf8))
    }

    /// Polls `status` until `condition` holds; the timeout is a safety net, not a
    /// measurement (docs/measurements.md's figures come from Benchmarks/measure-daemon.py).
    func waitFor(
        _ what: String, timeout: Double = 180, _ condition: (KioskStatus) -> Bool
    ) async -> KioskStatus? {
        let deadline = Date().addingTimeInterval(timeout)
        var last: KioskStatus?
        while Date() < deadline {
            if let status = await status() {
                last = status
                if condition(status) { return status }
            }
            try? await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("timed out waiting for \(what); last status: \(String(describing: last))")
        return nil
    }

    /// SIGTERM, and how the process ended.
    func terminate() async -> BinaryResult {
        process.signal(SIGTERM)
        return await process.finish(timeout: 30)
    }

    func stop() async {
        process.signal(SIGKILL)
        _ = await process.finish(timeout: 10)
        await kiosk.stop()
    }

    /// The number of open file descriptors of the daemon.
    var openDescriptors: Int {
        TemporaryDirectory.count(entriesOf: "/proc/\(process.pid)/fd")
    }
}

extension TemporaryDirectory {
    /// How many entries a directory has ("." and ".." excluded); 0 when it cannot be read.
    static func count(entriesOf path: String) -> Int {
        guard let stream = opendir(path) else { return 0 }
        defer { closedir(stream) }
        var count = 0
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != "." && name != ".." { count += 1 }
        }
        return count
    }
}
