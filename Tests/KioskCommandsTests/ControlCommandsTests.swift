import FoundationEssentials
import KioskCommands
import KioskControl
import KioskCore
import KioskTesting
import Synchronization
import Testing

/// The CLI side of the control verbs against a control server with canned answers.
@Suite struct ControlCommandsTests {
    private final class Recorder: Sendable {
        let lines = Mutex<[String]>([])
        var console: Console {
            Console(
                write: { text in self.lines.withLock { $0.append(text) } },
                printError: { text in self.lines.withLock { $0.append(text) } })
        }
        var text: String { lines.withLock { $0.joined() } }
    }

    private static let status = KioskStatus(
        version: "0.1.0", uptimeSeconds: 3 * 3600 + 12 * 60, board: "raspberry-pi-4",
        display: .init(kind: "framebuffer", size: "800x480", power: "on", frame: 1234, error: nil),
        showing: .init(page: "city", city: "Rome", cityNumber: 2, pausedSeconds: 40),
        cities: ["Berlin", "Rome", "Oslo"], recentCities: ["Rome", "Oslo"],
        forecast: .init(
            fetchedAt: Date(timeIntervalSince1970: 1_800_000_000 - 360), stale: false, error: nil,
            nextRefreshSeconds: 540, failures: 0),
        sensor: .init(
            kind: "bme280", chip: "bme280", temperature: Temperature(celsius: 21.43),
            humidity: 45.2, pressure: Pressure(pascals: 100_512),
            seaLevelPressure: Pressure(pascals: 101_318), dewPoint: Temperature(celsius: 9.1),
            tendency: "rising"),
        config: .init(
            path: "/etc/weather-kiosk/config.toml",
            problems: ["/etc/weather-kiosk/config.toml, line 3: unknown key colour."]))

    /// What `status` prints (or, with `json`, its JSON) for a kiosk answering `status`.
    private func statusOutput(_ status: KioskStatus, json: Bool = false) async throws -> String {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let server = try ControlServer(path: directory.file("control.sock")) { command in
            guard command == .status else { return .failure(ControlFailure(message: "unexpected")) }
            return .status(status)
        }
        let recorder = Recorder()
        let commands = ControlCommands(
            client: ControlClient(path: server.path), console: recorder.console)
        try await onDedicatedThread {
            Result {
                try commands.status(json: json, now: Date(timeIntervalSince1970: 1_800_000_000))
            }
        }.get()
        await server.stop()
        return recorder.text
    }

    /// `[units]` applies to the sensor line (issue 14 point 2); the JSON stays in °C and Pa.
    @Test func statusShowsTheSensorInTheKiosksUnits() async throws {
        var status = Self.status
        status.units = Units(temperature: .fahrenheit, pressure: .inchesOfMercury)
        let text = try await statusOutput(status)
        #expect(text.contains("Sensor    bme280 (bme280) · 70.6 °F · 45 % · 29.92 inHg rising"))
        status.units = Units(pressure: .millimetresOfMercury)
        #expect(
            try await statusOutput(status).contains(
                "Sensor    bme280 (bme280) · 21.4 °C · 45 % · 760 mmHg rising"))
        let json = try await statusOutput(status, json: true)
        #expect(json.contains(#""temperature_c" : 21.43"#))
        #expect(json.contains(#""sea_level_pressure_pa" : 101318"#))
        #expect(json.contains(#""pressure_pa" : 100512"#))
    }

    @Test func statusIsReadable() async throws {
        let text = try await statusOutput(Self.status)
        #expect(
            text.contains("Kiosk     weather-kiosk 0.1.0 · up 3 h 12 min · board raspberry-pi-4"))
        #expect(
            text.contains("Showing   city page of Rome (2 of 3) · paused, cycling again in 40 s"))
        #expect(text.contains("Forecast  updated 6 min ago · next refresh in 9 min"))
        #expect(text.contains("Sensor    bme280 (bme280) · 21.4 °C · 45 % · 1013 hPa rising"))
        #expect(text.contains("line 3: unknown key colour."))
        #expect(text.contains("Recent    Rome, Oslo"))
    }

    /// Issue 32: a place on MET Norway's forecast says so beside its name, in the text and
    /// as `provider` in the JSON; Open-Meteo's places say nothing more than before.
    @Test func statusSaysWhichPlacesShowMETNorwaysForecast() async throws {
        var status = Self.status
        status.forecast.places = [
            .init(name: "Berlin", provider: .openMeteo), .init(name: "Rome", provider: .metNorway),
            .init(name: "Oslo", provider: nil),
        ]
        let text = try await statusOutput(status)
        #expect(
            text.contains(
                "Showing   city page of Rome (2 of 3) (MET Norway's forecast) · paused, cycling again in 40 s"
            ))
        #expect(
            text.contains(
                "Forecast  updated 6 min ago · next refresh in 9 min\n          Rome (MET Norway's forecast)\n"
            ))
        let json = try await statusOutput(status, json: true)
        #expect(json.contains(#""provider" : "met-norway""#))
        #expect(json.contains(#""provider" : "open-meteo""#))
        // Every place on MET Norway's forecast: said once.
        status.forecast.places = status.forecast.places?.map {
            .init(name: $0.name, provider: $0.provider.map { _ in .metNorway })
        }
        #expect(
            try await statusOutput(status).contains(
                "next refresh in 9 min\n          every place: MET Norway's forecast\n"))
        // All on Open-Meteo: as before.
        status.forecast.places = [.init(name: "Rome", provider: .openMeteo)]
        let plain = try await statusOutput(status)
        #expect(!plain.contains("forecast)") && !plain.contains("MET Norway"))
    }

    @Test func statusSaysWhyTheConsoleShowsOverThePicture() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var withWarning = Self.status
        withWarning.display.warning =
            "Cannot switch the console /dev/tty0 to graphics mode: operation not permitted; the console's cursor and messages may show over the picture; run the kiosk as root or give its service TTYPath=/dev/tty1."
        let status = withWarning
        let server = try ControlServer(path: directory.file("control.sock")) { _ in
            .status(status)
        }
        let recorder = Recorder()
        let commands = ControlCommands(
            client: ControlClient(path: server.path), console: recorder.console)
        try await onDedicatedThread {
            Result {
                try commands.status(json: false, now: Date(timeIntervalSince1970: 1_800_000_000))
            }
        }.get()
        await server.stop()
        #expect(
            recorder.text.contains(
                "Display   framebuffer 800x480 · on · frame 1234 · Cannot switch the console /dev/tty0 to graphics mode"
            ))
    }

    @Test func refusalsKeepTheKiosksSentenceAndExitCode() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let server = try ControlServer(path: directory.file("control.sock")) { _ in
            .failure(ControlFailure(message: "No favourite is named \"Paris\".", exitCode: 2))
        }
        let commands = ControlCommands(
            client: ControlClient(path: server.path), console: Recorder().console)
        let outcome = await onDedicatedThread {
            Result { try commands.send(.show(city: "Paris")) }
        }
        await server.stop()
        guard case .failure(let error as CommandFailure) = outcome else {
            Issue.record("expected a CommandFailure, got \(outcome)")
            return
        }
        #expect(error.exitCode == 2)
        #expect(error.message == "No favourite is named \"Paris\".")
    }
}
