import KioskCore
import Pixels
import Rendering
import Testing

/// A rendered page as terminal half blocks (the ANSI picture itself is tested in Pixels).
@Suite struct ANSIPageTests {
    @Test(arguments: [(80, 24), (120, 40), (40, 50), (200, 60)])
    func aPageFitsTheTerminalWithItsAspectKept(_ cells: (Int, Int)) throws {
        let image = try renderer.render(
            DemoData.model(page: .city), size: PixelSize(width: 800, height: 480)
        ).image
        let text = ANSIImage.render(image, columns: cells.0, rows: cells.1, colors: .trueColor)
        let lines = text.split(separator: "\n")
        #expect(lines.count <= cells.1)
        let widths = lines.map { $0.filter { $0 == "▀" }.count }
        #expect(Set(widths).count == 1)
        let width = try #require(widths.first)
        #expect(width <= cells.0)
        // 800×480 is 5:3; a cell holds two square half-pixels.
        let ratio = Double(width) / Double(lines.count * 2)
        #expect(abs(ratio - 5.0 / 3.0) < 0.1)
        #expect(width == cells.0 || lines.count == cells.1)
    }
}
