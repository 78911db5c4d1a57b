import KioskCore
import KioskDaemon
import Rendering
import Testing

/// The empty page's command works where the kiosk runs: `sudo` only for the system config,
/// the program as it was started, `--config` only where the verb would not find the file.
@Suite struct CityAddHintTests {
    static let environment = [
        "HOME": "/home/ann", "PATH": "/usr/local/bin:/usr/bin:/bin",
    ]

    @Test func anInstalledKioskOnTheSystemConfigNeedsSudo() {
        #expect(
            CityAddHint.command(
                configPath: "/etc/weather-kiosk/config.toml", invokedAs: "/usr/bin/weather-kiosk",
                workingDirectory: "/", environment: Self.environment)
                == "sudo weather-kiosk city add Rome")
    }

    @Test func theSimulatorOnItsUsersConfigNeedsNoSudo() {
        #expect(
            CityAddHint.command(
                configPath: "/home/ann/.config/weather-kiosk/config.toml",
                invokedAs: "weather-kiosk", workingDirectory: "/home/ann",
                environment: Self.environment) == "weather-kiosk city add Rome")
        var xdg = Self.environment
        xdg["XDG_CONFIG_HOME"] = "/home/ann/cfg"
        #expect(
            CityAddHint.command(
                configPath: "/home/ann/cfg/weather-kiosk/config.toml",
                invokedAs: "/usr/local/bin/weather-kiosk", workingDirectory: "/tmp",
                environment: xdg) == "weather-kiosk city add Rome")
    }

    @Test func aBuildDirectoryAndAnotherConfigAreSpelledOut() {
        #expect(
            CityAddHint.command(
                configPath: "kiosk.toml", invokedAs: ".build/debug/weather-kiosk",
                workingDirectory: "/home/ann/src/weather-kiosk", environment: Self.environment)
                == "~/src/weather-kiosk/.build/debug/weather-kiosk --config ~/src/weather-kiosk/kiosk.toml city add Rome"
        )
        #expect(
            CityAddHint.command(
                configPath: "/srv/my kiosk/it's.toml", invokedAs: "weather-kiosk",
                workingDirectory: "/", environment: Self.environment)
                == "weather-kiosk --config '/srv/my kiosk/it'\\''s.toml' city add Rome")
    }

    @Test func theEmptyPageShowsTheCommandItIsGiven() throws {
        var model = DemoData.model(page: .empty)
        model.host.addCityCommand = "weather-kiosk city add Rome"
        for size in [PixelSize(width: 320, height: 240), PixelSize(width: 800, height: 480)] {
            let texts = try PageRenderer().render(model, size: size).texts.map(\.text)
            let joined = texts.joined(separator: " ")
            #expect(joined.contains("weather-kiosk city add Rome"), "\(texts)")
            #expect(!joined.contains("sudo"), "\(texts)")
        }
    }
}
