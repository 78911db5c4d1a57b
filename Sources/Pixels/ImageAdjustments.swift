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

extension PixelImage {
    /// The page turned by `rotation` onto a panel: a 480×800 page at 90° becomes an
    /// 800×480 panel image whose top row is the page's left column, read bottom to top.
    public func rotated(_ rotation: DisplayRotation) -> PixelImage {
        if rotation == .upright { return self }
        let panel = rotation.pageSize(onPanel: size)  // Turning twice gives back the size.
        var result = PixelImage(width: panel.width, height: panel.height)
        pixels.withUnsafeBufferPointer { source in
            result.pixels.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    let row = y * width
                    for x in 0..<width {
                        let point = rotation.panelPoint(ofPageX: x, y: y, panel: panel)
                        target[point.y * panel.width + point.x] = source[row + x]
                    }
                }
            }
        }
        return result
    }

    /// The panel image turned back to the page a viewer sees: the inverse of `rotated(_:)`.
    public func unrotated(_ rotation: DisplayRotation) -> PixelImage {
        switch rotation {
        case .upright: self
        case .clockwise: rotated(.anticlockwise)
        case .upsideDown: rotated(.upsideDown)
        case .anticlockwise: rotated(.clockwise)
        }
    }
}
