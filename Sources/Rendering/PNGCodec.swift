import CCairo
public import KioskCore

/// PNG files from and to `PixelImage`s, through Cairo's PNG support (libpng).
public enum PNGCodec {
    /// The PNG file of `image`: RGB when every pixel is opaque, RGBA otherwise.
    /// - Throws: `RenderingError` when Cairo cannot encode it (out of memory).
    public static func encode(_ image: PixelImage) throws(RenderingError) -> [UInt8] {
        guard image.width > 0, image.height > 0 else {
            throw RenderingError("Cannot write an empty \(image.size) picture as PNG.")
        }
        let opaque = image.pixels.allSatisfy { $0 >> 24 == 0xFF }
        var pixels = image.pixels
        var output: [UInt8] = []
        let status = pixels.withUnsafeMutableBytes { raw -> cairo_status_t in
            guard
                let surface = cairo_image_surface_create_for_data(
                    raw.baseAddress!.assumingMemoryBound(to: UInt8.self),
                    opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32, Int32(image.width),
                    Int32(image.height), Int32(image.width * 4))
            else { return CAIRO_STATUS_NO_MEMORY }
            defer { cairo_surface_destroy(surface) }
            return withUnsafeMutablePointer(to: &output) { sink in
                cairo_surface_write_to_png_stream(
                    surface,
                    { closure, data, length in
                        guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                        closure.assumingMemoryBound(to: [UInt8].self).pointee.append(
                            contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                        return CAIRO_STATUS_SUCCESS
                    }, sink)
            }
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderingError(
                "Cannot encode a \(image.size) picture as PNG: \(String(cString: cairo_status_to_string(status)))."
            )
        }
        return output
    }

    /// The picture in a PNG file's bytes.
    /// - Throws: `RenderingError` when the bytes are not a PNG file Cairo can read.
    public static func decode(_ bytes: [UInt8]) throws(RenderingError) -> PixelImage {
        var reader = (bytes: bytes, offset: 0)
        let surface = withUnsafeMutablePointer(to: &reader) { source in
            cairo_image_surface_create_from_png_stream(
                { closure, data, length in
                    guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
                    let source = closure.assumingMemoryBound(
                        to: (bytes: [UInt8], offset: Int).self)
                    let count = Int(length)
                    guard source.pointee.offset + count <= source.pointee.bytes.count else {
                        return CAIRO_STATUS_READ_ERROR
                    }
                    source.pointee.bytes.withUnsafeBufferPointer { buffer in
                        data.update(
                            from: buffer.baseAddress! + source.pointee.offset, count: count)
                    }
                    source.pointee.offset += count
                    return CAIRO_STATUS_SUCCESS
                }, source)
        }
        guard let surface else { throw RenderingError("Cannot read a PNG: out of memory.") }
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderingError(
                "Cannot read the picture: it is not a PNG file Cairo can read (\(String(cString: cairo_status_to_string(status))))."
            )
        }
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let opaque = cairo_image_surface_get_format(surface) != CAIRO_FORMAT_ARGB32
        guard let data = cairo_image_surface_get_data(surface) else {
            return PixelImage(width: width, height: height)
        }
        var image = PixelImage(width: width, height: height)
        let raw = UnsafeRawPointer(data)
        for y in 0..<height {
            for x in 0..<width {
                let pixel = raw.loadUnaligned(fromByteOffset: y * stride + x * 4, as: UInt32.self)
                image[x: x, y: y] = opaque ? pixel | 0xFF00_0000 : pixel
            }
        }
        return image
    }
}
