public import KioskCore

/// Maps a rendered picture onto an e-paper panel's few inks.
///
/// Every pixel becomes the nearest ink (by a perceptually weighted RGB distance), except
/// where `ditherable` says yes: there Floyd–Steinberg error diffusion spreads each pixel's
/// error to its ditherable neighbours, so a grey cloud or the map's land reads as a
/// pattern of the inks. Error never flows into or out of other pixels, so text and numbers
/// keep crisp edges of solid ink.
public struct InkMapper: Sendable {
    /// The inks, 0xRRGGBB, in the panel's index order.
    public let inks: [UInt32]
    private let components: [Components]
    /// The indices of black and white among the inks, when the panel has them.
    private let black: UInt8?
    private let white: UInt8?

    /// One ink's red, green and blue, 0…255.
    private struct Components {
        var red: Double
        var green: Double
        var blue: Double
    }

    /// A mapper for `inks` (at least one).
    public init(inks: [UInt32]) {
        precondition(!inks.isEmpty)
        self.inks = inks
        components = inks.map {
            Components(
                red: Double(($0 >> 16) & 0xFF), green: Double(($0 >> 8) & 0xFF),
                blue: Double($0 & 0xFF))
        }
        black = inks.firstIndex(of: 0x000000).map(UInt8.init)
        white = inks.firstIndex(of: 0xFFFFFF).map(UInt8.init)
    }

    /// The index of the ink nearest to `red`, `green`, `blue` (0…255 each).
    public func nearest(red: Double, green: Double, blue: Double) -> UInt8 {
        // A plain loop: this runs for every pixel of a panel's picture.
        var best = 0
        var bestDistance = Double.infinity
        var index = 0
        while index < components.count {
            let ink = components[index]
            let dr = red - ink.red
            let dg = green - ink.green
            let db = blue - ink.blue
            let distance = 0.3 * dr * dr + 0.59 * dg * dg + 0.11 * db * db
            if distance < bestDistance {
                bestDistance = distance
                best = index
            }
            index += 1
        }
        return UInt8(best)
    }

    /// The index of the ink nearest to an ARGB pixel.
    public func nearest(_ pixel: UInt32) -> UInt8 {
        nearest(
            red: Double((pixel >> 16) & 0xFF), green: Double((pixel >> 8) & 0xFF),
            blue: Double(pixel & 0xFF))
    }

    /// The ink for a pixel that is not dithered (text, lines): a grey (an anti-aliased edge
    /// of black text) becomes black or white by its lightness, never a colour that happens
    /// to be nearer; a coloured pixel takes the nearest ink.
    public func solid(_ pixel: UInt32) -> UInt8 {
        let red = Int((pixel >> 16) & 0xFF)
        let green = Int((pixel >> 8) & 0xFF)
        let blue = Int(pixel & 0xFF)
        if isGrey(pixel), let black, let white {
            return 0.2126 * Double(red) + 0.7152 * Double(green) + 0.0722 * Double(blue) < 128
                ? black : white
        }
        return nearest(pixel)
    }

    private func isGrey(_ pixel: UInt32) -> Bool {
        let red = Int((pixel >> 16) & 0xFF)
        let green = Int((pixel >> 8) & 0xFF)
        let blue = Int(pixel & 0xFF)
        return max(red, green, blue) - min(red, green, blue) < 24
    }

    /// Whether `pixel` is one of the inks already (within a few steps, for anti-aliasing
    /// that rounds).
    public func isInk(_ pixel: UInt32) -> Bool {
        let ink = components[Int(nearest(pixel))]
        return abs(Double((pixel >> 16) & 0xFF) - ink.red) <= 4
            && abs(Double((pixel >> 8) & 0xFF) - ink.green) <= 4
            && abs(Double(pixel & 0xFF) - ink.blue) <= 4
    }

    /// The frame for `image`: `solid` inks everywhere, error diffusion where `ditherable`
    /// (one flag per pixel, row-major) is true.
    public func frame(for image: PixelImage, ditherable: [Bool]) -> EPaperFrame {
        precondition(ditherable.count == image.pixels.count)
        let width = image.width
        var frame = EPaperFrame(width: width, height: image.height, filledWith: 0)
        // The error carried to the current and the next row, per channel.
        var current = [(Double, Double, Double)](repeating: (0, 0, 0), count: width + 2)
        var next = current
        for y in 0..<image.height {
            for x in 0..<width {
                let index = y * width + x
                let pixel = image.pixels[index]
                guard ditherable[index] else {
                    frame.indices[index] = solid(pixel)
                    continue
                }
                let carried = current[x + 1]
                let red = Double((pixel >> 16) & 0xFF) + carried.0
                let green = Double((pixel >> 8) & 0xFF) + carried.1
                let blue = Double(pixel & 0xFF) + carried.2
                // Greys (cloud shading, land on a black-and-white map) dither in black and
                // white only, so a seven-colour panel shows no coloured noise in them.
                let ink: UInt8
                if isGrey(pixel), let black, let white {
                    ink = 0.2126 * red + 0.7152 * green + 0.0722 * blue < 128 ? black : white
                } else {
                    ink = nearest(red: red, green: green, blue: blue)
                }
                frame.indices[index] = ink
                let chosen = components[Int(ink)]
                let error = (red - chosen.red, green - chosen.green, blue - chosen.blue)
                // Floyd–Steinberg: 7/16 right, 3/16 below left, 5/16 below, 1/16 below right;
                // only into ditherable pixels.
                func spread(_ dx: Int, _ dy: Int, _ weight: Double) {
                    let column = x + dx
                    let row = y + dy
                    guard column >= 0, column < width, row < image.height,
                        ditherable[row * width + column]
                    else { return }
                    if dy == 0 {
                        current[column + 1].0 += error.0 * weight
                        current[column + 1].1 += error.1 * weight
                        current[column + 1].2 += error.2 * weight
                    } else {
                        next[column + 1].0 += error.0 * weight
                        next[column + 1].1 += error.1 * weight
                        next[column + 1].2 += error.2 * weight
                    }
                }
                spread(1, 0, 7 / 16)
                spread(-1, 1, 3 / 16)
                spread(0, 1, 5 / 16)
                spread(1, 1, 1 / 16)
            }
            current = next
            next = [(Double, Double, Double)](repeating: (0, 0, 0), count: width + 2)
        }
        return frame
    }
}
