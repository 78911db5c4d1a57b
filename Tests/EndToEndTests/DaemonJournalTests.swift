import KioskControl
import KioskTesting
import Testing

/// Under systemd (JOURNAL_STREAM set) the daemon's stderr is the journal's input: each line
/// carries its level as a "<N>" prefix and no time stamp of its own.
@Suite struct DaemonJournalTests {
    @Test func underSystemdEveryLogLineStartsWithItsPriority() async throws {
        let kiosk = try await KioskFixture.start()
        defer { Task { await kiosk.stop() } }
        kiosk.writeConfig(
            baseURL: kiosk.server.baseURL, extra: DaemonFixture.daemonSettings(kiosk) + threeCities)
        let process = KioskBinary.spawn(
            ["run", "--config", kiosk.configPath], environment: ["JOURNAL_STREAM": "8:12345"])
        let daemon = DaemonFixture(kiosk: kiosk, process: process)
        _ = await daemon.waitFor("the first frame") { $0.display.frame >= 1 }
        let ended = await daemon.terminate()
        #expect(ended.exitCode == 0)
        let lines = ended.standardError.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("<6>weather-kiosk ") && $0.contains(" started: ") })
        #expect(lines.last == "<6>weather-kiosk stopped.", "\(ended.standardError)")
        let unprefixed = lines.filter { $0.wholeMatch(of: /<[0-7]>.*/) == nil }
        #expect(unprefixed.isEmpty, "\(unprefixed)")
    }
}
