import Glibc
import KioskControl
import KioskTesting
import Testing

/// The running daemon with every place on its control socket held by clients that keep a
/// preview of a far-off frame waiting: the owner's `status` and a stop still get through.
@Suite struct ControlUnderLoadTests {
    @Test func thirtyTwoBusyPreviewClientsLeaveStatusAndStopWorking() async throws {
        let daemon = try await DaemonFixture.start()
        defer { Task { await daemon.stop() } }
        _ = await daemon.waitFor("the first frame") { $0.display.frame >= 1 }
        let busy = BusyPreviewClients(
            path: daemon.kiosk.directory.file("control.sock"), count: 32)
        for _ in 0..<500 where busy.connectedCount < 32 || busy.answerCount < 24 {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(busy.connectedCount == 32)
        var answered = 0
        for _ in 0..<14 {
            let result = await daemon.run(["status", "--json"])
            guard result.exitCode == 0 else {
                Issue.record("status failed: \(result.standardError)")
                break
            }
            answered += 1
        }
        #expect(answered == 14)
        // SIGTERM with every preview still waiting (each up to 25 s): the kiosk ends.
        daemon.process.signal(SIGTERM)
        let result = await daemon.process.finish(timeout: 20)
        await busy.stop()
        #expect(!result.timedOut && result.exitCode == 0, "\(result.standardError.suffix(2000))")
    }
}
