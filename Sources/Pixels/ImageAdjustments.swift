public import KioskCore

extension PixelImage {
    /// The image at `size`: cropped at the right and bottom, or padded there with black.
    public func fitted(to size: PixelSize) -> PixelImage {
        if size == self.size { return self }
        var result = PixelImage(width: size.width, height: size.height)
        let columns = min(width, size.width)
        for y in 0..<min(height, size.height) {
            for x in 0..<columns {
                result.pixels[y * size.width + x] = pixels[y * width + x]
            }
        }
        return result
    }

    /// The image with every colour scaled by `brightness` (0…1), for night mode "dim".
    public func dimmed(to brightness: Double) -> PixelImage {
        let factor = UInt32(max(0, min(1, brightness)) * 256)
        var result = self
        for index in result.pixels.indices {
            let pixel = result.pixels[index]
            let red = (((pixel >> 16) & 0xFF) * factor) >> 8
            let green = (((pixel >> 8) & 0xFF) * factor) >> 8
            let blue = ((pixel & 0xFF) * factor) >> 8
            result.pixels[index] = pixel & 0xFF00_0000 | red << 16 | green << 8 | blue
        }
        return result
    }

    /// How bright "dim" is.
    public static let dimBrightness = 0.3
}
