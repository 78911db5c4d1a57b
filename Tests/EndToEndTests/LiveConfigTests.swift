import FoundationEssentials
import Glibc
import KioskControl
import KioskCore
import KioskTesting
import Testing

/// The built daemon takes every config key live (issue 28 point 2): `config set
/// display.rotate 90` turns the picture of the running kiosk and `status` says so, `config
/// unset` turns it back; `state_dir`, the one key only a restart applies, is said to be so by
/// `config set`, by `status` and on the screen, and the kiosk keeps its directory meanwhile.
@Suite struct LiveConfigTests {
    @Test func rotateAppliesToTheRunningKioskAndUnsetTurnsItBack() async throws {
        let daemon = try await DaemonFixture.start()
        defer { Task { await daemon.stop() } }
        _ = await daemon.waitFor("the first frame") { $0.display.frame > 0 }
        let upright = try #require(await daemon.shot())
        #expect((upright.width, upright.height) == (400, 240))

        let set = await daemon.run(["config", "set", "display.rotate", "90"])
        #expect(set.exitCode == 0, "\(set.standardError)")
        #expect(set.standardOutput == "display.rotate = 90 (was 0)\n")
        let turned = await daemon.waitFor("rotate 90") { $0.display.rotate == 90 }
        let text = await daemon.run(["status"])
        #expect(text.standardOutput.contains("rotated 90°"), "\(text.standardOutput)")
        let frame = try #require(turned?.display.frame)
        _ = await daemon.waitFor("a frame after the turn") { $0.display.frame > frame }
        let shot = try #require(await daemon.shot())
        #expect((shot.width, shot.height) == (240, 400), "the screen's picture is turned")

        let unset = await daemon.run(["config", "unset", "display.rotate"])
        #expect(unset.exitCode == 0, "\(unset.standardError)")
        let back = await daemon.waitFor("rotate 0") { $0.display.rotate == 0 }
        _ = await daemon.waitFor("a frame after the turn back") {
            $0.display.frame > (back?.display.frame ?? 0)
        }
        let again = try #require(await daemon.shot())
        #expect((again.width, again.height) == (400, 240))
    }

    @Test func stateDirIsSaidToTakeEffectAfterARestartAndTheKioskKeepsItsOwn() async throws {
        let daemon = try await DaemonFixture.start()
        defer { Task { await daemon.stop() } }
        _ = await daemon.waitFor("the first frame") { $0.display.frame > 0 }
        let other = daemon.kiosk.directory.file("other-state")
        let set = await daemon.run(["config", "set", "state_dir", other])
        #expect(set.exitCode == 0, "\(set.standardError)")
        #expect(
            set.standardOutput.contains("state_dir takes effect after a restart"),
            "\(set.standardOutput)")
        let status = await daemon.waitFor("the pending restart") {
            $0.config.restartPending == ["state_dir = \"\(other)\""]
        }
        #expect(status?.config.problems == [])
        let text = await daemon.run(["status"])
        #expect(
            text.standardOutput.contains(
                "state_dir = \"\(other)\" takes effect after a restart; the kiosk keeps the value it started with"
            ), "\(text.standardOutput)")
        // It still writes where it started: a press (`next`) saves the state there.
        _ = await daemon.run(["next"])
        let kept = daemon.kiosk.directory.file("state/state.json")
        var saved = false
        for _ in 0..<100 where !saved {
            saved = access(kept, F_OK) == 0
            if !saved { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(saved)
        #expect(access(other, F_OK) != 0, "nothing is written to the new directory yet")
        // Back to the directory it runs on: nothing is pending any more.
        let back = await daemon.run([
            "config", "set", "state_dir", daemon.kiosk.directory.file("state"),
        ])
        #expect(back.exitCode == 0, "\(back.standardError)")
        _ = await daemon.waitFor("nothing pending") { $0.config.restartPending == nil }
    }

    /// The case on the built daemon (issue 28 point 3): a kiosk cycling hourly, set
    /// to 5 s, shows the next page at once instead of keeping the old schedule.
    @Test func aShorterCycleShowsTheNextPageAtOnce() async throws {
        let daemon = try await DaemonFixture.start(cycleSeconds: 3600)
        defer { Task { await daemon.stop() } }
        let first = try #require(await daemon.waitFor("the first frame") { $0.display.frame > 0 })
        let set = await daemon.run(["config", "set", "display.cycle_seconds", "5"])
        #expect(set.exitCode == 0, "\(set.standardError)")
        // The safety net is far below the old hour: the next page comes with the change.
        let next = await daemon.waitFor("the next page", timeout: 60) {
            $0.showing != first.showing
        }
        #expect(next != nil)
    }
}

extension DaemonFixture {
    /// The size of the daemon's screenshot.
    func shot() async -> (width: Int, height: Int)? {
        let path = kiosk.directory.file("shot.png")
        let result = await run(["screenshot", "-o", path])
        guard result.exitCode == 0 else { return nil }
        return RenderVerbTests.pngSize(RenderVerbTests.read(path)).map { ($0.0, $0.1) }
    }
}
