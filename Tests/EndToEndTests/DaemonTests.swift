import FoundationEssentials
import Glibc
import KioskControl
import KioskCore
import KioskTesting
import LinuxPlatform
import Testing

/// `weather-kiosk run` as the built binary, against the fake Open-Meteo on loopback.
@Suite struct DaemonTests {
    @Test func firstFrameComesFromTheCacheBeforeTheServerAnswers() async throws {
        // The cache is an hour old, so the daemon fetches at once — and the server stalls.
        // A slow cycle: the first slide (Rome) is still shown when the test looks, however
        // loaded the machine.
        let daemon = try await DaemonFixture.start(
            cacheAge: 3600, fault: .stall(seconds: 30), cycleSeconds: 300)
        defer { Task { await daemon.stop() } }
        let status = await daemon.waitFor("the first frame") { $0.display.frame >= 1 }
        #expect(status?.forecast.fetchedAt != nil, "the frame shows the cached forecast")
        #expect(status?.forecast.stale == true, "an hour-old forecast is stale")
        #expect(status?.showing.city == "Rome")
        #expect(daemon.kiosk.directory.read("screen.png")?.isEmpty == false)
        // The request went out and is still unanswered.
        #expect(daemon.kiosk.server.requests.contains { $0.path == "/v1/forecast" })
    }

    @Test func staleOverlayWhileTheServerFailsThenRecovery() async throws {
        let daemon = try await DaemonFixture.start(
            cacheAge: 3600, fault: .status(503, body: #"{"error":true,"reason":"overloaded"}"#))
        defer { Task { await daemon.stop() } }
        let failing = await daemon.waitFor("the failed refresh") { $0.forecast.failures >= 1 }
        #expect(failing?.forecast.stale == true)
        #expect(failing?.forecast.error?.contains("overloaded") == true)
        let oldFetch = failing?.forecast.fetchedAt
        daemon.kiosk.server.setFault(nil)
        let refresh = await daemon.run(["refresh"])
        #expect(refresh.exitCode == 0)
        let recovered = await daemon.waitFor("the recovery") {
            $0.forecast.failures == 0 && $0.forecast.error == nil
        }
        #expect(recovered?.forecast.stale == false)
        #expect(recovered?.forecast.fetchedAt != oldFetch)
    }

    @Test func aCityAddedFromAnotherProcessIsShownAndFetched() async throws {
        let daemon = try await DaemonFixture.start()
        defer { Task { await daemon.stop() } }
        _ = await daemon.waitFor("the first refresh") { $0.forecast.fetchedAt != nil }
        let requestsBefore = daemon.kiosk.server.requests.count
        let added = await daemon.run(["city", "add", "Sydney"])
        #expect(added.exitCode == 0, "\(added.standardError)")
        let status = await daemon.waitFor("Sydney") { $0.cities.contains("Sydney") }
        #expect(status?.cities == ["Rome", "Reykjavík", "São Paulo", "Sydney"])
        let shown = await daemon.run(["show", "sydney"])
        // The page stays what it was (city or hourly); the favourite changes.
        #expect(shown.standardOutput.hasSuffix(" page of Sydney (4 of 4).\n"))
        // The new favourite's forecast is fetched at once, not at the next refresh.
        _ = await daemon.waitFor("a forecast request with Sydney") { _ in
            daemon.kiosk.server.requests.dropFirst(requestsBefore).contains {
                $0.path == "/v1/forecast" && ($0.queryValue("latitude")?.contains("-33.8") ?? false)
            }
        }
    }

    @Test func invalidConfigIsRefusedAndTheKioskRunsOn() async throws {
        let daemon = try await DaemonFixture.start()
        defer { Task { await daemon.stop() } }
        _ = await daemon.waitFor("the first frame") { $0.display.frame >= 1 }
        let refused = await daemon.run(["config", "set", "display.cycle_seconds", "0"])
        #expect(refused.exitCode == 2)
        // A hand-broken file: the daemon keeps its last good config and says why.
        let good = try #require(daemon.kiosk.directory.read("config.toml"))
        daemon.kiosk.directory.write("config.toml", good + "\n[display\n")
        let broken = await daemon.waitFor("the refusal") { !$0.config.problems.isEmpty }
        let problem = broken?.config.problems.first ?? ""
        #expect(problem.contains("config.toml, line"), "\(problem)")
        #expect(broken?.cities.count == 3, "the last good config stays in use")
        let before = broken?.display.frame ?? 0
        _ = await daemon.waitFor("frames going on") { $0.display.frame > before }
        let reload = await daemon.run(["reload"])
        #expect(reload.exitCode == 2)
        #expect(reload.standardError.contains("line"))
        // Fixed: accepted again.
        daemon.kiosk.directory.write("config.toml", good)
        _ = await daemon.waitFor("the fixed config") { $0.config.problems.isEmpty }
    }

    @Test func everyControlVerb() async throws {
        let daemon = try await DaemonFixture.start()
        defer { Task { await daemon.stop() } }
        _ = await daemon.waitFor("the first frame") { $0.display.frame >= 1 }
        let next = await daemon.run(["next"])
        #expect(next.exitCode == 0)
        #expect(next.standardOutput.hasPrefix("Showing the "))
        let previous = await daemon.run(["previous"])
        #expect(previous.standardOutput.hasPrefix("Showing the "))
        let show = await daemon.run(["show", "3"])
        #expect(show.standardOutput.hasSuffix(" page of São Paulo (3 of 3).\n"))
        let page = await daemon.run(["page", "hourly"])
        #expect(page.standardOutput == "Showing the hourly page of São Paulo (3 of 3).\n")
        let badPage = await daemon.run(["page", "radar"])
        #expect(badPage.exitCode == 2)
        #expect(badPage.standardError.contains("city, hourly, indoor, map"))
        let badCity = await daemon.run(["show", "Paris"])
        #expect(badCity.exitCode == 2)
        let status = await daemon.status()
        #expect(status?.showing.pausedSeconds != nil, "an interaction pauses the cycling")
        #expect(status?.recentCities.first == "São Paulo")
        let refresh = await daemon.run(["refresh"])
        #expect(refresh.exitCode == 0)
        let reload = await daemon.run(["reload"])
        #expect(reload.standardOutput.contains("is unchanged"))
        let shot = await daemon.run(["screenshot", "-o", daemon.kiosk.directory.file("shot.png")])
        #expect(shot.exitCode == 0, "\(shot.standardError)")
        let png = try #require(try FileSystem.read(daemon.kiosk.directory.file("shot.png")))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let preview = await daemon.run(["preview", "--frames", "1"])
        #expect(preview.exitCode == 0)
        #expect(preview.standardOutput.contains("\u{1B}[") && preview.standardOutput.contains("▀"))
    }

    @Test func sigtermExitsCleanlyAndKeepsTheState() async throws {
        let daemon = try await DaemonFixture.start()
        defer { Task { await daemon.kiosk.stop() } }
        _ = await daemon.waitFor("the first frame") { $0.display.frame >= 1 }
        _ = await daemon.run(["show", "Reykjavík"])
        let result = await daemon.terminate()
        #expect(result.exitCode == 0, "\(result.standardError)")
        #expect(!daemon.kiosk.directory.list().contains("control.sock"))
        let state = try #require(daemon.kiosk.directory.read("state/state.json"))
        #expect(state.contains("Reykjav"))
        #expect(daemon.kiosk.directory.list("state").contains("indoor-history.json"))
        let notRunning = await daemon.run(["status"])
        #expect(notRunning.exitCode == 3)
    }

    @Test func aThousandControlRequestsLeaveNoFileDescriptorBehind() async throws {
        let daemon = try await DaemonFixture.start()
        defer { Task { await daemon.stop() } }
        _ = await daemon.waitFor("the first frame") { $0.display.frame >= 1 }
        let before = daemon.openDescriptors
        let client = ControlClient(path: daemon.kiosk.directory.file("control.sock"))
        let failures = await onDedicatedThread { () -> Int in
            var failures = 0
            for index in 0..<1000 {
                let request = ControlRequest(cmd: index.isMultiple(of: 2) ? "status" : "bogus")
                do {
                    _ = try client.send(request)
                } catch {
                    failures += 1
                }
            }
            return failures
        }
        #expect(failures == 0)
        // Closed clients are released by the server's thread right after their last reply.
        var after = daemon.openDescriptors
        for _ in 0..<50 where after > before {
            try await Task.sleep(for: .milliseconds(100))
            after = daemon.openDescriptors
        }
        #expect(after <= before, "descriptors before \(before), after \(after)")
    }
}
