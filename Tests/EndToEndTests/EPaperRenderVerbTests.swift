import KioskTesting
import Testing

/// `weather-kiosk render --display PANEL`, run as the built binary: the page through the
/// panel's driver and a simulated controller.
@Suite struct EPaperRenderVerbTests {
    @Test(
        arguments: [
            ("inky-impression-5.7", 600, 448), ("inky-impression-4", 640, 400),
            ("inky-impression-7.3", 800, 480), ("inky-what-red", 400, 300),
            ("waveshare-7in5-v2", 800, 480),
        ])
    func eachPanel(kind: String, width: Int, height: Int) async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let output = directory.file("\(kind).png")
        let result = await KioskBinary.run(
            [
                "render", "--demo", "--display", kind, "-o", output, "--config",
                directory.file("none.toml"),
            ])
        #expect(result.exitCode == 0)
        // Without display.pages a panel's page is the dashboard.
        #expect(result.standardError.hasPrefix("Wrote the dashboard page as the "))
        #expect(result.standardError.hasSuffix("shows it to \(output).\n"))
        #expect(RenderVerbTests.pngSize(RenderVerbTests.read(output))! == (width, height))
    }

    @Test func aPanelIsNotAFramebuffer() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let result = await KioskBinary.run(
            [
                "render", "--demo", "--display", "inky-what-red", "--framebuffer", "/dev/fb9",
                "--config", directory.file("none.toml"),
            ])
        #expect(result.exitCode == 2)
        #expect(
            result.standardError
                == "An e-paper panel is not a framebuffer: draw inky-what-red with -o FILE.png.\n")
    }
}
