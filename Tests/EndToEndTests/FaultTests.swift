import KioskTesting
import Testing

/// Every way Open-Meteo can fail: the binary says so in one line, exits 1, and leaves the
/// config and the cache exactly as they were.
@Suite struct FaultTests {
    static let faults: [(name: String, fault: ServerFault, says: String)] = [
        ("500", .status(500, body: #"{"error":true,"reason":"Internal error"}"#), "500"),
        ("503", .status(503, body: #"{"error":true,"reason":"Service overloaded"}"#), "overloaded"),
        (
            "429 minute",
            .status(
                429,
                body:
                    #"{"error":true,"reason":"Minutely API request limit exceeded. Please try again in one minute."}"#
            ),
            "per-minute"
        ),
        (
            "429 hour",
            .status(
                429,
                body:
                    #"{"error":true,"reason":"Hourly API request limit exceeded. Please try again in the next hour."}"#
            ),
            "hourly"
        ),
        (
            "429 day",
            .status(
                429,
                body:
                    #"{"error":true,"reason":"Daily API request limit exceeded. Please try again tomorrow."}"#
            ),
            "daily"
        ),
        (
            "429 concurrency",
            .status(429, body: #"{"error":true,"reason":"Too many concurrent requests"}"#),
            "too many requests"
        ),
        ("malformed JSON", .malformedJSON, "127.0.0.1"),
        ("truncated body", .truncatedBody, "127.0.0.1"),
        ("10 MiB body", .hugeBody(bytes: 10 << 20), "4 MiB"),
        ("30 s stall", .stall(seconds: 30), "timed out"),
        ("1 byte per second", .drip(bytesPerSecond: 1), "timed out"),
        ("closed without response", .closeWithoutResponse, "127.0.0.1"),
    ]

    @Test(arguments: faults.indices)
    func forecastSurvivesFault(index: Int) async throws {
        let (name, fault, says) = Self.faults[index]
        let kiosk = try await KioskFixture.start(extra: threeCities)
        defer { Task { await kiosk.stop() } }
        // A good fetch first, then a new favourite, so the next forecast must fetch.
        let good = await kiosk.run(["forecast"])
        #expect(good.exitCode == 0)
        let added = await kiosk.run([
            "city", "add", "--name", "Sydney", "--lat", "-33.86785", "--lon", "151.20732",
        ])
        #expect(added.exitCode == 0)
        let config = kiosk.directory.read("config.toml")
        let cache = kiosk.directory.read("state/forecasts.json")

        kiosk.server.setFault(fault)
        let result = await kiosk.run(["forecast"])
        #expect(result.exitCode == 1, "\(name): \(result.standardError)")
        #expect(!result.timedOut)
        let errorLines = result.standardError.split(separator: "\n")
        #expect(errorLines.count == 1, "\(name): \(result.standardError)")
        #expect(
            result.standardError.lowercased().contains(says.lowercased()),
            "\(name): \(result.standardError)")
        // The cached cities are still shown, the new one says it has nothing yet.
        #expect(result.standardOutput.contains("Rome, Italy · "))
        #expect(result.standardOutput.contains("Sydney\n  no forecast cached yet"))
        #expect(result.standardError.contains("Showing the cached forecast from"))
        #expect(kiosk.directory.read("config.toml") == config, "\(name): config changed")
        #expect(kiosk.directory.read("state/forecasts.json") == cache, "\(name): cache changed")
    }

    @Test func connectionRefused() async throws {
        let kiosk = try await KioskFixture.start(extra: threeCities)
        defer { Task { await kiosk.stop() } }
        let port = closedLoopbackPort()
        kiosk.writeConfig(baseURL: "http://127.0.0.1:\(port)", extra: threeCities)
        let result = await kiosk.run(["forecast"])
        #expect(result.exitCode == 1)
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(result.standardError.contains("127.0.0.1 port \(port)"))
        #expect(result.standardOutput.contains("no forecast cached yet"))
        #expect(kiosk.directory.read("state/forecasts.json") == nil)
    }

    @Test(arguments: [ServerFault.status(503, body: "{}"), .malformedJSON, .stall(seconds: 30)])
    func searchSurvivesFault(fault: ServerFault) async throws {
        let kiosk = try await KioskFixture.start()
        defer { Task { await kiosk.stop() } }
        let config = kiosk.directory.read("config.toml")
        kiosk.server.setFault(fault)
        let result = await kiosk.run(["city", "add", "Paris"])
        #expect(result.exitCode == 1)
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(kiosk.directory.read("config.toml") == config)
    }
}
