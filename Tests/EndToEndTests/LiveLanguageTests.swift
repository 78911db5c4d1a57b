import FoundationEssentials
import KioskControl
import KioskCore
import KioskTesting
import Rendering
import Testing

/// The built daemon, fed by the loopback Open-Meteo, speaks the language `config set
/// language` names at once (issue 33): its screen, read by `screenshot`, is the page
/// `render` draws from the same cache in that language, not the English one.
@Suite struct LiveLanguageTests {
    @Test func configSetLanguageRedrawsTheRunningKioskInItalian() async throws {
        // Without warnings: the kiosk's own reading of the forecast (frost, say) comes and
        // goes with the clock and draws a band `render` does not, on one screenshot and
        // not the other.
        let daemon = try await DaemonFixture.start(
            extra: "[warnings]\nenabled = false\n\n" + threeCities, cycleSeconds: 3600)
        defer { Task { await daemon.stop() } }
        let fetched = try #require(
            await daemon.waitFor("the forecast") {
                $0.display.frame > 0 && $0.forecast.fetchedAt != nil
            })
        // The city page drawn with the forecast in.
        let page = await daemon.run(["page", "city"])
        #expect(page.exitCode == 0, "\(page.standardError)")
        let first = try #require(
            await daemon.waitFor("the city page") {
                $0.display.frame > fetched.display.frame && $0.showing.page == "city"
            })
        let city = try #require(first.showing.cityNumber)
        let english = try await screen(of: daemon, named: "before")
        let englishPage = try await render(daemon, city: city, named: "en")

        let set = await daemon.run(["config", "set", "language", "it"])
        #expect(set.exitCode == 0, "\(set.standardError)")
        let before = try #require(await daemon.status()).display.frame
        // The first frame after the change that shows the same page and favourite, taken
        // while no other frame comes (a status on each side of the screenshot agrees).
        var italian = english
        for _ in 0..<20 {
            let shown = await daemon.waitFor("a frame of the city page after the change") {
                $0.display.frame > before && $0.showing.page == "city"
                    && $0.showing.cityNumber == city
            }
            guard let shown else { break }
            italian = try await screen(of: daemon, named: "after")
            if await daemon.status()?.display.frame == shown.display.frame { break }
        }
        let italianPage = try await render(daemon, city: city, named: "it")

        #expect(englishPage != italianPage, "render draws the city page in Italian")
        #expect(english != italian, "the screen changed")
        // Each screen is its language's page (the clock may have moved a minute: closest,
        // not equal).
        #expect(differing(english, englishPage) < differing(english, italianPage))
        #expect(differing(italian, italianPage) < differing(italian, englishPage))
        #expect(differing(italian, italianPage) < differing(english, italianPage))
    }

    /// The daemon's screen now, decoded.
    private func screen(of daemon: DaemonFixture, named name: String) async throws
        -> PixelImage
    {
        let path = daemon.kiosk.directory.file("shot-\(name).png")
        let result = await daemon.run(["screenshot", "-o", path])
        #expect(result.exitCode == 0, "\(result.standardError)")
        return try PNGCodec.decode(RenderVerbTests.read(path))
    }

    /// The city page of favourite `city` as `render` draws it from the daemon's cache and
    /// config, at the screen's size.
    private func render(_ daemon: DaemonFixture, city: Int, named name: String) async throws
        -> PixelImage
    {
        let path = daemon.kiosk.directory.file("render-\(name).png")
        let result = await daemon.run([
            "render", "--page", "city", "--city", "\(city)", "--size", "400x240", "-o", path,
        ])
        #expect(result.exitCode == 0, "\(result.standardError)")
        return try PNGCodec.decode(RenderVerbTests.read(path))
    }

    /// How many pixels of `a` and `b` differ.
    private func differing(_ a: PixelImage, _ b: PixelImage) -> Int {
        guard a.width == b.width, a.height == b.height else { return Int.max }
        return zip(a.pixels, b.pixels).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) }
    }
}
