import FoundationEssentials
import Glibc
import KioskTesting
import Testing

/// A kiosk run in a terminal ends with its terminal (issue 28 point 4): the built binary in a
/// real pseudo-terminal, as a session of its own with that terminal as its controlling one.
/// Closing the terminal (as closing its window does) hangs it up, the kernel sends SIGHUP,
/// and the kiosk stops cleanly: exit 0, its state-dir lock free for the next `run`. A SIGHUP
/// while the terminal is still there keeps meaning "reload the config".
@Suite struct TerminalHangUpTests {
    static func terminalKiosk(_ kiosk: KioskFixture) {
        kiosk.writeConfig(
            baseURL: kiosk.server.baseURL,
            extra: """
                [display]
                kind = "terminal"
                cycle_seconds = 2
                [sensor]
                kind = "simulated"
                [buttons]
                backend = "keyboard"
                [control]
                socket = "\(kiosk.directory.file("control.sock"))"

                """ + threeCities)
    }

    /// Polls `status` (a safety-net timeout, not a measurement) until `condition` holds.
    static func waitFor(
        _ what: String, _ kiosk: KioskFixture, _ condition: (BinaryResult) -> Bool
    ) async -> Bool {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if condition(await kiosk.run(["status"], timeout: 30)) { return true }
            try? await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("timed out waiting for \(what)")
        return false
    }

    @Test func closingTheTerminalEndsTheKioskAndFreesItsLock() async throws {
        let kiosk = try await KioskFixture.start()
        defer { Task { await kiosk.stop() } }
        Self.terminalKiosk(kiosk)
        let log = kiosk.directory.file("kiosk.log")
        let terminal = TerminalProcess(
            [KioskBinary.path, "run", "--config", kiosk.configPath, "--log", log],
            environment: ["PATH": "/usr/bin:/bin", "HOME": "/tmp", "LANG": "C.UTF-8"])
        #expect(terminal.failure.isEmpty, "\(terminal.failure)")
        let up = await Self.waitFor("the kiosk in its terminal", kiosk) {
            $0.exitCode == 0 && $0.standardOutput.contains("frame")
        }
        #expect(up)
        #expect(terminal.text.contains("\u{1B}[?1049h"), "it draws in the terminal")

        // SIGHUP with the terminal still there: a reload, as for `systemctl reload`; the
        // kiosk runs on.
        terminal.signal(SIGHUP)
        for _ in 0..<10 {
            let still = await kiosk.run(["status"], timeout: 30)
            #expect(still.exitCode == 0, "still running after a SIGHUP: \(still.standardError)")
            try await Task.sleep(for: .milliseconds(100))
        }

        await terminal.closeTerminal()
        let code = await terminal.exitCode(within: 60)
        #expect(
            code == 0,
            "exit code \(String(describing: code)); log: \(kiosk.directory.read("kiosk.log") ?? "")"
        )
        let text = kiosk.directory.read("kiosk.log") ?? ""
        // Said once, whichever the kiosk saw first: the SIGHUP or its keyboard's input
        // hanging up (under load the input's end came first, and the sentence was lost).
        #expect(text.components(separatedBy: "The terminal went away").count == 2, "\(text)")
        #expect(text.contains("weather-kiosk stopped."), "\(text)")
        #expect(!text.contains("Cannot write to the terminal"), "\(text)")

        // The lock is free: a second kiosk on the same state directory starts.
        let again = TerminalProcess(
            [KioskBinary.path, "run", "--config", kiosk.configPath, "--log", log],
            environment: ["PATH": "/usr/bin:/bin", "HOME": "/tmp", "LANG": "C.UTF-8"])
        #expect(await Self.waitFor("the second kiosk", kiosk) { $0.exitCode == 0 })
        again.signal(SIGTERM)
        #expect(await again.exitCode(within: 60) == 0)
    }
}
