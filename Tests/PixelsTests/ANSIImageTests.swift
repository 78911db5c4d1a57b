import KioskCore
import Pixels
import Testing

/// Half-block terminal pictures: two pixels per cell, scaled to the terminal.
@Suite struct ANSIImageTests {
    @Test func eachCellShowsTheUpperPixelAsForegroundAndTheLowerAsBackground() {
        let image = PixelImage(
            width: 2, height: 2, pixels: [0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF, 0xFFFF_FFFF])
        let text = ANSIImage.render(image, columns: 80, rows: 24, colors: .trueColor)
        #expect(
            text
                == "\u{1B}[38;2;255;0;0m\u{1B}[48;2;0;0;255m▀\u{1B}[38;2;0;255;0m\u{1B}[48;2;255;255;255m▀\u{1B}[0m\n"
        )
    }

    @Test func repeatedColoursAreNotRepeatedInTheOutput() {
        let image = PixelImage(width: 4, height: 2, filledWith: 0xFF10_2030)
        let text = ANSIImage.render(image, columns: 80, rows: 24, colors: .trueColor)
        #expect(text == "\u{1B}[38;2;16;32;48m\u{1B}[48;2;16;32;48m▀▀▀▀\u{1B}[0m\n")
    }

    @Test func averagingKeepsTheMeanColour() {
        // A 4×4 checkerboard of black and white seen through one cell is grey.
        var image = PixelImage(width: 4, height: 4)
        for y in 0..<4 {
            for x in 0..<4 where (x + y) % 2 == 0 { image[x: x, y: y] = 0xFFFF_FFFF }
        }
        let text = ANSIImage.render(image, columns: 1, rows: 1, colors: .trueColor)
        #expect(text.hasPrefix("\u{1B}[38;2;127;127;127m"))
    }

    @Test(arguments: [
        (0, 0, 0, 16), (255, 255, 255, 231), (255, 0, 0, 196), (0, 255, 0, 46), (0, 0, 255, 21),
        (128, 128, 128, 244), (95, 135, 175, 67), (8, 8, 8, 232), (238, 238, 238, 255),
    ])
    func palette256PicksTheNearestColour(_ sample: (Int, Int, Int, Int)) {
        #expect(ANSIImage.paletteIndex(red: sample.0, green: sample.1, blue: sample.2) == sample.3)
    }

    @Test func palette256OutputUsesIndexedCodes() {
        let image = PixelImage(width: 1, height: 2, pixels: [0xFFFF_0000, 0xFF00_0000])
        let text = ANSIImage.render(image, columns: 10, rows: 10, colors: .palette256)
        #expect(text == "\u{1B}[38;5;196m\u{1B}[48;5;16m▀\u{1B}[0m\n")
    }
}
