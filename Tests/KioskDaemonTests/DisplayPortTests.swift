import KioskConfig
import KioskCore
import KioskDaemon
import KioskDisplays
import KioskTesting
import Pixels
import Rendering
import Testing

/// The display port as the worker uses it: capabilities, rotation, `close()`, and the
/// `display.rotate` key.
@Suite struct DisplayPortTests {
    private func problems(_ text: String) -> [ConfigFileError.Problem] {
        do {
            _ = try ConfigStore.resolve(ConfigDocument(file: "/etc/wk.toml", text: text))
            return []
        } catch {
            return error.problems
        }
    }

    @Test func closingTheWorkerClosesWhateverDisplayItHas() async throws {
        let time = ManualTimeSource()
        let display = RecordingDisplay(size: PixelSize(width: 80, height: 48))
        let worker = DisplayWorker(open: { try PixelPageDisplay(display) }, time: time)
        worker.submit(.show(DemoData.model(page: .city)))
        _ = await worker.frame(after: 0, timeout: 5)
        #expect(!display.isClosed)
        await worker.close()
        #expect(display.isClosed)
    }

    /// The page is drawn on the worker's own thread, whatever the display: a `show` that
    /// hopped to the cooperative pool for its Cairo drawing and its device writes would
    /// block one of its two to four threads for the length of a frame (an e-paper refresh:
    /// seconds).
    @Test func pagesAreDrawnOnTheWorkersThread() async throws {
        let display = RecordingDisplay(size: PixelSize(width: 80, height: 48))
        let worker = DisplayWorker(
            open: { try PixelPageDisplay(display) }, time: ManualTimeSource())
        worker.submit(.show(DemoData.model(page: .city)))
        let first = try #require(await worker.frame(after: 0, timeout: 60))
        worker.submit(.show(DemoData.model(page: .hourly)))
        _ = try #require(await worker.frame(after: first.frame, timeout: 60))
        let thread = try #require(worker.threadID)
        #expect(display.frameThreads == [thread])
        await worker.close()
    }

    @Test(arguments: [DisplayRotation.clockwise, .anticlockwise])
    func aTurnedPanelGetsAPortraitPageTurnedOntoIt(rotation: DisplayRotation) async throws {
        let time = ManualTimeSource()
        let display = RecordingDisplay(size: PixelSize(width: 80, height: 48))
        let worker = DisplayWorker(
            open: { try PixelPageDisplay(display, rotation: rotation) }, time: time)
        worker.submit(.show(DemoData.model(page: .city)))
        let shown = try #require(await worker.frame(after: 0, timeout: 5))
        // What `screenshot` gets is the upright portrait page a viewer sees…
        #expect(shown.image.size == PixelSize(width: 48, height: 80))
        // …and the panel got it turned into its own landscape buffer.
        let frame = try #require(display.frames.last)
        #expect(frame.size == PixelSize(width: 80, height: 48))
        #expect(frame == shown.image.rotated(rotation))
        #expect(frame.unrotated(rotation) == shown.image)
        let report = await worker.report()
        #expect(report.rotation == rotation)
        #expect(report.capabilities?.pageSize == PixelSize(width: 48, height: 80))
        #expect(report.size == "80x48")
        await worker.close()
    }

    @Test func capabilitiesSayWhatThePanelIsAndHowItIsTurned() throws {
        let display = RecordingDisplay(size: PixelSize(width: 800, height: 480))
        let pages = try PixelPageDisplay(display, rotation: .clockwise)
        #expect(pages.capabilities.surface == .pixels(PixelSize(width: 800, height: 480)))
        #expect(pages.capabilities.pageSize == PixelSize(width: 480, height: 800))
        #expect(pages.capabilities.minimumRefreshInterval == .zero)
        #expect(
            "\(pages.capabilities)" == "800x480 XRGB8888, rotated 90° (480x800 page)")
        let upright = try PixelPageDisplay(display)
        #expect("\(upright.capabilities)" == "800x480 XRGB8888")
    }

    @Test(arguments: [0, 90, 180, 270])
    func displayRotateTakesQuarterTurns(degrees: Int) throws {
        let configuration = try ConfigStore.resolve(
            ConfigDocument(file: "c.toml", text: "[display]\nrotate = \(degrees)\n"))
        #expect(configuration.display.rotate.rawValue == degrees)
    }

    @Test(arguments: ["45", "-90", "360", "\"90\"", "90.0"])
    func otherRotationsAreRefusedAtTheirLine(value: String) throws {
        let found = problems("board = \"simulator\"\n\n[display]\nrotate = \(value)\n")
        let problem = try #require(found.first)
        #expect(found.count == 1)
        #expect(problem.line == 4)
        #expect(problem.text.hasPrefix("/etc/wk.toml, line 4: "))
        #expect(problem.text.contains("display.rotate"))
        #expect(problem.text.contains("0, 90, 180 or 270"))
    }

    @Test func theDefaultIsUprightAndConfigGetSaysIt() {
        let configuration = KioskConfiguration()
        #expect(configuration.display.rotate == .upright)
        #expect(ConfigSchema.key("display.rotate")?.value(in: configuration) == .integer(0))
    }
}
