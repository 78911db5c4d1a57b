import FoundationEssentials
import KioskControl
import KioskTesting
import Testing

/// One JSON style, on the built binary: every verb that prints data or a result takes
/// `--json`, and every key it prints is snake_case, with the unit in the name where the
/// value has one.
@Suite struct JSONOutputTests {
    /// Any JSON value, decoded, to walk its keys.
    indirect enum Value: Decodable {
        case object([String: Value])
        case array([Value])
        case scalar

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let object = try? container.decode([String: Value].self) {
                self = .object(object)
            } else if let array = try? container.decode([Value].self) {
                self = .array(array)
            } else {
                self = .scalar
            }
        }

        /// Every key, with the path that leads to it ("sensor.temperature_c").
        func keys(_ prefix: String = "") -> [String] {
            switch self {
            case .object(let members):
                members.flatMap { key, value in
                    [prefix + key] + value.keys(prefix + key + ".")
                }
            case .array(let items): items.flatMap { $0.keys(prefix) }
            case .scalar: []
            }
        }

        subscript(_ key: String) -> Value? {
            if case .object(let members) = self { return members[key] }
            return nil
        }
    }

    static func isSnakeCase(_ key: String) -> Bool {
        !key.isEmpty
            && key.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
            } && key.first != "_"
    }

    /// Runs `arguments` with `--json` and decodes what it printed.
    static func json(_ daemon: DaemonFixture, _ arguments: [String]) async throws -> Value {
        let result = await daemon.run(arguments + ["--json"])
        #expect(result.exitCode == 0, "\(arguments): \(result.standardError)")
        let value = try JSONDecoder().decode(Value.self, from: Data(result.standardOutput.utf8))
        for key in value.keys() {
            let last = String(key.split(separator: ".").last ?? "")
            #expect(Self.isSnakeCase(last), "\(arguments) prints the key \(key)")
        }
        return value
    }

    @Test func everyVerbThatPrintsAResultTakesJSONInOneStyle() async throws {
        let daemon = try await DaemonFixture.start()
        defer { Task { await daemon.stop() } }
        _ = await daemon.waitFor("a forecast and a reading") {
            $0.forecast.fetchedAt != nil && $0.sensor.temperature != nil
        }

        // A city page, held (the fixture cycles every few seconds: under load the status
        // came from the indoor page, which has no city number).
        #expect(await daemon.run(["show", "1"]).exitCode == 0)
        let status = try await Self.json(daemon, ["status"])
        let keys = Set(status.keys())
        for key in [
            "uptime_seconds", "recent_cities", "showing.city_number", "forecast.fetched_at",
            "forecast.next_refresh_seconds", "sensor.temperature_c", "sensor.humidity_percent",
            "sensor.pressure_pa", "sensor.dew_point_c", "sensor.read_at", "display.rotate_degrees",
        ] {
            #expect(keys.contains(key), "status --json lacks \(key): \(keys.sorted())")
        }

        // The verbs that move the kiosk answer with what it shows now.
        for verb in [["next"], ["previous"], ["show", "2"], ["page", "hourly"]] {
            let result = try await Self.json(daemon, verb)
            #expect(result["message"] != nil && result["showing"]?["page"] != nil, "\(verb)")
        }
        let shown = try await Self.json(daemon, ["show", "reyk"])
        #expect(Set(shown.keys()).contains("showing.city_number"))
        let refresh = try await Self.json(daemon, ["refresh"])
        #expect(refresh["refresh"] != nil && refresh["next_refresh_seconds"] != nil)
        let reload = try await Self.json(daemon, ["reload"])
        #expect(reload["changed"] != nil)

        // The verbs that change the favourites and the config say what they did.
        let added = try await Self.json(
            daemon, ["city", "add", "--name", "Cabin", "--lat", "61.5", "--lon", "-149.9"])
        #expect(Set(added.keys()).isSuperset(of: ["result", "message", "position", "city.name"]))
        _ = try await Self.json(daemon, ["city", "move", "cabin", "1"])
        _ = try await Self.json(daemon, ["city", "remove", "cabin"])
        _ = try await Self.json(daemon, ["config", "set", "display.cycle_seconds", "30"])
        _ = try await Self.json(daemon, ["config", "unset", "display.cycle_seconds"])

        // The verbs that print data.
        let forecast = try await Self.json(daemon, ["forecast", "rome"])
        let forecastKeys = Set(forecast.keys())
        for key in [
            "locations.fetched_at", "locations.current.temperature_c",
            "locations.current.sea_level_pressure_pa", "locations.current.wind_speed_kmh",
            "locations.days.temperature_max_c", "locations.days.precipitation_sum_mm",
        ] {
            #expect(forecastKeys.contains(key), "forecast --json lacks \(key)")
        }
        for verb in [["sensor"], ["city", "list"], ["doctor"], ["config", "show"]] {
            _ = try await Self.json(daemon, verb)
        }
    }
}
