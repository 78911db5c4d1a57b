import FoundationEssentials
import KioskControl
import KioskCore
import KioskTesting
import LinuxPlatform
import Testing

/// The air quality end to end: the built binary against a loopback Open-Meteo whose
/// `/v1/air-quality` answers with a real recorded response (Tests/OpenMeteoTests/Fixtures,
/// sources in its SOURCES.md: Enschede, 2026-10-03, European AQI 44 and US AQI 65) or with
/// `FakeOpenMeteo`'s own. `forecast --json` and its text carry the air; the running kiosk
/// shows it in `status --json` (read from its page model), asks once an hour at most in one
/// batched request, keeps it across a restart, and takes `units.aqi` and
/// `forecast.air_quality_url` while it runs.
@Suite struct AirQualityTests {
    static let enschede = """
        [[cities]]
        name = "Enschede"
        country = "Netherlands"
        latitude = 52.27
        longitude = 6.87

        """

    static let newYork = """
        [[cities]]
        name = "New York"
        country = "United States"
        latitude = 40.71427
        longitude = -74.00597

        """

    /// The recorded answer for Enschede (`current` and 3 hours).
    static func recorded(filePath: String = #filePath) throws -> String {
        let tests = filePath.split(separator: "/", omittingEmptySubsequences: false)
            .dropLast(2).joined(separator: "/")
        let bytes = try FixtureFile.bytes(
            "air-quality-single-current-hourly-frenck.json",
            besides: tests + "/OpenMeteoTests/Support.swift")
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A kiosk whose Open-Meteo is the fake, but whose `/v1/air-quality` is the recording.
    static func recordedKiosk() async throws -> KioskFixture {
        let body = try recorded()
        let fake = FakeOpenMeteo()
        let server = try await LoopbackHTTPServer.start { request in
            request.path == "/v1/air-quality" ? .json(body) : fake.respond(to: request)
        }
        return KioskFixture(server: server)
    }

    static func airRequests(_ server: LoopbackHTTPServer) -> [RecordedRequest] {
        server.requests.filter { $0.path == "/v1/air-quality" }
    }

    /// `forecast --json`'s `air`, as a script reads it.
    struct Air: Decodable {
        var time: String
        var fetchedAt: String
        var europeanAQI: Double?
        var usAQI: Double?
        var aqi: Int?
        var aqiScale: String
        var category: String?
        var pm25: Double?
        var pm10: Double?
        var ozone: Double?
        var nitrogenDioxide: Double?
        var uvIndex: Double?
        var pollen: [String: Double]?

        enum CodingKeys: String, CodingKey {
            case time, aqi, category, pollen
            case fetchedAt = "fetched_at"
            case europeanAQI = "european_aqi"
            case usAQI = "us_aqi"
            case aqiScale = "aqi_scale"
            case pm25 = "pm2_5_ugm3"
            case pm10 = "pm10_ugm3"
            case ozone = "ozone_ugm3"
            case nitrogenDioxide = "nitrogen_dioxide_ugm3"
            case uvIndex = "uv_index"
        }
    }

    private struct Output: Decodable {
        struct Location: Decodable { var air: Air? }
        var locations: [Location]
    }

    /// The `air` object of the first place of `forecast --json`'s output.
    static func air(_ output: String) throws -> Air? {
        try JSONDecoder().decode(Output.self, from: Data(output.utf8)).locations.first?.air
    }

    @Test func forecastJSONCarriesTheRecordedAirAndItsTextAnAirLine() async throws {
        let kiosk = try await Self.recordedKiosk()
        defer { Task { await kiosk.stop() } }
        kiosk.writeConfig(
            baseURL: kiosk.server.baseURL,
            extra: Self.enschede, airQualityURL: kiosk.server.baseURL + "/")
        let result = await kiosk.run(["forecast", "--json"])
        #expect(result.exitCode == 0, "\(result.standardError)")
        let air = try #require(try Self.air(result.standardOutput), "\(result.standardOutput)")
        #expect(air.europeanAQI == 44)
        #expect(air.usAQI == 65)
        #expect(air.aqi == 44)
        #expect(air.aqiScale == "european")
        #expect(air.category == "Moderate")
        #expect(air.pm25 == 22.1)
        #expect(air.pm10 == 28.2)
        #expect(air.ozone == 42)
        #expect(air.time == "2026-10-03T10:00:00Z")
        // Out of season the recording counts zero pollen: said, as the answer says it.
        let pollen = try #require(air.pollen)
        #expect(pollen["birch_grains_m3"] == 0)
        let asked = try #require(Self.airRequests(kiosk.server).first)
        #expect(asked.query.first { $0.name == "latitude" }?.value == "52.27")

        // The text says it in a line, from what was kept: no second request within the hour.
        let text = await kiosk.run(["forecast"])
        #expect(text.exitCode == 0, "\(text.standardError)")
        #expect(text.standardOutput.contains("Air: European AQI 44, Moderate · PM2.5 22 µg/m³"))
        #expect(Self.airRequests(kiosk.server).count == 1)

        // units.aqi = "us": the US AQI and its word, from the same answer.
        let set = await kiosk.run(["config", "set", "units.aqi", "us"])
        #expect(set.exitCode == 0, "\(set.standardError)")
        let us = try #require(try Self.air(await kiosk.run(["forecast", "--json"]).standardOutput))
        #expect(us.aqi == 65)
        #expect(us.aqiScale == "us")
        #expect(us.category == "Moderate")
        let refused = await kiosk.run(["config", "set", "units.aqi", "eu"])
        #expect(refused.exitCode == 2)
        #expect(refused.standardError.contains("units.aqi"))
    }

    @Test func outsideEuropeThereIsNoPollenAndAUSPlaceReadsTheUSIndex() async throws {
        let kiosk = try await KioskFixture.start(extra: "")
        defer { Task { await kiosk.stop() } }
        kiosk.writeConfig(
            baseURL: kiosk.server.baseURL,
            extra: Self.newYork)
        let result = await kiosk.run(["forecast", "--json"])
        #expect(result.exitCode == 0, "\(result.standardError)")
        let air = try #require(try Self.air(result.standardOutput), "\(result.standardOutput)")
        #expect(air.aqiScale == "us")
        #expect(air.aqi == air.usAQI.map { Int($0.rounded()) })
        #expect(air.pollen == nil, "pollen is absent, never zero: \(air)")
    }

    @Test func aFailingAirQualityAPIIsOneWarningAndTheForecastStillComes() async throws {
        let kiosk = try await KioskFixture.start(extra: "")
        defer { Task { await kiosk.stop() } }
        kiosk.writeConfig(
            baseURL: kiosk.server.baseURL,
            extra: Self.enschede, airQualityURL: "http://127.0.0.1:9")
        let result = await kiosk.run(["forecast", "--json"])
        #expect(result.exitCode == 0, "\(result.standardError)")
        #expect(try Self.air(result.standardOutput)?.aqi == nil)
        #expect(
            result.standardError.contains(
                "warning: The air quality from http://127.0.0.1:9/v1/air-quality could not be had"))
    }
}
