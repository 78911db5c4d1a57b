import FoundationEssentials
import Glibc
import KioskCommands
import KioskConfig
import KioskControl
import KioskTesting
import LinuxPlatform
import Testing

/// The running kiosk and its config file: the per-user config of a first run, a file
/// emptied, deleted, broken or turned into a FIFO, a broken file at start, and a moved
/// control socket. `status` finds the kiosk in every case.
@Suite struct ConfigFallbackTests {
    /// `status` straight from the daemon's socket: with the file gone, the CLI cannot know
    /// a socket that only the file named (it finds the board's and the built-in one).
    private func status(at socket: String) -> KioskStatus? {
        struct Reply: Decodable { var status: KioskStatus }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            let reply = try ControlClient(path: socket).send(ControlRequest(cmd: "status"))
            return try decoder.decode(Reply.self, from: Data(reply)).status
        } catch {
            return nil
        }
    }

    @Test func anEmptiedOrDeletedConfigKeepsTheLastGoodOne() async throws {
        let daemon = try await DaemonFixture.start()
        defer { Task { await daemon.stop() } }
        _ = await daemon.waitFor("the first frame") { $0.display.frame >= 1 }
        let good = try #require(daemon.kiosk.directory.read("config.toml"))
        let copy = daemon.kiosk.directory.file("state/\(ConfigStore.lastGoodName)")
        let socket = daemon.kiosk.directory.file("control.sock")
        #expect(
            daemon.kiosk.directory.read("state/\(ConfigStore.lastGoodName)")?.hasSuffix(good)
                == true)

        // `: > CFG`, then `rm CFG`.
        for (what, change) in [
            ("is empty", { daemon.kiosk.directory.write("config.toml", "") }),
            ("is missing", { FileSystem.remove(daemon.kiosk.configPath) }),
        ] as [(String, () -> Void)] {
            change()
            var refused: KioskStatus?
            for _ in 0..<300 {
                refused = status(at: socket)
                if refused?.config.problems.first?.contains(what) == true { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(
                refused?.config.problems.first?.contains(what) == true,
                "\(String(describing: refused))")
            #expect(
                refused?.config.problems.first?.contains("`cp \(copy) \(daemon.kiosk.configPath)`")
                    == true)
            #expect(refused?.cities.count == 3, "the favourites stay")
            #expect(refused?.display.kind == "png" && refused?.sensor.kind == "simulated")
            #expect(refused?.config.lastGood == copy)
        }
        // `cp` it back, as the problem says: the copy's first line is a comment.
        let restore = try #require(try FileSystem.read(copy))
        try FileSystem.writeAtomically(restore, to: daemon.kiosk.configPath)
        let fixed = await daemon.waitFor("the restored config") { $0.config.problems.isEmpty }
        #expect(fixed?.config.lastGood == nil)
        // Broken while running: the CLI finds the kiosk and shows file, line and the copy.
        daemon.kiosk.directory.write("config.toml", good + "\n[display\n")
        let broken = await daemon.waitFor("the refusal") { !$0.config.problems.isEmpty }
        #expect(broken?.config.problems.first?.contains("config.toml, line") == true)
        let text = await daemon.run(["status"])
        #expect(text.standardOutput.contains("runs on its last good copy, \(copy)"))
    }

    @Test func aConfigTurnedIntoAFIFOIsRefusedAtOnce() async throws {
        let daemon = try await DaemonFixture.start()
        defer { Task { await daemon.stop() } }
        _ = await daemon.waitFor("the first frame") { $0.display.frame >= 1 }
        FileSystem.remove(daemon.kiosk.configPath)
        #expect(mkfifo(daemon.kiosk.configPath, 0o644) == 0)
        let socket = daemon.kiosk.directory.file("control.sock")
        var refused: KioskStatus?
        for _ in 0..<300 {
            refused = status(at: socket)
            if refused?.config.problems.first?.contains("FIFO") == true { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(
            refused?.config.problems.first?.contains("it is a FIFO, not a regular file") == true,
            "\(String(describing: refused))")
        #expect(refused?.cities.count == 3)
        // `reload` answers instead of hanging on the FIFO, and SIGTERM ends the kiosk.
        let reload = String(
            decoding: try ControlClient(path: socket).send(ControlRequest(cmd: "reload")),
            as: UTF8.self)
        #expect(reload.contains("FIFO"), "\(reload)")
        let ended = await daemon.terminate()
        #expect(ended.exitCode == 0 && !ended.timedOut)
    }

    @Test func aConfigBrokenAtStartStillAnswersStatusThenIsFixed() async throws {
        let kiosk = try await KioskFixture.start()
        defer { Task { await kiosk.stop() } }
        let good =
            "state_dir = \"\(kiosk.directory.file("state"))\"\n[forecast]\nbase_url = \"\(kiosk.server.baseURL)\"\n"
            + DaemonFixture.daemonSettings(kiosk) + threeCities
        // No good copy yet: the socket and state directory come from the broken file.
        kiosk.directory.write("config.toml", good + "[display\n")
        let first = KioskBinary.spawn(["run", "--config", kiosk.configPath])
        let daemon = DaemonFixture(kiosk: kiosk, process: first)
        // With a broken file the CLI also tries the board's and the built-in socket, where
        // another test's kiosk may answer while this one starts: wait for this one.
        let broken = await daemon.waitFor("status of a kiosk started broken") {
            $0.config.path == kiosk.configPath
        }
        #expect(
            broken?.config.problems.first?.contains("config.toml, line") == true,
            "\(String(describing: broken))")
        #expect(broken?.config.lastGood == nil)
        #expect(kiosk.directory.list().contains("control.sock"), "the file's socket")
        // Fixed: accepted, on the same socket.
        kiosk.directory.write("config.toml", good)
        let fixed = await daemon.waitFor("the fixed config") {
            $0.config.path == kiosk.configPath && $0.config.problems.isEmpty
        }
        #expect(fixed?.cities.count == 3)
        // The copy is written after the config is taken: under load `status` can be first.
        for _ in 0..<300 where !kiosk.directory.list("state").contains(ConfigStore.lastGoodName) {
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(kiosk.directory.list("state").contains(ConfigStore.lastGoodName))
        #expect(await daemon.terminate().exitCode == 0)

        // Broken again before the next start, its socket line gone: the kiosk starts on the
        // last good copy, and `status` finds it through the copy.
        kiosk.directory.write(
            "config.toml", "state_dir = \"\(kiosk.directory.file("state"))\"\n[display\n")
        let second = DaemonFixture(
            kiosk: kiosk, process: KioskBinary.spawn(["run", "--config", kiosk.configPath]))
        defer { Task { await second.stop() } }
        let onCopy = await second.waitFor("a start on the last good copy") {
            $0.config.path == kiosk.configPath
        }
        #expect(onCopy?.cities.count == 3)
        #expect(onCopy?.config.lastGood?.hasSuffix(ConfigStore.lastGoodName) == true)
        #expect(onCopy?.config.problems.first?.contains("line 2") == true)
    }

    /// A 16,000-part table header once crashed the parser (SIGSEGV) on reload and at every
    /// start after, though a last good copy existed; `config check` crashed too.
    @Test func aDeepDottedHeaderIsRefusedAndTheKioskRestartsOnTheLastGoodCopy() async throws {
        let daemon = try await DaemonFixture.start()
        defer { Task { await daemon.stop() } }
        _ = await daemon.waitFor("the first frame") { $0.display.frame >= 1 }
        let good = try #require(daemon.kiosk.directory.read("config.toml"))
        let deepHeader = "[" + Array(repeating: "a", count: 16_000).joined(separator: ".") + "]\n"
        let deepKey = Array(repeating: "k", count: 20_000).joined(separator: ".") + " = 1\n"
        daemon.kiosk.directory.write("config.toml", good + "\n" + deepHeader + "x = 1\n")
        let lines = good.split(separator: "\n", omittingEmptySubsequences: false).count
        let refused = await daemon.waitFor("the reload refused") { !$0.config.problems.isEmpty }
        #expect(
            refused?.config.problems.first?.contains(
                "config.toml, line \(lines + 1), column 66: TOML syntax error: tables, arrays and dotted keys nest more than 32 levels deep here"
            ) == true, "\(String(describing: refused?.config.problems))")
        let check = await daemon.run(["config", "check"])
        #expect(check.exitCode == 2, "\(check.standardError)")
        #expect(check.standardError.contains("nest more than 32 levels deep"))
        #expect(await daemon.terminate().exitCode == 0)

        // Started again on the same file, then on a deep dotted key: the last good copy.
        for broken in [good + "\n" + deepHeader + "x = 1\n", deepKey + good] {
            daemon.kiosk.directory.write("config.toml", broken)
            let again = DaemonFixture(
                kiosk: daemon.kiosk,
                process: KioskBinary.spawn(["run", "--config", daemon.kiosk.configPath]))
            let onCopy = await again.waitFor("a start on the last good copy") {
                $0.config.lastGood != nil
            }
            #expect(onCopy?.cities.count == 3)
            #expect(onCopy?.config.problems.first?.contains("levels deep") == true)
            let set = await again.run(["config", "set", "display.cycle_seconds", "5"])
            #expect(set.exitCode == 2 && set.standardError.contains("levels deep"))
            let ended = await again.terminate()
            #expect(ended.exitCode == 0, "\(ended.standardError)")
        }
    }

    @Test func settingTheControlSocketMovesIt() async throws {
        let daemon = try await DaemonFixture.start()
        defer { Task { await daemon.stop() } }
        _ = await daemon.waitFor("the first frame") { $0.display.frame >= 1 }
        let moved = daemon.kiosk.directory.file("run/moved.sock")
        let set = await daemon.run(["config", "set", "control.socket", moved])
        #expect(set.exitCode == 0, "\(set.standardError)")
        _ = await daemon.waitFor("the socket to move") { _ in
            ControlClient(path: moved).answers()
        }
        #expect(!ControlClient(path: daemon.kiosk.directory.file("control.sock")).answers())
        #expect(await daemon.status()?.config.problems.isEmpty == true)
    }

    /// The README's "Try it": `run` without a config, then `city add` in another
    /// terminal, both without --config or WEATHER_KIOSK_CONFIG, as a user other than root
    /// (tests running as root run the binary as nobody).
    @Test func theQuickStartUsesOnePerUserConfig() async throws {
        // Without a config the kiosk takes the simulator's own state directory,
        // /tmp/weather-kiosk-simulator, and its lock: two test runs on one machine (CI beside
        // a developer's) take turns here instead of refusing each other's kiosk.
        let turn = try await MachineWideTurn.take("/tmp/weather-kiosk-simulator.tests.lock")
        defer { turn.release() }
        let kiosk = try await KioskFixture.start()
        defer { Task { await kiosk.stop() } }
        let home = kiosk.directory.file("home")
        try FileSystem.createDirectories(home, mode: 0o777)
        #expect(chmod(kiosk.directory.path, 0o777) == 0 && chmod(home, 0o777) == 0)
        let environment = ["HOME": home]
        let userConfig = home + "/.config/weather-kiosk/config.toml"
        let asUser: [String] =
            geteuid() == 0
            ? ["--reuid=65534", "--regid=65534", "--clear-groups", "--", KioskBinary.path] : []
        let program = geteuid() == 0 ? "/usr/bin/setpriv" : KioskBinary.path
        func run(_ arguments: [String]) async -> BinaryResult {
            await ExternalProgram.run(
                program, asUser + arguments, environment: environment, timeout: 120)
        }
        let log = kiosk.directory.file("kiosk.log")
        let process = ExternalProgram.spawn(
            program, asUser + ["run", "--log", log], environment: environment)
        defer { process.signal(SIGKILL) }
        // The simulator draws into stdout: read it all the time, so that it never blocks.
        let ended = Task { await process.finish(timeout: 300) }
        for _ in 0..<600 where kiosk.directory.read("kiosk.log")?.contains("started") != true {
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(kiosk.directory.read("kiosk.log")?.contains("started") == true)
        #expect(!FileSystem.exists(userConfig), "created on the first write, not before")
        let unwritten = await run(["status"])
        #expect(
            unwritten.standardOutput.contains(
                "\(userConfig) (the per-user config) · not written yet: the built-in defaults are in use"
            ), "\(unwritten.standardOutput)")
        // Off the shared simulator paths first (state, socket), and onto the fake server.
        for (key, value) in [
            ("state_dir", kiosk.directory.file("state")),
            ("forecast.base_url", kiosk.server.baseURL),
            ("control.socket", kiosk.directory.file("control.sock")),
        ] {
            let set = await run(["config", "set", key, value])
            #expect(set.exitCode == 0, "\(set.standardError)")
        }
        #expect(FileSystem.exists(userConfig))
        let add = await run(["city", "add", "--name", "Rome", "--lat", "41.9", "--lon", "12.5"])
        #expect(add.exitCode == 0, "\(add.standardError)")
        var shown: KioskStatus?
        for _ in 0..<600 {
            let result = await run(["status", "--json"])
            if result.exitCode == 0 {
                let decoder = JSONDecoder()
                decoder.dateDecodingStrategy = .iso8601
                shown = try decoder.decode(KioskStatus.self, from: Data(result.standardOutput.utf8))
                if shown?.cities == ["Rome"] { break }
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(shown?.cities == ["Rome"], "the running kiosk saw the new per-user config")
        #expect(shown?.config.path == userConfig)
        #expect(shown?.config.origin == "user")
        let text = await run(["status"])
        #expect(text.standardOutput.contains("\(userConfig) (the per-user config) · in use"))
        let doctor = await run(["doctor"])
        #expect(doctor.standardOutput.contains("\(userConfig) (the per-user config"))
        #expect(doctor.standardOutput.contains("WARN  station"))
        process.signal(SIGTERM)
        let result = await ended.value
        #expect(result.exitCode == 0, "\(result.standardError)")
    }
}

/// An exclusive `flock` on a file, waited for without holding a thread: for tests that must
/// use a path every test run on the machine shares.
struct MachineWideTurn {
    let descriptor: Int32

    static func take(_ path: String) async throws -> MachineWideTurn {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
        try #require(descriptor >= 0, "cannot open \(path): errno \(errno)")
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            try await Task.sleep(for: .milliseconds(200))
        }
        return MachineWideTurn(descriptor: descriptor)
    }

    func release() {
        close(descriptor)
    }
}
