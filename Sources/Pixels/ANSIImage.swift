public import KioskCore

/// How many colours the terminal shows.
public enum ANSIColorMode: String, Sendable, Hashable, CaseIterable {
    /// 24-bit colour (`COLORTERM=truecolor`): exact colours.
    case trueColor
    /// The xterm 256-colour palette: the nearest of its 6×6×6 cube and 24 greys.
    case palette256
}

/// Pictures as terminal text: each character cell shows two pixels, one above the other, as
/// an upper half block "▀" whose foreground is the upper pixel and background the lower.
public enum ANSIImage {
    /// `image` scaled down to fit `columns` × `rows` cells with its aspect ratio kept (a cell
    /// is about twice as tall as wide, so its two half pixels are square), as lines of
    /// escape sequences; every line ends with a reset and a newline.
    public static func render(
        _ image: PixelImage, columns: Int, rows: Int, colors: ANSIColorMode
    ) -> String {
        guard image.width > 0, image.height > 0, columns > 0, rows > 0 else { return "" }
        let scale = min(
            Double(columns) / Double(image.width), Double(rows * 2) / Double(image.height), 1)
        let width = max(1, Int((Double(image.width) * scale).rounded()))
        let height = max(1, Int((Double(image.height) * scale).rounded()))
        let scaled = downscaled(image, width: width, height: height)
        var output = ""
        output.reserveCapacity(width * (height / 2 + 1) * 24)
        var y = 0
        while y < height {
            var foreground: UInt32?
            var background: UInt32?
            for x in 0..<width {
                let top = scaled[y * width + x]
                let bottom = y + 1 < height ? scaled[(y + 1) * width + x] : 0
                if top != foreground {
                    output += code(top, colors: colors, layer: 38)
                    foreground = top
                }
                if bottom != background {
                    output += code(bottom, colors: colors, layer: 48)
                    background = bottom
                }
                output += "▀"
            }
            output += "\u{1B}[0m\n"
            y += 2
        }
        return output
    }

    /// The SGR sequence that sets the foreground (38) or background (48) colour.
    static func code(_ rgb: UInt32, colors: ANSIColorMode, layer: Int) -> String {
        let red = Int((rgb >> 16) & 0xFF)
        let green = Int((rgb >> 8) & 0xFF)
        let blue = Int(rgb & 0xFF)
        switch colors {
        case .trueColor:
            return "\u{1B}[\(layer);2;\(red);\(green);\(blue)m"
        case .palette256:
            return "\u{1B}[\(layer);5;\(paletteIndex(red: red, green: green, blue: blue))m"
        }
    }

    /// The nearest xterm-256 colour: one of the 6×6×6 cube (16…231) or the greys (232…255).
    public static func paletteIndex(red: Int, green: Int, blue: Int) -> Int {
        let levels = [0, 95, 135, 175, 215, 255]
        func nearestLevel(_ value: Int) -> Int {
            levels.indices.min { abs(levels[$0] - value) < abs(levels[$1] - value) }!
        }
        let (r, g, b) = (nearestLevel(red), nearestLevel(green), nearestLevel(blue))
        let cube = (levels[r], levels[g], levels[b])
        let average = (red + green + blue) / 3
        let greyStep = max(0, min(23, (average - 8 + 5) / 10))
        let grey = 8 + 10 * greyStep
        func distance(_ other: (Int, Int, Int)) -> Int {
            let dr = other.0 - red
            let dg = other.1 - green
            let db = other.2 - blue
            return dr * dr + dg * dg + db * db
        }
        return distance((grey, grey, grey)) < distance(cube)
            ? 232 + greyStep : 16 + 36 * r + 6 * g + b
    }

    /// Area-averaged downscale to `width` × `height`, as 0xRRGGBB.
    static func downscaled(_ image: PixelImage, width: Int, height: Int) -> [UInt32] {
        var result = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            let top = y * image.height / height
            let bottom = max(top + 1, (y + 1) * image.height / height)
            for x in 0..<width {
                let left = x * image.width / width
                let right = max(left + 1, (x + 1) * image.width / width)
                var red = 0
                var green = 0
                var blue = 0
                for sourceY in top..<bottom {
                    let row = sourceY * image.width
                    for sourceX in left..<right {
                        let pixel = image.pixels[row + sourceX]
                        red += Int((pixel >> 16) & 0xFF)
                        green += Int((pixel >> 8) & 0xFF)
                        blue += Int(pixel & 0xFF)
                    }
                }
                let count = (bottom - top) * (right - left)
                result[y * width + x] =
                    UInt32(red / count) << 16 | UInt32(green / count) << 8 | UInt32(blue / count)
            }
        }
        return result
    }
}
