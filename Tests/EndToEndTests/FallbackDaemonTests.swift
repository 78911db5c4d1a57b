import FoundationEssentials
import KioskControl
import KioskCore
import KioskDaemon
import KioskTesting
import METNorway
import Testing

/// The running kiosk while Open-Meteo fails in each way the fault tests use: it shows MET
/// Norway's forecast for the place (asked as MET Norway's terms ask: the contact in the
/// User-Agent, 4 decimals, a conditional request the next time, after a restart too), and
/// Open-Meteo's again once it answers.
@Suite struct FallbackDaemonTests {
    /// Brisbane, as a favourite with more decimals than MET Norway takes.
    static let brisbane = """
        [[cities]]
        name = "Brisbane"
        latitude = -27.469771
        longitude = 153.025124

        """

    /// The faults that send the place to MET Norway (a minute's or an hour's 429 does not).
    static let faults: [(name: String, fault: ServerFault)] = [
        ("500", .status(500, body: #"{"error":true,"reason":"Internal error"}"#)),
        ("503", .status(503, body: #"{"error":true,"reason":"Service overloaded"}"#)),
        (
            "429 day",
            .status(
                429,
                body:
                    #"{"error":true,"reason":"Daily API request limit exceeded. Please try again tomorrow."}"#
            )
        ),
        ("malformed JSON", .malformedJSON),
        ("truncated body", .truncatedBody),
        ("10 MiB body", .hugeBody(bytes: 10 << 20)),
        ("30 s stall", .stall(seconds: 30)),
        ("closed without response", .closeWithoutResponse),
    ]

    static let recorded = "compact-brisbane-2026-03-30"
    static let lastModified = "Mon, 30 Mar 2026 13:22:44 GMT"

    /// A recorded MET Norway fixture (Tests/METNorwayTests/Fixtures, sources in its
    /// SOURCES.md).
    static func metFixture(_ name: String, filePath: String = #filePath) throws -> [UInt8] {
        let tests = filePath.split(separator: "/", omittingEmptySubsequences: false)
            .dropLast(2).joined(separator: "/")
        return try FixtureFile.bytes(name, besides: tests + "/METNorwayTests/Support.swift")
    }

    static func metStandIn() throws -> FakeMETNorway {
        let headers = String(decoding: try metFixture(recorded + ".headers"), as: UTF8.self)
            .split(separator: "\n").compactMap { line -> HeaderField? in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return HeaderField(
                    name: String(line[..<colon]),
                    value: String(line[line.index(after: colon)...].drop { $0 == " " }))
            }
        return FakeMETNorway(body: try metFixture(recorded + ".json"), headers: headers)
    }

    /// MET Norway's current temperature for Brisbane in the recorded answer.
    static func recordedTemperature() throws -> Temperature? {
        let place = ForecastPlace(
            coordinate: Coordinate(latitude: -27.469771, longitude: 153.025124))
        let forecast = try LocationforecastDecoder(place: place, units: ForecastUnits())
            .decode(try metFixture(recorded + ".json"), at: Date())
        return forecast.current?.temperature
    }

    /// The kiosk's config: the contact, Open-Meteo's stand-in, MET Norway's at `metURL`,
    /// the daemon's settings and Brisbane.
    static func writeConfig(_ kiosk: KioskFixture, metURL: String, fallback: String = "met-norway")
        throws
    {
        kiosk.writeConfig(
            baseURL: kiosk.server.baseURL,
            extra:
                "fallback = \"\(fallback)\"\nfallback_url = \"\(metURL)/weatherapi/locationforecast/2.0\"\n\n"
                + DaemonFixture.daemonSettings(kiosk) + brisbane)
        let text = try String(contentsOfFile: kiosk.configPath, encoding: .utf8)
        kiosk.directory.write("config.toml", "contact = \"kiosk@example.org\"\n" + text)
    }

    static func cached(_ kiosk: KioskFixture) -> ForecastEntry? {
        try? ForecastCache(directory: kiosk.directory.file("state")).load().first
    }

    /// The cached entry once it is `provider`'s: the kiosk stores what it shows after it
    /// shows it, so `status` can say a provider before the file does. Polls with a safety
    /// net, not a measurement.
    static func cached(_ kiosk: KioskFixture, from provider: ForecastProviderID) async
        -> ForecastEntry?
    {
        let giveUp = ContinuousClock.now + .seconds(120)
        while ContinuousClock.now < giveUp {
            if let entry = cached(kiosk), entry.provider == provider { return entry }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return cached(kiosk)
    }

    /// Moves the cache an hour into the past, MET Norway's `Expires` with it: the kiosk
    /// restarted an hour later.
    static func age(_ kiosk: KioskFixture) throws {
        let cache = ForecastCache(directory: kiosk.directory.file("state"))
        let entries = try cache.load().map { entry in
            var old = entry
            old.fetchedAt = entry.fetchedAt.addingTimeInterval(-3600)
            old.validity.freshUntil = entry.validity.freshUntil?.addingTimeInterval(-3600)
            return old
        }
        try cache.store(entries, now: entries.first?.fetchedAt ?? Date())
    }

    @Test(arguments: faults.indices)
    func whileOpenMeteoFailsTheKioskShowsMETNorwayAndComesBack(index: Int) async throws {
        let (name, fault) = Self.faults[index]
        let met = try Self.metStandIn()
        let metServer = try await LoopbackHTTPServer.start { met.respond(to: $0) }
        let kiosk = try await KioskFixture.start(extra: "")
        try Self.writeConfig(kiosk, metURL: metServer.baseURL)
        kiosk.server.setFault(fault)
        var daemon = DaemonFixture.running(kiosk)
        defer {
            let last = daemon
            Task {
                await last.stop()
                await metServer.stop()
            }
        }
        let status = await daemon.waitFor("MET Norway's forecast (\(name))", timeout: 180) {
            $0.forecast.fetchedAt != nil && $0.forecast.places?.first?.provider != nil
        }
        #expect(status?.forecast.stale == false, "\(name)")
        #expect(status?.forecast.error != nil, "\(name): Open-Meteo's failure is still said")
        #expect(status?.forecast.places?.first?.provider == .metNorway, "\(name)")
        let entry = try #require(await Self.cached(kiosk, from: .metNorway), "\(name)")
        #expect(entry.provider == .metNorway, "\(name)")
        #expect(entry.validity.lastModified == Self.lastModified, "\(name)")
        #expect(entry.forecast.current?.temperature == (try Self.recordedTemperature()), "\(name)")
        let first = try #require(metServer.requests.first)
        #expect(first.header("User-Agent") == KioskVersion.userAgent(contact: "kiosk@example.org"))
        #expect(first.rawQuery == "lat=-27.4698&lon=153.0251", "\(name)")
        #expect(first.header("If-Modified-Since") == nil)

        // An hour later the kiosk starts again, Open-Meteo still failing: MET Norway is
        // asked with the exact Last-Modified it sent, and its 304 keeps the forecast.
        _ = await daemon.terminate()
        try Self.age(kiosk)
        let asked = metServer.requests.count
        daemon = daemon.restarted()
        await metServer.waitForRequests(count: asked + 1)
        let second = try #require(metServer.requests.last)
        #expect(second.header("If-Modified-Since") == Self.lastModified, "\(name)")
        _ = await daemon.waitFor("the 304 kept (\(name))", timeout: 180) {
            $0.forecast.stale == false
        }
        #expect(Self.cached(kiosk)?.provider == .metNorway, "\(name)")

        // Open-Meteo answers again: the place is its again.
        kiosk.server.setFault(nil)
        let refresh = await daemon.run(["refresh", "--force"])
        #expect(refresh.exitCode == 0, "\(refresh.standardError)")
        let back = await daemon.waitFor("Open-Meteo's forecast again (\(name))", timeout: 180) {
            $0.forecast.error == nil && $0.forecast.fetchedAt != nil
                && $0.forecast.places?.first?.provider == .openMeteo
        }
        #expect(back?.forecast.places?.first?.provider == .openMeteo, "\(name)")

        // Open-Meteo's rule, one request at a time from an address, is kept across both
        // services: no request began while another was being answered. (A stall answers
        // after the kiosk has given up on it and moved on, so its span says nothing. A 10 MiB
        // body the kiosk stops reading at its limit ends, for the stand-in, at its last write
        // that went in.)
        switch fault {
        case .stall: break
        default:
            #expect(
                LoopbackHTTPServer.mostInFlight([kiosk.server, metServer]) == 1,
                "\(name): \(kiosk.server.answerSpans.count) + \(metServer.answerSpans.count) answers"
            )
        }
        #expect(await Self.cached(kiosk, from: .openMeteo)?.provider == .openMeteo, "\(name)")
    }

    @Test func turningTheFallbackOnInTheRunningKioskAsksMETNorwayAtOnce() async throws {
        let met = try Self.metStandIn()
        let metServer = try await LoopbackHTTPServer.start { met.respond(to: $0) }
        let kiosk = try await KioskFixture.start(extra: "")
        try Self.writeConfig(kiosk, metURL: metServer.baseURL, fallback: "none")
        kiosk.server.setFault(.status(503, body: #"{"error":true,"reason":"Service overloaded"}"#))
        let daemon = DaemonFixture.running(kiosk)
        defer {
            Task {
                await daemon.stop()
                await metServer.stop()
            }
        }
        _ = await daemon.waitFor("Open-Meteo's failure") { $0.forecast.failures > 0 }
        #expect(metServer.requests.isEmpty, "fallback = none asks nobody else")
        let set = await daemon.run(["config", "set", "forecast.fallback", "met-norway"])
        #expect(set.exitCode == 0, "\(set.standardError)")
        _ = await daemon.waitFor("MET Norway's forecast", timeout: 180) {
            $0.forecast.fetchedAt != nil
        }
        #expect(await Self.cached(kiosk, from: .metNorway)?.provider == .metNorway)
        #expect(metServer.requests.count >= 1)
    }
}
