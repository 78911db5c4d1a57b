public import KioskCore

/// Converts Cairo's ARGB32 pixels to a framebuffer's format, row by row, with fast paths
/// for RGB565, BGR565, XRGB8888 and XBGR8888. Channels are narrowed by dropping low bits
/// (0xFF → 0x1F in five bits), as the kernel's own conversions do; bits no colour uses
/// (the X of XRGB8888) are set, so a framebuffer that reads them as alpha sees opaque.
public struct PixelConverter: Sendable {
    /// The target format.
    public let format: PixelFormat
    private let path: Path

    private enum Path {
        case rgb565
        case bgr565
        case xrgb8888
        case xbgr8888
        case general
    }

    /// A converter to `format`.
    public init(format: PixelFormat) {
        self.format = format
        switch format {
        case .rgb565: path = .rgb565
        case .bgr565: path = .bgr565
        case .xrgb8888: path = .xrgb8888
        case .xbgr8888: path = .xbgr8888
        default: path = .general
        }
    }

    /// Converts `count` pixels from `source` and writes `count × bytesPerPixel` bytes to
    /// `destination` (no alignment needed).
    public func convert(
        _ source: UnsafePointer<UInt32>, count: Int, into destination: UnsafeMutableRawPointer
    ) {
        switch path {
        case .rgb565:
            for index in 0..<count {
                let pixel = source[index]
                let value = UInt16(
                    truncatingIfNeeded: (pixel >> 8) & 0xF800 | (pixel >> 5) & 0x07E0
                        | (pixel >> 3) & 0x001F)
                destination.storeBytes(
                    of: value.littleEndian, toByteOffset: index * 2, as: UInt16.self)
            }
        case .bgr565:
            for index in 0..<count {
                let pixel = source[index]
                let value = UInt16(
                    truncatingIfNeeded: (pixel << 8) & 0xF800 | (pixel >> 5) & 0x07E0
                        | (pixel >> 19) & 0x001F)
                destination.storeBytes(
                    of: value.littleEndian, toByteOffset: index * 2, as: UInt16.self)
            }
        case .xrgb8888:
            for index in 0..<count {
                destination.storeBytes(
                    of: (source[index] | 0xFF00_0000).littleEndian, toByteOffset: index * 4,
                    as: UInt32.self)
            }
        case .xbgr8888:
            for index in 0..<count {
                let pixel = source[index]
                let value =
                    0xFF00_0000 | pixel & 0x0000_FF00 | (pixel >> 16) & 0x0000_00FF
                    | (pixel << 16) & 0x00FF_0000
                destination.storeBytes(
                    of: value.littleEndian, toByteOffset: index * 4, as: UInt32.self)
            }
        case .general:
            convertGeneral(source, count: count, into: destination)
        }
    }

    private func convertGeneral(
        _ source: UnsafePointer<UInt32>, count: Int, into destination: UnsafeMutableRawPointer
    ) {
        let bytes = format.bytesPerPixel
        let red = format.red
        let green = format.green
        let blue = format.blue
        let unused = format.unusedBits
        for index in 0..<count {
            let pixel = source[index]
            let value =
                unused
                | ((((pixel >> 16) & 0xFF) >> (8 - red.length)) << red.offset)
                | ((((pixel >> 8) & 0xFF) >> (8 - green.length)) << green.offset)
                | (((pixel & 0xFF) >> (8 - blue.length)) << blue.offset)
            for byte in 0..<bytes {
                destination.storeBytes(
                    of: UInt8(truncatingIfNeeded: value >> (8 * byte)),
                    toByteOffset: index * bytes + byte, as: UInt8.self)
            }
        }
    }

    /// The whole image in the target format, rows without padding.
    public func convert(_ image: PixelImage) -> [UInt8] {
        let rowBytes = image.width * format.bytesPerPixel
        return [UInt8](unsafeUninitializedCapacity: rowBytes * image.height) { buffer, count in
            image.pixels.withUnsafeBufferPointer { pixels in
                convert(
                    pixels.baseAddress!, count: image.width * image.height,
                    into: UnsafeMutableRawPointer(buffer.baseAddress!))
            }
            count = rowBytes * image.height
        }
    }
}
