import Devices
import FoundationEssentials
import KioskConfig
import KioskControl
import KioskCore
import KioskDaemon
import KioskDisplays
import KioskTesting
import LinuxPlatform
import Logging
import OpenMeteo
import Simulator
import Synchronization
import Testing

/// 24 simulated hours of the real engine and its workers on a manual clock, with the
/// network, the sensor, the display and the buttons failing at random: nothing crashes,
/// and nothing grows — timers, queues, history, recent cities, forecasts.
@Suite struct SoakTests {
    /// Open-Meteo's faults, now and then: timeouts, 503, 429, a truncated body.
    static func faults(seed: UInt64) -> InMemoryOpenMeteo.Fault {
        let random = Mutex(SplitMix64(seed: seed))
        return { request in
            switch random.withLock({ Double.random(in: 0..<1, using: &$0) }) {
            case ..<0.15:
                .failure(
                    HTTPTransportError(
                        kind: .timedOut, url: request.url, message: "Fetching timed out (test)."))
            case ..<0.20:
                .success(
                    HTTPResponse(
                        status: 503, body: Array(#"{"error":true,"reason":"overloaded"}"#.utf8)))
            case ..<0.23:
                .success(
                    HTTPResponse(
                        status: 429,
                        body: Array(
                            #"{"error":true,"reason":"Minutely API request limit exceeded. Please try again in one minute."}"#
                                .utf8)))
            case ..<0.26:
                .success(
                    HTTPResponse(
                        status: 200, body: Array(#"{"latitude":1,"hourly":{"time":["#.utf8)))
            default:
                nil
            }
        }
    }

    @Test func twentyFourHoursWithRandomFaults() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let time = ManualTimeSource(
            wall: Date(timeIntervalSince1970: 1_795_000_000), utcOffsetSeconds: 3600)
        var configuration = KioskConfiguration()
        configuration.stateDirectory = directory.file("state")
        configuration.display.cycleSeconds = 20
        configuration.display.night = NightWindow(
            from: TimeOfDay(hour: 23, minute: 0), to: TimeOfDay(hour: 6, minute: 30), mode: .off)
        configuration.sensor.kind = .simulated
        configuration.sensor.intervalSeconds = 60
        configuration.cities = ["Rome", "Berlin", "Tokyo", "Sydney", "São Paulo"].compactMap {
            name in
            FakeOpenMeteo.places.first { $0.name == name }.map {
                City(name: $0.name, coordinate: $0.coordinate, geonameID: $0.id)
            }
        }
        let display = RecordingDisplay(size: PixelSize(width: 96, height: 64), keeping: 1)
        let chip = SimulatedBME280(
            output: .conditions(
                temperature: Temperature(celsius: 21), humidity: 45,
                pressure: Pressure(pascals: 100_800)))
        let bus = SimulatedI2CBus()
        bus.attach(chip, at: 0x76)
        let transport = InMemoryOpenMeteo(
            fake: FakeOpenMeteo(nullEvery: 7, now: { time.now().wall }))
        transport.answer(with: Self.faults(seed: 2026))
        var logger = Logger(label: "soak")
        logger.logLevel = .critical
        let parts = KioskEngine.Parts(
            time: time, transport: transport,
            makeDisplay: { _, onFrame in
                DisplayWorker(open: { try PixelPageDisplay(display) }, time: time, onFrame: onFrame)
            },
            makeSensor: { configuration in
                SensorWorker(
                    sensor: IndoorSensor(
                        device: bus.device(at: 0x76), settings: configuration.sensor))
            },
            files: FileWorker(), stateFiles: StateDirectoryStore(directory.file("state")),
            notifier: SystemdNotifier(environment: [:]),
            host: { HostInfo(name: "soak", addresses: []) }, logger: logger, seed: 7)
        let engine = KioskEngine(
            start: KioskEngine.Start(
                configuration: configuration, configProblems: [],
                store: ConfigStore(explicitPath: directory.file("config.toml"), environment: [:]),
                restored: nil, history: IndoorHistory(), forecasts: []),
            parts: parts)
        let running = Task { await engine.run() }

        var random = SplitMix64(seed: 11)
        let faults: [SimulatedBME280.Fault?] = [
            nil, nil, nil, .noAnswer, .stuckMeasuring, .skippedValues,
        ]
        var maximumSleepers = 0
        let actions: [KioskAction] = [.nextCity, .previousCity, .nextPage, .refresh, .wake]
        let step = 30.0
        for tick in 0..<Int(24 * 3600 / step) {
            time.advance(bySeconds: step)
            if tick % 40 == 0 {
                chip.setFault(faults.randomElement(using: &random)!)
                display.failFrames(
                    with: Int.random(in: 0..<10, using: &random) == 0
                        ? "The test display is unplugged." : nil)
            }
            if Int.random(in: 0..<8, using: &random) == 0 {
                await engine.handle(.action(actions.randomElement(using: &random)!))
            }
            if tick % 120 == 0 { _ = await engine.control(ControlRequest(cmd: "status")) }
            try await settle(time, transport, engine)
            maximumSleepers = max(maximumSleepers, time.sleeperCount)
        }
        // The faults end: within the longest back-off (30 min) and one refresh interval the
        // kiosk must be fetching, reading and drawing again — nothing stuck after a day.
        chip.setFault(nil)
        display.failFrames(with: nil)
        transport.answer(with: nil)
        let framesBefore = display.frameCount
        for _ in 0..<Int(50 * 60 / step) {
            time.advance(bySeconds: step)
            try await settle(time, transport, engine)
        }
        let status = try #require(await statusOf(engine))
        #expect(display.frameCount > framesBefore, "it draws again")
        #expect(display.powerCount >= 2, "night came and went")
        #expect(
            status.forecast.error == nil && status.forecast.failures == 0, "refreshes succeed again"
        )
        let age = time.now().wall.timeIntervalSince(status.forecast.fetchedAt ?? .distantPast)
        #expect(age < 20 * 60, "the forecast is fresh again (\(age) s old)")
        #expect(
            status.sensor.error == nil && status.sensor.temperature != nil, "the sensor reads again"
        )
        #expect(status.recentCities.count <= 10)
        #expect(maximumSleepers <= 4, "timers do not pile up: at most \(maximumSleepers) sleepers")
        await engine.stop()
        await running.value
        let history = try StateStore(directory: directory.file("state")).loadHistory()
        #expect(history.samples.count <= 24 * 12 + 1, "the history stays one day long")
        #expect(!history.samples.isEmpty)
        let cache = try ForecastCache(directory: directory.file("state")).load()
        #expect(cache.count <= configuration.cities.count + 1, "one cache entry per place")
        #expect(
            directory.list("state").allSatisfy { !$0.contains(".tmp-") }, "no temporary files left")
    }

    /// Lets the tasks the clock woke finish before the clock moves on: until no request is
    /// in flight, the number of tasks asleep on the clock has held for three polls, and no
    /// refresh is under way (the engine decodes and stores a forecast after the transport
    /// answered; while it does, or while a refresh is due, `status` says the next one is 0 s
    /// away, a count rounded up so that any wait left is at least 1). A slow machine, such as qemu, just polls longer. Gives up after 2,000 polls,
    /// so that a stuck kiosk fails the checks rather than hanging the test.
    private func settle(
        _ time: ManualTimeSource, _ transport: InMemoryOpenMeteo, _ engine: KioskEngine
    ) async throws {
        var steady = 0
        var sleepers = -1
        for _ in 0..<2000 {
            await Task.yield()
            try await Task.sleep(for: .milliseconds(1))
            let now = time.sleeperCount
            if transport.inFlight == 0 && now == sleepers {
                steady += 1
                if steady == 3 {
                    let status = await statusOf(engine)
                    if let status, status.forecast.nextRefreshSeconds > 0 { return }
                    steady = 0
                }
            } else {
                steady = 0
            }
            sleepers = now
        }
    }

    private func statusOf(_ engine: KioskEngine) async -> KioskStatus? {
        let reply = await engine.control(ControlRequest(cmd: "status"))
        struct Reply: Decodable { var status: KioskStatus }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(Reply.self, from: Data(reply)).status
    }
}
