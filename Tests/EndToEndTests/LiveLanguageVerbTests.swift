import FoundationEssentials
import KioskControl
import KioskCore
import KioskTesting
import Testing

/// The verbs that talk to the running daemon answer in the reader's language (issue 33):
/// the daemon sends its sentence in every language, the CLI prints its reader's; `--json`
/// keeps the English sentence and nothing more.
@Suite struct LiveLanguageVerbTests {
    @Test func pageRefreshReloadAndScreenshotSpeakTheConfigsLanguage() async throws {
        let daemon = try await DaemonFixture.start(cycleSeconds: 3600)
        defer { Task { await daemon.stop() } }
        _ = try #require(
            await daemon.waitFor("the forecast") {
                $0.display.frame > 0 && $0.forecast.fetchedAt != nil
            })
        let set = await daemon.run(["config", "set", "language", "de"])
        #expect(set.exitCode == 0, "\(set.standardError)")

        let page = await daemon.run(["page", "hourly"])
        #expect(page.exitCode == 0, "\(page.standardError)")
        #expect(
            page.standardOutput.wholeMatch(
                of: #/Zeige die Seite hourly von [^\n]+ \([0-9] von 3\)\.\n/#) != nil,
            "\(page.standardOutput)")
        let json = await daemon.run(["page", "hourly", "--json"])
        #expect(json.standardOutput.contains("\"message\" : \"Showing the hourly page of "))
        #expect(!json.standardOutput.contains("translations"), "\(json.standardOutput)")
        #expect(!json.standardOutput.contains("Zeige"))

        let refresh = await daemon.run(["refresh"])
        #expect(refresh.exitCode == 0, "\(refresh.standardError)")
        let germanRefresh = [
            "Vorhersagen werden jetzt abgerufen.", "Eine Aktualisierung läuft bereits",
            "Die Vorhersagen wurden ", "Der letzte Versuch", "Die nächste Aktualisierung",
        ]
        #expect(
            germanRefresh.contains { refresh.standardOutput.hasPrefix($0) },
            "\(refresh.standardOutput)")

        let reload = await daemon.run(["reload"])
        #expect(reload.exitCode == 0, "\(reload.standardError)")
        #expect(
            reload.standardOutput.hasSuffix(" neu geladen.\n")
                || reload.standardOutput.hasSuffix(" ist unverändert.\n"),
            "\(reload.standardOutput)")

        let path = daemon.kiosk.directory.file("shot.png")
        let shot = await daemon.run(["screenshot", "-o", path])
        #expect(shot.exitCode == 0)
        #expect(
            shot.standardError.hasPrefix("\(path) geschrieben ("), "\(shot.standardError)")
    }
}
