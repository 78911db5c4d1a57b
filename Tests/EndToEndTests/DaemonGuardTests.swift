import Glibc
import KioskControl
import KioskTesting
import Testing

/// A second daemon and stray signals cannot strand the running one.
@Suite struct DaemonGuardTests {
    @Test func aSecondDaemonExitsNamingTheFirst() async throws {
        let daemon = try await DaemonFixture.start()
        defer { Task { await daemon.stop() } }
        _ = await daemon.waitFor("the first frame") { $0.display.frame >= 1 }
        let second = await daemon.kiosk.run(["run"], timeout: 30)
        #expect(second.exitCode == 1)
        #expect(
            second.standardError.contains("PID \(daemon.process.pid)"), "\(second.standardError)")
        #expect(daemon.kiosk.directory.list().contains("control.sock"))
        let status = await daemon.status()
        #expect(status != nil, "the first daemon still answers on its socket")
    }

    @Test func aSecondDaemonWithAnotherStateDirectoryStillLeavesTheSocketAlone() async throws {
        let daemon = try await DaemonFixture.start()
        defer { Task { await daemon.stop() } }
        _ = await daemon.waitFor("the first frame") { $0.display.frame >= 1 }
        let other = daemon.kiosk.directory.file("other.toml")
        let text = try #require(daemon.kiosk.directory.read("config.toml"))
        let state = daemon.kiosk.directory.file("state")
        daemon.kiosk.directory.write(
            "other.toml",
            text.replacing("\"\(state)\"", with: "\"\(state)-other\""))
        let second = await KioskBinary.run(["run", "--config", other], timeout: 30)
        #expect(second.exitCode == 1)
        #expect(
            second.standardError.contains("PID \(daemon.process.pid)"), "\(second.standardError)")
        #expect(await daemon.status() != nil)
    }

    @Test func strayAndMeaningfulSignalsLeaveTheDaemonRunning() async throws {
        let daemon = try await DaemonFixture.start()
        defer { Task { await daemon.stop() } }
        _ = await daemon.waitFor("the first frame") { $0.display.frame >= 1 }
        let signals = [
            SIGHUP, SIGPIPE, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGIO, SIGPWR,
            SIGWINCH, SIGCONT, SIGURG, SIGCHLD, SIGXFSZ, SIGTTIN, SIGTTOU,
        ]
        for number in signals {
            daemon.process.signal(number)
            let status = await daemon.waitFor("an answer after signal \(number)", timeout: 10) {
                _ in true
            }
            #expect(status != nil, "signal \(number)")
        }
        let result = await daemon.terminate()
        #expect(result.exitCode == 0, "\(result.standardError)")
    }
}
