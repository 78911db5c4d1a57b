import FoundationEssentials
import KioskTesting
import Testing

/// `forecast` on the built binary finds a place's forecast as the daemon does for its pages:
/// in the config's units when there is one, else in any units, converted; and its pressure
/// is the sea level's.
@Suite struct ForecastPathTests {
    static let rome = """
        [[cities]]
        name = "Rome"
        country = "Italy"
        latitude = 41.89193
        longitude = 12.51133

        """

    /// The numbers of a `forecast` block's "Now" line: the temperature and the wind.
    static func now(_ text: String) -> (temperature: Double?, wind: Double?) {
        let lines = text.split(separator: "\n")
        let now = lines.first { $0.hasPrefix("  Now") }.map(String.init) ?? ""
        let details = lines.first { $0.contains("wind ") }.map(String.init) ?? ""
        let temperature = now.split(separator: " ").dropFirst().first.flatMap { Double($0) }
        let wind = details.components(separatedBy: "wind ").last?.split(separator: " ").first
            .flatMap { Double($0) }
        return (temperature, wind)
    }

    @Test func aCacheInOtherUnitsIsShownConvertedWhenTheFetchFails() async throws {
        let kiosk = try await KioskFixture.start(extra: Self.rome)
        defer { Task { await kiosk.stop() } }
        let first = await kiosk.run(["forecast"])
        #expect(first.exitCode == 0, "\(first.standardError)")
        let metric = Self.now(first.standardOutput)
        _ = await kiosk.run(["config", "set", "units.temperature", "fahrenheit"])
        _ = await kiosk.run(["config", "set", "units.wind", "mph"])
        kiosk.server.setFault(.status(500, body: #"{"error":true,"reason":"down"}"#))

        let result = await kiosk.run(["forecast"])
        #expect(result.exitCode == 1, "the fetch failed")
        #expect(
            !result.standardOutput.contains("no forecast cached yet"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains(" °F  "), "\(result.standardOutput)")
        #expect(result.standardOutput.contains(" mph "), "\(result.standardOutput)")
        let imperial = Self.now(result.standardOutput)
        let celsius = try #require(metric.temperature)
        let fahrenheit = try #require(imperial.temperature)
        #expect(abs(fahrenheit - (celsius * 9 / 5 + 32)) < 0.2, "\(celsius) °C is \(fahrenheit) °F")
        let kmh = try #require(metric.wind)
        let mph = try #require(imperial.wind)
        #expect(abs(mph - kmh / 1.609344) <= 1, "\(kmh) km/h is \(mph) mph")
        #expect(result.standardError.contains("Showing the cached forecast from"))
    }

    @Test func anAnswerInOtherUnitsThanAskedIsConverted() async throws {
        // A server that answers in its defaults whatever units it is asked for (an older
        // self-hosted instance, a proxy): the answer says so in its `*_units`. The answer is
        // never in the asked units, so the second run asks again: the fake's clock stands
        // still, or a minute turning between the runs changes "now" (CI under load).
        let asked = Date()
        let fake = FakeOpenMeteo(now: { asked })
        let server = try await LoopbackHTTPServer.start { request in
            var metric = request
            metric.query.removeAll { $0.name.hasSuffix("_unit") }
            return fake.respond(to: metric)
        }
        let kiosk = KioskFixture(server: server)
        kiosk.writeConfig(
            baseURL: server.baseURL,
            extra: "[units]\ntemperature = \"fahrenheit\"\nwind = \"mph\"\n\n" + Self.rome)
        defer { Task { await kiosk.stop() } }
        let result = await kiosk.run(["forecast"])
        #expect(result.exitCode == 0, "\(result.standardError)")
        #expect(!result.standardOutput.contains("no forecast for this place"))
        #expect(result.standardOutput.contains(" °F  "), "\(result.standardOutput)")
        #expect(result.standardOutput.contains(" mph "), "\(result.standardOutput)")
        // A second run converts the answer, in °C and km/h, the same way.
        let again = await kiosk.run(["forecast", "rome"])
        #expect(again.exitCode == 0, "\(again.standardError)")
        #expect(again.standardOutput.contains(" °F  "))
        #expect(
            Self.now(again.standardOutput).temperature
                == Self.now(result.standardOutput).temperature)
    }

    @Test func thePressureIsTheSeaLevelsAndSaysSo() async throws {
        let kiosk = try await KioskFixture.start()
        defer { Task { await kiosk.stop() } }
        let added = await kiosk.run(["city", "add", "Kathmandu"])
        #expect(added.exitCode == 0, "\(added.standardError)")
        // Geocoding's country code is kept: it picks the place's warning service.
        let config = try String(contentsOfFile: kiosk.configPath, encoding: .utf8)
        #expect(config.contains("country_code = \"NP\"\n"), "\(config)")
        let result = await kiosk.run(["forecast", "kathmandu"])
        #expect(result.exitCode == 0, "\(result.standardError)")
        let line = try #require(
            result.standardOutput.split(separator: "\n").first { $0.contains("pressure") },
            "\(result.standardOutput)")
        let hectopascals = try #require(
            line.components(separatedBy: "sea-level pressure ").last?.split(separator: " ").first
                .flatMap { Double($0) }, "\(line)")
        // Kathmandu is 1,300 m up: about 860 hPa at its ground, about 1013 at sea level.
        #expect((990...1036).contains(hectopascals), "\(line)")
    }
}
