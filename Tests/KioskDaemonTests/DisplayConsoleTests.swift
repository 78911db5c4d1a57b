import FoundationEssentials
import Glibc
import KioskCore
import KioskDaemon
import KioskDisplays
import KioskTesting
import LinuxPlatform
import Pixels
import Rendering
import Testing

/// A framebuffer whose console cannot be put in graphics mode: the frames go on, and the
/// display's report (which `status` and the journal show) says why the console's text may
/// show over them.
@Suite struct DisplayConsoleTests {
    @Test func theConsoleProblemReachesTheReport() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let geometry = FramebufferGeometry(
            width: 320, height: 240, lineLength: 1280, format: .xrgb8888)
        let memory = directory.file("fb")
        let descriptor = open(memory, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        #expect(ftruncate(descriptor, 1280 * 240) == 0)
        close(descriptor)
        // A regular file is no console: KDSETMODE fails with ENOTTY, as it fails with EPERM
        // for a service that is not the owner of the VT.
        let console = directory.file("tty")
        let consoleDescriptor = open(console, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        close(consoleDescriptor)
        let display = try FramebufferDisplay.open(
            file: memory, geometry: geometry, console: console)
        let problem = try #require(display.consoleProblem)
        #expect(problem.contains("Cannot switch the console \(console) to graphics mode"))
        #expect(problem.contains("TTYPath=/dev/tty1"))

        let time = ManualTimeSource(wall: Date(timeIntervalSince1970: 1_800_000_000))
        let worker = DisplayWorker(open: { try PixelPageDisplay(display) }, time: time)
        worker.submit(
            .show(
                PageModel(
                    page: .empty, now: time.now().wall, kioskUTCOffsetSeconds: 0, language: .en)))
        let frame = await worker.frame(after: 0, timeout: 30)
        #expect(frame?.frame == 1)
        let report = await worker.report()
        #expect(report.error == nil)
        #expect(report.warning == problem)
        await worker.close()
    }

    @Test func aSwitchedConsoleGivesNoWarning() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let geometry = FramebufferGeometry(
            width: 320, height: 240, lineLength: 1280, format: .xrgb8888)
        let memory = directory.file("fb")
        let descriptor = open(memory, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        #expect(ftruncate(descriptor, 1280 * 240) == 0)
        close(descriptor)
        let display = try FramebufferDisplay.open(file: memory, geometry: geometry)
        let time = ManualTimeSource(wall: Date(timeIntervalSince1970: 1_800_000_000))
        let worker = DisplayWorker(open: { try PixelPageDisplay(display) }, time: time)
        worker.submit(
            .show(
                PageModel(
                    page: .empty, now: time.now().wall, kioskUTCOffsetSeconds: 0, language: .en)))
        _ = await worker.frame(after: 0, timeout: 30)
        #expect(await worker.report().warning == nil)
        await worker.close()
    }
}
