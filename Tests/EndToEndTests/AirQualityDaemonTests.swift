import FoundationEssentials
import KioskControl
import KioskCore
import KioskTesting
import LinuxPlatform
import Testing

/// The running kiosk's air quality, against the recorded answer for Enschede (European AQI
/// 44, US AQI 65): shown in `status --json` from the page model, asked in one request that a
/// forecast refresh does not repeat, read on `units.aqi`'s scale and asked of
/// `forecast.air_quality_url` as soon as either is set, and shown at once after a restart
/// without a new request.
@Suite struct AirQualityDaemonTests {
    static func aqi(_ status: KioskStatus) -> Int? {
        status.airQuality?.places.first?.aqi
    }

    @Test func theLiveKioskShowsTheRecordedIndexAndAsksAtMostHourly() async throws {
        let kiosk = try await AirQualityTests.recordedKiosk()
        let body = try AirQualityTests.recorded()
        let other = try await LoopbackHTTPServer.start { _ in .json(body) }
        kiosk.writeConfig(
            baseURL: kiosk.server.baseURL,
            extra: DaemonFixture.daemonSettings(kiosk) + AirQualityTests.enschede)
        var daemon = DaemonFixture.running(kiosk)
        defer {
            let last = daemon
            Task {
                await last.stop()
                await other.stop()
            }
        }
        let first = await daemon.waitFor("the recorded index", timeout: 120) {
            Self.aqi($0) == 44
        }
        #expect(first?.airQuality?.places.first?.aqiScale == "european")
        #expect(first?.airQuality?.places.first?.category == "Moderate")
        #expect(first?.airQuality?.fetchedAt != nil)
        #expect(AirQualityTests.airRequests(kiosk.server).count == 1)
        let asked = try #require(AirQualityTests.airRequests(kiosk.server).first)
        #expect(asked.query.first { $0.name == "latitude" }?.value == "52.27")
        #expect(FileSystem.exists(kiosk.directory.file("state/air-quality.json")))

        // A forecast refresh asks Open-Meteo's forecast again, not the air quality.
        // (A refresh within 10 s of the last one joins it: asked again until one goes out.)
        func forecastRequests() -> Int {
            kiosk.server.requests.filter { $0.path == "/v1/forecast" }.count
        }
        let forecasts = forecastRequests()
        let deadline = Date().addingTimeInterval(120)
        while forecastRequests() == forecasts, Date() < deadline {
            let refresh = await daemon.run(["refresh", "--force"])
            #expect(refresh.exitCode == 0, "\(refresh.standardError)")
            try await Task.sleep(for: .seconds(1))
        }
        #expect(forecastRequests() > forecasts)
        #expect(AirQualityTests.airRequests(kiosk.server).count == 1)

        // units.aqi on the running kiosk: the US AQI of the same answer, nothing asked.
        let us = await daemon.run(["config", "set", "units.aqi", "us"])
        #expect(us.exitCode == 0, "\(us.standardError)")
        let onUS = await daemon.waitFor("the US AQI", timeout: 60) { Self.aqi($0) == 65 }
        #expect(onUS?.airQuality?.places.first?.aqiScale == "us")
        #expect(AirQualityTests.airRequests(kiosk.server).count == 1)

        // Another address on the running kiosk is asked at once.
        let moved = await daemon.run(
            ["config", "set", "forecast.air_quality_url", other.baseURL])
        #expect(moved.exitCode == 0, "\(moved.standardError)")
        _ = await daemon.waitFor("the other address asked", timeout: 60) { _ in
            !other.requests.isEmpty
        }
        #expect(other.requests.first?.path == "/v1/air-quality")

        // Restarted: the kept answer is shown at once, and nothing is asked within the hour.
        _ = await daemon.terminate()
        daemon = daemon.restarted()
        let restarted = await daemon.waitFor("the kept index", timeout: 60) {
            Self.aqi($0) == 65
        }
        #expect(restarted?.airQuality?.fetchedAt != nil)
        _ = await daemon.waitFor("a forecast after the restart", timeout: 120) {
            $0.forecast.fetchedAt != nil && $0.forecast.stale == false
        }
        #expect(AirQualityTests.airRequests(kiosk.server).count == 1)
        #expect(other.requests.count == 1)
    }

    @Test func aFailingAirQualityAPIIsOneSentenceNamingItsURLAndNeverHoldsUpTheForecast()
        async throws
    {
        let kiosk = try await KioskFixture.start(extra: "")
        let closed = "http://127.0.0.1:\(closedLoopbackPort())"
        kiosk.writeConfig(
            baseURL: kiosk.server.baseURL,
            extra: DaemonFixture.daemonSettings(kiosk) + AirQualityTests.enschede,
            airQualityURL: closed)
        let daemon = DaemonFixture.running(kiosk)
        defer { Task { await daemon.stop() } }
        let status = await daemon.waitFor("the forecast and the air quality's failure") {
            $0.forecast.fetchedAt != nil && $0.airQuality?.error != nil
        }
        #expect(status?.forecast.error == nil)
        #expect(status?.airQuality?.error?.contains("\(closed)/v1/air-quality") == true)
        #expect(status?.airQuality?.places.first?.aqi == nil)
        let log = try String(contentsOfFile: kiosk.directory.file("kiosk.log"), encoding: .utf8)
        let sentences = log.split(separator: "\n").filter {
            $0.contains("The air quality from \(closed)/v1/air-quality could not be had")
        }
        #expect(sentences.count == 1, "\(log)")
    }
}
