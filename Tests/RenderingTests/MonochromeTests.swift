import KioskCore
import Rendering
import Testing

/// The monochrome mode that 1-bit displays will use: every pixel pure black or white.
@Suite struct MonochromeTests {
    @Test(arguments: PageKind.allCases, Theme.allCases)
    func everyPixelIsBlackOrWhite(_ page: PageKind, _ theme: Theme) throws {
        let image = try renderer.render(
            DemoData.model(page: page, theme: theme), size: PixelSize(width: 320, height: 240),
            mode: .monochrome
        ).image
        let values = Set(image.pixels)
        #expect(values.isSubset(of: [0xFF00_0000, 0xFFFF_FFFF]))
        #expect(values.count == 2, "the page is blank")
        // The background follows the theme: black for dark, white for light.
        #expect(image.pixels[0] == (theme == .dark ? 0xFF00_0000 : 0xFFFF_FFFF))
    }
}
