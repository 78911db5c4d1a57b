import FoundationEssentials
import KioskCore
import KioskTesting
import LinuxPlatform
import Logging
import Rendering
import Synchronization
import Testing

@testable import KioskCommands
@testable import KioskConfig
@testable import KioskControl
@testable import KioskDaemon
@testable import KioskDisplays

/// The real engine on a manual clock against an in-memory Open-Meteo: what the notices say
/// (what happened, what to do first, the same countdown as `status`) and how many requests
/// a burst of `refresh` commands makes.
@Suite struct EngineNoticeTests {
    struct Kiosk {
        let engine: KioskEngine
        let time: ManualTimeSource
        let transport: InMemoryOpenMeteo
        let running: Task<Void, Never>
        let directory: TemporaryDirectory

        func stop() async {
            await engine.stop()
            await running.value
            directory.remove()
        }

        /// Waits (on the real clock, briefly) until `condition` holds for the engine.
        func wait(
            for what: String, _ condition: @escaping @Sendable (KioskStatus) -> Bool
        ) async throws {
            for _ in 0..<3000 {
                if let status = await status(), condition(status) { return }
                try await Task.sleep(for: .milliseconds(1))
            }
            Issue.record("timed out waiting for \(what)")
        }

        func status() async -> KioskStatus? {
            let reply = await engine.control(ControlRequest(cmd: "status"))
            struct Reply: Decodable { var status: KioskStatus }
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            return try? decoder.decode(Reply.self, from: Data(reply)).status
        }

        func message(_ request: ControlRequest) async -> String {
            struct Reply: Decodable { var message: String }
            let reply = await engine.control(request)
            return (try? JSONDecoder().decode(Reply.self, from: Data(reply)).message) ?? ""
        }
    }

    static let rome = City(name: "Rome", coordinate: Coordinate(latitude: 41.89, longitude: 12.51))

    /// A kiosk with `cities` (Rome), a cached forecast for Rome `cacheAge` seconds old (none
    /// when nil), and Open-Meteo failing with `failStatus` (answering well when nil).
    static func kiosk(cacheAge: Double?, failStatus: Int?, cities: [City] = [rome]) throws -> Kiosk
    {
        let directory = TemporaryDirectory()
        let time = ManualTimeSource(
            wall: Date(timeIntervalSince1970: 1_795_000_000), utcOffsetSeconds: 3600)
        var configuration = KioskConfiguration()
        configuration.stateDirectory = directory.file("state")
        configuration.sensor.kind = .none
        // Open-Meteo's own refreshes and notices: the fallback to MET Norway, which the
        // in-memory service would answer too, has tests of its own.
        configuration.forecast.fallback = .none
        let rome = Self.rome
        configuration.cities = cities
        var forecasts: [ForecastCache.Entry] = []
        if let cacheAge {
            let forecast = try #require(DemoData.favourites.first?.forecast)
            forecasts = [
                ForecastCache.Entry(
                    coordinate: rome.coordinate,
                    fetchedAt: time.now().wall.addingTimeInterval(-cacheAge), forecast: forecast)
            ]
        }
        let transport = InMemoryOpenMeteo(time: time)
        if let failStatus { transport.fail(withStatus: failStatus) }
        var logger = Logger(label: "notices")
        logger.logLevel = .critical
        let display = RecordingDisplay(size: PixelSize(width: 320, height: 240), keeping: 1)
        let parts = KioskEngine.Parts(
            time: time, transport: transport,
            makeDisplay: { _, onFrame in
                DisplayWorker(open: { try PixelPageDisplay(display) }, time: time, onFrame: onFrame)
            },
            makeSensor: { _ in nil }, files: FileWorker(),
            stateFiles: StateDirectoryStore(directory.file("state")),
            notifier: SystemdNotifier(environment: [:]),
            host: { HostInfo(name: "test", addresses: []) }, logger: logger, seed: 5)
        var start = KioskEngine.Start(
            configuration: configuration, configProblems: [],
            store: ConfigStore(explicitPath: directory.file("kiosk.toml"), environment: [:]),
            restored: nil, history: IndoorHistory(), forecasts: forecasts)
        // Fresh air quality kept: the requests counted are the forecast's.
        start.airQuality = .kept(for: configuration.cities, at: time.now().wall)
        let engine = KioskEngine(start: start, parts: parts)
        let running = Task { await engine.run() }
        return Kiosk(
            engine: engine, time: time, transport: transport, running: running,
            directory: directory)
    }

    @Test func aServerErrorIsNamedAndTheRetryCountsDownAsStatusDoes() async throws {
        let kiosk = try Self.kiosk(cacheAge: 3 * 3600, failStatus: 500)
        try await kiosk.wait(for: "the first failure") { $0.forecast.failures == 1 }
        let status = try #require(await kiosk.status())
        let model = await kiosk.engine.pageModel(at: kiosk.time.now())
        guard case .stale(_, let retry, let reason)? = model.notices.first else {
            Issue.record("no stale notice: \(model.notices)")
            await kiosk.stop()
            return
        }
        #expect(reason == "Open-Meteo error 500")
        #expect(status.forecast.error?.contains("HTTP 500") == true, "status keeps the sentence")
        let wait = try #require(retry).timeIntervalSince(kiosk.time.now().wall)
        // The first retry is 24-36 s away: the notice counts the seconds, it does not say
        // "retrying now", and it says what `status` says for the same instant.
        #expect(wait >= 24 && wait <= 36)
        let text = try PageRenderer().render(model, size: PixelSize(width: 800, height: 480))
            .texts.map(\.text).joined(separator: " ")
        let countdown = WeatherFormat.countdown(Double(status.forecast.nextRefreshSeconds))
        #expect(text.contains("Open-Meteo error 500 · data from"), "\(text)")
        #expect(text.contains("retrying in \(countdown)"), "\(text)")
        #expect(!text.contains("retrying now"))
        #expect(!text.contains("offline"))
        await kiosk.stop()
    }

    /// A favourite added while the others' forecasts are fresh (no notice counts down):
    /// its page still says when the kiosk tries again and what went wrong, in the sentence
    /// `status` gives (issue 28 point 7).
    @Test func aNewFavouriteThatCannotBeFetchedSaysWhenTheKioskTriesAgain() async throws {
        let oslo = City(name: "Oslo", coordinate: Coordinate(latitude: 59.91, longitude: 10.75))
        let kiosk = try Self.kiosk(cacheAge: 60, failStatus: 500, cities: [Self.rome, oslo])
        try await kiosk.wait(for: "Oslo's failed fetch") { $0.forecast.failures == 1 }
        var model = await kiosk.engine.pageModel(at: kiosk.time.now())
        #expect(model.notices.isEmpty, "Rome's forecast is fresh: \(model.notices)")
        model.page = .city
        model.city = model.favourites.last
        #expect(model.city?.city.name == "Oslo" && model.city?.forecast == nil)
        let text = try PageRenderer().render(model, size: PixelSize(width: 800, height: 480))
            .texts.map(\.text).joined(separator: " ")
        #expect(text.contains("No forecast for Oslo yet"), "\(text)")
        #expect(text.contains("Retrying in"), "\(text)")
        // The whole sentence, as status gives it, not its few words ("Open-Meteo error
        // 500"): the page has the room.
        let sentence = try #require(await kiosk.engine.state.forecastError)
        #expect(sentence.contains("HTTP 500"), "\(sentence)")
        for word in sentence.split(separator: " ") {
            #expect(text.contains(word), "\"\(word)\" is missing from \(text)")
        }
        await kiosk.stop()
    }

    @Test func aBurstOfRefreshCommandsMakesOneRequest() async throws {
        let kiosk = try Self.kiosk(cacheAge: 60, failStatus: nil)
        try await kiosk.wait(for: "the start") { $0.forecast.fetchedAt != nil }
        #expect(kiosk.transport.requestCount == 0, "a fresh cache fetches nothing")
        var replies: [String] = []
        for _ in 0..<200 {
            replies.append(await kiosk.message(ControlRequest(cmd: "refresh")))
        }
        try await kiosk.wait(for: "the refresh") { $0.forecast.nextRefreshSeconds > 0 }
        for _ in 0..<20 {
            replies.append(await kiosk.message(ControlRequest(cmd: "refresh")))
        }
        #expect(kiosk.transport.requestCount == 1)
        #expect(replies.first == "Fetching forecasts now.")
        #expect(replies.last?.hasPrefix("Forecasts were fetched") == true, "\(replies.last ?? "")")
        // Ten seconds later, a refresh fetches again.
        kiosk.time.advance(bySeconds: 11)
        #expect(await kiosk.message(ControlRequest(cmd: "refresh")) == "Fetching forecasts now.")
        try await kiosk.wait(for: "the second refresh") { $0.forecast.nextRefreshSeconds > 0 }
        #expect(kiosk.transport.requestCount == 2)
        await kiosk.stop()
    }

    @Test func forceTriesOnceWhileARateLimitHolds() async throws {
        let kiosk = try Self.kiosk(cacheAge: 3 * 3600, failStatus: 429)
        try await kiosk.wait(for: "the refusal") { $0.forecast.failures == 1 }
        kiosk.time.advance(bySeconds: 20)
        let held = await kiosk.message(ControlRequest(cmd: "refresh"))
        #expect(held.hasPrefix("Open-Meteo's rate limit holds refreshes"), "\(held)")
        #expect(kiosk.transport.requestCount == 1)
        let forced = await kiosk.message(ControlRequest(cmd: "refresh", force: true))
        #expect(forced.hasPrefix("Fetching forecasts now"), "\(forced)")
        try await kiosk.wait(for: "the forced try") { $0.forecast.failures == 2 }
        #expect(kiosk.transport.requestCount == 2)
        await kiosk.stop()
    }

    @Test func aRefusedConfigShowsItsLineAndKeyFirstAndStatusKeepsTheFile() async throws {
        let kiosk = try Self.kiosk(cacheAge: 60, failStatus: nil)
        try await kiosk.wait(for: "the start") { $0.forecast.fetchedAt != nil }
        let file = kiosk.directory.file("kiosk.toml")
        await ConfigReload.reject(
            ConfigFileError(
                kind: .invalid, file: file, line: 12,
                message:
                    "display.cycle_seconds must be a whole number from 2 to 3600 seconds, not 0"),
            on: kiosk.engine)
        let model = await kiosk.engine.pageModel(at: kiosk.time.now())
        #expect(
            model.notices == [
                .error(
                    "Config line 12: display.cycle_seconds must be a whole number from 2 to 3600 seconds, not 0 — the last good config is in use"
                )
            ])
        let status = try #require(await kiosk.status())
        #expect(status.config.problems.first?.hasPrefix("\(file), line 12: ") == true)
        for size in [PixelSize(width: 320, height: 240), PixelSize(width: 800, height: 480)] {
            let texts = try PageRenderer().render(model, size: size).texts.map(\.text)
            #expect(
                texts.contains { $0.hasPrefix("Config line 12: display.cycle_seconds") },
                "\(size): \(texts)")
        }
        await kiosk.stop()
    }

    @Test func noticeSentencesPutWhatToDoFirst() {
        #expect(
            NoticeText.configRefused(
                "/home/ann/kiosk.toml, line 3: unknown key \"colour\" in [display].",
                file: "/home/ann/kiosk.toml", language: .en)
                == "Config line 3: unknown key \"colour\" in [display] — the last good config is in use"
        )
        #expect(
            NoticeText.configRefused(
                "/home/ann/kiosk.toml: permission denied.", file: "/home/ann/kiosk.toml",
                language: .en)
                == "Config: permission denied — the last good config is in use")
        #expect(
            NoticeText.configRefused(
                "/etc/other.toml, line 1: bad.", file: "/home/a.toml", language: .en)
                == "Config refused: /etc/other.toml, line 1: bad — the last good config is in use")
        #expect(
            NoticeText.noForecast(
                "Could not resolve host api.open-meteo.com: check the network connection and DNS.",
                retry: .later("45 s"), language: .en)
                == "No forecast yet · retrying in 45 s · Could not resolve host api.open-meteo.com: check the network connection and DNS."
        )
        #expect(
            NoticeText.noForecast(
                "Open-Meteo at x failed with HTTP 500.", retry: .now, language: .en)
                == "No forecast yet · retrying now · Open-Meteo at x failed with HTTP 500.")
        #expect(
            NoticeText.noForecast("x.", retry: .later("2 min"), language: .it)
                == "Ancora nessuna previsione · nuovo tentativo tra 2 min · x.")
    }
}

/// A kiosk with no favourites and no station has nothing to fetch: it sends no request,
/// and `status` says so instead of a fetch that never happened (issue 28 point 5).
@Suite struct NothingToFetchTests {
    /// With and without a cache left from favourites since removed (the newcomer's first
    /// `status` said "updated under a minute ago" from one).
    @Test(arguments: [nil, 60.0])
    func statusSaysThereIsNothingToFetchAndNoRequestIsSent(cacheAge: Double?) async throws {
        let kiosk = try EngineNoticeTests.kiosk(cacheAge: cacheAge, failStatus: nil, cities: [])
        try await kiosk.wait(for: "the start") { $0.display.frame > 0 }
        kiosk.time.advance(bySeconds: 3600)
        try await kiosk.wait(for: "an hour") { $0.uptimeSeconds >= 3600 }
        let status = try #require(await kiosk.status())
        #expect(status.forecast.fetchedAt == nil)
        #expect(status.forecast.nothingToFetch == true)
        #expect(kiosk.transport.requestCount == 0)
        let text = ControlCommands.describe(status, now: kiosk.time.now().wall)
        #expect(!text.contains("updated"), "\(text)")
        #expect(
            text.contains(
                "Forecast  no forecast yet · nothing to fetch: no favourites and no station"),
            "\(text)")
        let reply = await kiosk.message(ControlRequest(cmd: "refresh"))
        #expect(reply.hasPrefix("There is nothing to fetch"), "\(reply)")
        #expect(kiosk.transport.requestCount == 0)
        await kiosk.stop()
    }
}

/// A config naming another state directory is taken live but for that key: the screen says
/// it takes a restart, and the engine keeps writing where it started (issue 28 point 2).
@Suite struct RestartPendingTests {
    @Test func theScreenSaysStateDirTakesARestart() async throws {
        let kiosk = try EngineNoticeTests.kiosk(cacheAge: 60, failStatus: nil)
        try await kiosk.wait(for: "the start") { $0.display.frame > 0 }
        let started = await kiosk.engine.configuration
        var moved = started
        moved.stateDirectory = kiosk.directory.file("elsewhere")
        moved.display.theme = .light
        await kiosk.engine.apply(moved)
        let now = await kiosk.engine.configuration
        #expect(now.stateDirectory == started.stateDirectory, "the kiosk keeps its directory")
        #expect(now.display.theme == .light, "the rest applies")
        let model = await kiosk.engine.pageModel(at: kiosk.time.now())
        let sentence =
            "Restart the kiosk to use state_dir = \"\(kiosk.directory.file("elsewhere"))\"; until then it keeps the value it started with"
        #expect(model.notices == [.warning(sentence)])
        for size in [PixelSize(width: 320, height: 240), PixelSize(width: 800, height: 480)] {
            let texts = try PageRenderer().render(model, size: size).texts.map(\.text)
            #expect(
                texts.contains { $0.hasPrefix("Restart the kiosk to use state_dir") }, "\(texts)")
        }
        let status = try #require(await kiosk.status())
        #expect(status.config.restartPending == ["state_dir = \"\(moved.stateDirectory)\""])
        await kiosk.engine.apply(started)
        #expect(await kiosk.engine.pageModel(at: kiosk.time.now()).notices == [])
        await kiosk.stop()
    }
}

/// With nothing cached, a failure says what is true (there is no forecast: nothing about a
/// "last forecast"), always when the kiosk tries again, in full on the city's page, and the
/// kiosk tries again at least every minute (issue 28 point 7).
@Suite struct NoForecastNoticeTests {
    @Test(arguments: [500, 503])
    func withNothingCachedTheNoticeSaysSoWithTheCountdownOfStatus(_ code: Int) async throws {
        let kiosk = try EngineNoticeTests.kiosk(cacheAge: nil, failStatus: code)
        try await kiosk.wait(for: "the first failure") { $0.forecast.failures == 1 }
        let status = try #require(await kiosk.status())
        let error = try #require(status.forecast.error)
        #expect(!error.contains("last forecast"), "\(error)")
        let model = await kiosk.engine.pageModel(at: kiosk.time.now())
        guard case .noForecast(let reason, let retry)? = model.notices.first else {
            Issue.record("no 'no forecast' notice: \(model.notices)")
            await kiosk.stop()
            return
        }
        #expect(reason == error)
        let countdown = WeatherFormat.countdown(Double(status.forecast.nextRefreshSeconds))
        #expect(retry.map { WeatherFormat.countdown($0.timeIntervalSince(model.now)) } == countdown)
        for size in [PixelSize(width: 320, height: 240), PixelSize(width: 800, height: 480)] {
            let texts = try PageRenderer().render(model, size: size).texts.map(\.text)
            let page = texts.joined(separator: " ")
            #expect(texts.contains("No forecast for Rome yet"), "\(size): \(texts)")
            #expect(texts.contains("Retrying in \(countdown)"), "\(size): \(texts)")
            #expect(page.contains("HTTP \(code)"), "\(size): \(texts)")
            #expect(!page.contains("…"), "\(size): the sentence is whole: \(texts)")
            #expect(!page.contains("No forecast yet ·"), "\(size): not twice: \(texts)")
        }
        await kiosk.stop()
    }

    @Test func withNothingCachedTheKioskTriesAgainAtLeastEveryMinute() async throws {
        let kiosk = try EngineNoticeTests.kiosk(cacheAge: nil, failStatus: 500)
        try await kiosk.wait(for: "the first failure") { $0.forecast.failures == 1 }
        for failures in 2...8 {
            let status = try #require(await kiosk.status())
            #expect(status.forecast.nextRefreshSeconds <= 60, "after \(failures - 1) failures")
            kiosk.time.advance(bySeconds: Double(status.forecast.nextRefreshSeconds))
            try await kiosk.wait(for: "failure \(failures)") { $0.forecast.failures == failures }
        }
        await kiosk.stop()
    }

    @Test func withACacheTheBackOffStillGrowsPastAMinute() async throws {
        let kiosk = try EngineNoticeTests.kiosk(cacheAge: 3 * 3600, failStatus: 500)
        try await kiosk.wait(for: "the first failure") { $0.forecast.failures == 1 }
        var waits: [Int] = []
        for failures in 2...5 {
            let status = try #require(await kiosk.status())
            waits.append(status.forecast.nextRefreshSeconds)
            kiosk.time.advance(bySeconds: Double(status.forecast.nextRefreshSeconds))
            try await kiosk.wait(for: "failure \(failures)") { $0.forecast.failures == failures }
        }
        #expect(waits.last.map { $0 > 60 } == true, "\(waits)")
        await kiosk.stop()
    }
}
