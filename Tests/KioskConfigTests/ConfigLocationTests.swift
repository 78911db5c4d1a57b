import Glibc
import KioskConfig
import KioskCore
import KioskTesting
import LinuxPlatform
import Testing

/// Which config file the kiosk and the verbs use, and where the CLI finds the kiosk when
/// that file is broken.
@Suite struct ConfigLocationTests {
    private func store(
        explicit: String? = nil, environment: [String: String] = ["HOME": "/home/pi"],
        root: Bool = false, systemExists: Bool = false
    ) -> ConfigStore {
        ConfigStore(
            explicitPath: explicit, environment: environment, isRoot: root,
            systemConfigExists: systemExists)
    }

    @Test func aUserWithoutTheSystemConfigGetsThePerUserOne() {
        #expect(store().path == "/home/pi/.config/weather-kiosk/config.toml")
        #expect(store().origin == .user)
        let xdg = store(environment: ["HOME": "/home/pi", "XDG_CONFIG_HOME": "/home/pi/xdg"])
        #expect(xdg.path == "/home/pi/xdg/weather-kiosk/config.toml")
        // A relative XDG_CONFIG_HOME is invalid by the XDG spec: ignored.
        let relative = store(environment: ["HOME": "/home/pi", "XDG_CONFIG_HOME": "xdg"])
        #expect(relative.path == "/home/pi/.config/weather-kiosk/config.toml")
    }

    @Test func theSystemConfigWinsWhenItExistsOrForRoot() {
        #expect(store(systemExists: true).path == ConfigStore.defaultPath)
        #expect(store(root: true).path == ConfigStore.defaultPath)
        #expect(store(root: true).origin == .system)
        #expect(store(environment: [:]).path == ConfigStore.defaultPath, "no home at all")
    }

    @Test func theOptionAndTheEnvironmentWinOverBoth() {
        let environment = ["HOME": "/home/pi", "WEATHER_KIOSK_CONFIG": "/srv/k.toml"]
        #expect(store(environment: environment).path == "/srv/k.toml")
        #expect(store(environment: environment).origin == .environment)
        #expect(store(explicit: "/x.toml", environment: environment).path == "/x.toml")
        #expect(store(explicit: "/x.toml", environment: environment).origin == .option)
    }

    @Test func theFirstEditCreatesThePerUserConfigAndItsDirectory() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let user = store(environment: ["XDG_CONFIG_HOME": directory.file("xdg")])
        #expect(!FileSystem.exists(directory.file("xdg")))
        try user.update { current, _ in
            try current.setting(ConfigPath(dotted: "display.theme"), to: .string("light"))
        }
        #expect(directory.read("xdg/weather-kiosk/config.toml")?.contains("theme") == true)
    }

    // MARK: Last good copy and the socket of a broken config

    @Test func theLastGoodCopyIsKeptPerFileAndPrivate() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let text = "state_dir = \"\(directory.file("state"))\"\n[display]\ntheme = \"light\"\n"
        directory.write("config.toml", text)
        let mine = store(explicit: directory.file("config.toml"))
        let loaded = try mine.load()
        try mine.saveLastGood(loaded.document, stateDirectory: directory.file("state"))
        let copy = ConfigStore.lastGoodPath(stateDirectory: directory.file("state"))
        var info = stat()
        #expect(stat(copy, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(
            mine.lastGood(stateDirectory: directory.file("state"))?.configuration.display.theme
                == .light)
        // Another file's config never stands in for this one.
        let other = store(explicit: directory.file("other.toml"))
        #expect(other.lastGood(stateDirectory: directory.file("state")) == nil)
        // Broken now: the kiosk falls back to the copy in the state directory the file names.
        directory.write("config.toml", text + "[display\n")
        let fallback = mine.fallback()
        #expect(fallback.lastGood == copy)
        #expect(fallback.configuration.display.theme == .light)
    }

    @Test func aBrokenConfigWithoutASocketLineNamesItsBoardsSocket() {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let broken = store(explicit: directory.file("config.toml"))
        directory.write("config.toml", "[display\n")
        #expect(
            broken.socketCandidates()
                == [
                    "/tmp/weather-kiosk-simulator/control.sock", "/run/weather-kiosk/control.sock",
                ],
            "the simulator board's socket, where a kiosk with this file listens")
        directory.write("config.toml", "board = \"raspberry-pi-4\"\n[display\n")
        #expect(broken.socketCandidates() == ["/run/weather-kiosk/control.sock"])
    }

    @Test func aBrokenConfigNamesTheLastGoodCopysSocketFirst() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let state = directory.file("state")
        let good = "state_dir = \"\(state)\"\n[control]\nsocket = \"/tmp/good.sock\"\n"
        directory.write("config.toml", good)
        let mine = store(explicit: directory.file("config.toml"))
        try mine.saveLastGood(try mine.load().document, stateDirectory: state)
        #expect(mine.socketCandidates() == ["/tmp/good.sock"])
        // Broken, and its socket line changed: the kiosk still listens where the copy says.
        directory.write(
            "config.toml", "state_dir = \"\(state)\"\n[control]\nsocket = \"/tmp/new.sock\"\n[x\n")
        #expect(
            mine.socketCandidates()
                == ["/tmp/good.sock", "/tmp/new.sock", "/run/weather-kiosk/control.sock"])
        // Valid with a new socket: the kiosk moves there on reload, the copy's until then.
        directory.write(
            "config.toml", "state_dir = \"\(state)\"\n[control]\nsocket = \"/tmp/new.sock\"\n")
        #expect(mine.socketCandidates() == ["/tmp/new.sock", "/tmp/good.sock"])
    }

    // MARK: FIFOs

    @Test func aFIFOIsRefusedAtOnceNotWaitedOn() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("config.toml")
        #expect(mkfifo(path, 0o600) == 0)
        do {
            _ = try FileSystem.read(path, regularFileOnly: true)
            Issue.record("a FIFO was read")
        } catch {
            #expect(error.message.contains("it is a FIFO, not a regular file"), "\(error.message)")
        }
        do {
            _ = try store(explicit: path).load()
            Issue.record("a FIFO was loaded as a config")
        } catch {
            #expect(error.kind == .access)
            #expect(error.description.contains(path))
        }
        #expect(!store(explicit: path).socketCandidates().isEmpty, "no hang either")
    }
}
