import FoundationEssentials
import Glibc
import KioskConfig
import KioskControl
import KioskTesting
import LinuxPlatform
import Testing

/// The daemon run as root on a state directory a neighbour could write to, or with links
/// planted in it: nothing of root's is overwritten, no secret reaches the neighbour, and the
/// kiosk runs on (without keeping anything on disk) and says so. Once a `daemon.pid` link
/// made root truncate a root-only file, and a `config.last-good.toml` link handed the config
/// with its API key to `nobody`.
@Suite(.serialized, .enabled(if: geteuid() == 0, "needs root to hand files to nobody"))
struct StateDirectorySafetyTests {
    static let nobody: uid_t = 65534
    static let apiKey = "k3y-of-the-owner"

    /// A kiosk whose config carries an API key, its state directory prepared by `prepare`
    /// before the start.
    private func start(prepare: (String) throws -> Void) async throws -> DaemonFixture {
        let kiosk = try await KioskFixture.start(extra: "")
        kiosk.writeConfig(
            baseURL: kiosk.server.baseURL,
            extra: DaemonFixture.daemonSettings(kiosk) + threeCities)
        // The key goes into [forecast], which the fixture's config opens.
        let text = try #require(kiosk.directory.read("config.toml"))
        kiosk.directory.write(
            "config.toml",
            text.replacing(
                "[forecast]\n", with: "[forecast]\napi_key = \"\(Self.apiKey)\"\n",
                maxReplacements: 1))
        try prepare(kiosk.directory.file("state"))
        let process = KioskBinary.spawn([
            "run", "--config", kiosk.configPath, "--log", kiosk.directory.file("kiosk.log"),
        ])
        return DaemonFixture(kiosk: kiosk, process: process)
    }

    @Test func aStateDirectoryOfNobodyWithPlantedLinksIsNotUsed() async throws {
        let outside = TemporaryDirectory()
        defer { outside.remove() }
        outside.write("root-only", "precious\n", mode: 0o600)
        outside.write("nobodys-file", "", mode: 0o644)
        #expect(chown(outside.file("nobodys-file"), Self.nobody, Self.nobody) == 0)
        let daemon = try await start { state in
            try FileSystem.createDirectories(state)
            // What nobody did: the directory is theirs, with two links in it.
            #expect(symlink(outside.file("root-only"), state + "/daemon.pid") == 0)
            #expect(
                symlink(outside.file("nobodys-file"), state + "/\(ConfigStore.lastGoodName)") == 0)
            #expect(lchown(state + "/daemon.pid", Self.nobody, Self.nobody) == 0)
            #expect(lchown(state + "/\(ConfigStore.lastGoodName)", Self.nobody, Self.nobody) == 0)
            #expect(chown(state, Self.nobody, Self.nobody) == 0)
        }
        defer { Task { await daemon.stop() } }
        let status = await daemon.waitFor("frames without the state directory") {
            $0.display.frame >= 2 && $0.forecast.fetchedAt != nil
        }
        let state = daemon.kiosk.directory.file("state")
        #expect(
            status?.stateProblem?.hasPrefix(
                "The state directory \(state) belongs to user nobody (uid 65534), not to root, who runs the kiosk: that user could replace the kiosk's files there. Give it to root (`sudo chown -R root: \(state)`) or set state_dir to a directory of root's own"
            ) == true, "\(String(describing: status?.stateProblem))")
        #expect(outside.read("root-only") == "precious\n", "root's file untouched")
        #expect(outside.read("nobodys-file") == "", "no config handed to nobody")
        #expect(
            daemon.kiosk.directory.list("state").sorted()
                == ["config.last-good.toml", "daemon.pid"], "nothing written there")
        let text = await daemon.run(["status"])
        #expect(
            text.standardOutput.contains("State     nothing kept on disk"), "\(text.standardOutput)"
        )
        #expect(await daemon.terminate().exitCode == 0)
    }

    @Test func aStateDirectoryOthersCanWriteIsNotUsed() async throws {
        let daemon = try await start { state in
            try FileSystem.createDirectories(state)
            #expect(chmod(state, 0o777) == 0)
        }
        defer { Task { await daemon.stop() } }
        let status = await daemon.waitFor("the refusal") { $0.stateProblem != nil }
        #expect(
            status?.stateProblem?.contains(
                "can be written by other users (mode 777): they could replace the kiosk's files there. Make it private (`chmod go-w"
            ) == true, "\(String(describing: status?.stateProblem))")
        #expect(daemon.kiosk.directory.list("state").isEmpty)
        #expect(await daemon.terminate().exitCode == 0)
    }

    /// Links left in the kiosk's own directory are replaced, never written through, and the
    /// config's copy is the owner's alone even when an older copy was readable by all.
    @Test func linksInTheKiosksOwnDirectoryAreReplacedNotFollowed() async throws {
        let outside = TemporaryDirectory()
        defer { outside.remove() }
        outside.write("target", "untouched\n", mode: 0o644)
        let daemon = try await start { state in
            try FileSystem.createDirectories(state)
            #expect(chmod(state, 0o700) == 0)
            #expect(symlink(outside.file("target"), state + "/forecasts.json") == 0)
            #expect(symlink(outside.file("target"), state + "/state.json") == 0)
            #expect(
                symlink(outside.file("target"), state + "/\(ConfigStore.lastGoodName)") == 0)
        }
        defer { Task { await daemon.stop() } }
        let status = await daemon.waitFor("a forecast kept") { $0.forecast.fetchedAt != nil }
        #expect(status?.stateProblem == nil, "\(String(describing: status?.stateProblem))")
        let state = daemon.kiosk.directory.file("state")
        for _ in 0..<300 where !Self.isRegularFile(state + "/forecasts.json") {
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(outside.read("target") == "untouched\n")
        for name in ["forecasts.json", ConfigStore.lastGoodName] {
            #expect(Self.isRegularFile(state + "/" + name), "\(name) is a file of its own now")
        }
        #expect(FileSystem.permissions(of: state + "/" + ConfigStore.lastGoodName) == 0o600)
        #expect(await daemon.terminate().exitCode == 0)
        #expect(outside.read("target") == "untouched\n", "the last state written at the stop")

        // An older copy readable by all, with the same text: made private at the next start.
        #expect(chmod(state + "/" + ConfigStore.lastGoodName, 0o644) == 0)
        let again = DaemonFixture(
            kiosk: daemon.kiosk,
            process: KioskBinary.spawn(["run", "--config", daemon.kiosk.configPath]))
        _ = await again.waitFor("the second start") { $0.display.frame >= 1 }
        #expect(FileSystem.permissions(of: state + "/" + ConfigStore.lastGoodName) == 0o600)
        #expect(await again.terminate().exitCode == 0)
    }

    /// A state directory on a read-only file system once meant no kiosk at all (the lock
    /// file could not be made). Mounted read-only in a mount namespace of the kiosk's own.
    @Test func aReadOnlyStateDirectoryLeavesAKioskThatKeepsNothing() async throws {
        let kiosk = try await KioskFixture.start(extra: "")
        kiosk.writeConfig(
            baseURL: kiosk.server.baseURL,
            extra: DaemonFixture.daemonSettings(kiosk) + threeCities)
        let state = kiosk.directory.file("state")
        try FileSystem.createDirectories(state)
        let process = ExternalProgram.spawn(
            "/usr/bin/unshare",
            [
                "-m", "/bin/sh", "-c",
                "mount -t tmpfs -o ro,mode=755 tmpfs \"$0\" && exec \"$1\" run --config \"$2\"",
                state, KioskBinary.path, kiosk.configPath,
            ])
        let daemon = DaemonFixture(kiosk: kiosk, process: process)
        defer { Task { await daemon.stop() } }
        let status = await daemon.waitFor("a kiosk on a read-only state directory") {
            $0.display.frame >= 1 && $0.stateProblem != nil
        }
        // At the start the lock file's sentence; later that of the last write refused.
        let problem = status?.stateProblem ?? ""
        #expect(
            problem.hasPrefix("Cannot ") && problem.contains("\(state)/")
                && problem.contains(
                    ": read-only file system; the file system is mounted read-only."),
            "\(problem)")
        #expect(status?.cities.count == 3)
        #expect(await daemon.terminate().exitCode == 0)
    }

    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }
}
