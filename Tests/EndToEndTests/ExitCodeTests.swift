import KioskTesting
import Testing

/// Exit codes a script can rely on: nothing found is 1, as grep's; a one-shot verb that
/// meets a rate limit says what to do next.
@Suite struct ExitCodeTests {
    @Test func searchWithoutAMatchExitsOne() async throws {
        let kiosk = try await KioskFixture.start()
        defer { Task { await kiosk.stop() } }
        let text = await kiosk.run(["city", "search", "Xyzzyplugh"])
        #expect(text.exitCode == 1)
        #expect(text.standardOutput.isEmpty)
        #expect(text.standardError.contains("No place named \"Xyzzyplugh\" was found"))
        let json = await kiosk.run(["city", "search", "Xyzzyplugh", "--json"])
        #expect(json.exitCode == 1)
        #expect(json.standardOutput == "[\n\n]\n" || json.standardOutput == "[]\n")
    }

    @Test func forecastWithoutDataExitsOne() async throws {
        // An answer for the station with no current, hourly or daily block.
        let server = try await LoopbackHTTPServer.start { _ in
            .json(
                #"{"latitude":52.52,"longitude":13.41,"elevation":38,"utc_offset_seconds":0,"timezone":"GMT","timezone_abbreviation":"GMT"}"#
            )
        }
        let directory = TemporaryDirectory()
        defer {
            directory.remove()
            Task { await server.stop() }
        }
        directory.write(
            "config.toml",
            """
            state_dir = "\(directory.file("state"))"
            [station]
            latitude = 52.52
            longitude = 13.41
            [forecast]
            base_url = "\(server.baseURL)"

            """)
        let result = await KioskBinary.run(
            ["forecast", "--config", directory.file("config.toml")])
        #expect(result.exitCode == 1, "\(result.standardOutput)")
        #expect(result.standardOutput.contains("no current conditions in this forecast"))
        #expect(result.standardError.contains("Open-Meteo's answer had no forecast for Home"))
        let json = await KioskBinary.run(
            ["forecast", "--json", "--config", directory.file("config.toml")])
        #expect(json.exitCode == 1)
    }

    @Test func aRateLimitedSearchSaysWhenToTryAgain() async throws {
        let server = try await LoopbackHTTPServer.start { _ in
            .json(
                #"{"error":true,"reason":"Minutely API request limit exceeded. Please try again in one minute."}"#,
                status: 429)
        }
        let directory = TemporaryDirectory()
        defer {
            directory.remove()
            Task { await server.stop() }
        }
        directory.write(
            "config.toml",
            "state_dir = \"\(directory.file("state"))\"\n[forecast]\ngeocoding_url = \"\(server.baseURL)\"\n"
        )
        let result = await KioskBinary.run(
            ["city", "search", "Paris", "--config", directory.file("config.toml")])
        #expect(result.exitCode == 1)
        #expect(result.standardError.contains("try again in a minute"))
        #expect(!result.standardError.contains("the kiosk"))
    }
}
