import KioskTesting

/// A scratch kiosk for one test: a config in a temporary directory whose forecast and
/// geocoding URLs point at a fake Open-Meteo on 127.0.0.1, and whose state lives beside it.
struct KioskFixture {
    let directory = TemporaryDirectory()
    let server: LoopbackHTTPServer

    /// Starts the fake server and writes a config with `extra` appended.
    static func start(extra: String = "", fake: FakeOpenMeteo = FakeOpenMeteo()) async throws
        -> KioskFixture
    {
        let server = try await LoopbackHTTPServer.start { fake.respond(to: $0) }
        let fixture = KioskFixture(server: server)
        fixture.writeConfig(baseURL: server.baseURL, extra: extra)
        return fixture
    }

    var configPath: String { directory.file("config.toml") }
    var cachePath: String { directory.file("state/forecasts.json") }

    /// Writes the config, pointing the forecast API at `baseURL` and the air-quality API at
    /// `airQualityURL` (the fake's, which serves `/v1/air-quality`, by default).
    func writeConfig(baseURL: String, extra: String = "", airQualityURL: String? = nil) {
        directory.write(
            "config.toml",
            """
            # Test kiosk.
            state_dir = "\(directory.file("state"))"

            [forecast]
            base_url = "\(baseURL)"
            geocoding_url = "\(server.baseURL)"
            air_quality_url = "\(airQualityURL ?? server.baseURL)"

            """ + extra)
    }

    /// Runs the binary with this kiosk's config.
    func run(_ arguments: [String], timeout: Double = 120) async -> BinaryResult {
        await KioskBinary.run(arguments + ["--config", configPath], timeout: timeout)
    }

    func stop() async {
        await server.stop()
        directory.remove()
    }
}

/// Three favourites, as `city add` writes them.
let threeCities = """
    [[cities]]
    name = "Rome"
    country = "Italy"
    latitude = 41.89193
    longitude = 12.51133

    [[cities]]
    name = "Reykjavík"
    latitude = 64.13548
    longitude = -21.89541

    [[cities]]
    name = "São Paulo"
    latitude = -23.5475
    longitude = -46.63611

    """
