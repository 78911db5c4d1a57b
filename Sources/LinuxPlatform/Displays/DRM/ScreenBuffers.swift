/// Where the rows of a DRM dumb buffer lie: the kernel picks the pitch (bytes from one row
/// to the next, aligned as the scan-out engine needs), which may exceed a row's pixels.
public struct ScreenBufferLayout: Sendable, Hashable, CustomStringConvertible {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Bits per pixel (32 for XRGB8888).
    public var bitsPerPixel: Int
    /// Bytes from the start of one row to the next, as the kernel reports it.
    public var pitch: Int

    /// Creates a layout.
    public init(width: Int, height: Int, bitsPerPixel: Int, pitch: Int) {
        self.width = width
        self.height = height
        self.bitsPerPixel = bitsPerPixel
        self.pitch = pitch
    }

    /// Bytes of one row's pixels.
    public var rowBytes: Int { width * (bitsPerPixel / 8) }

    /// Bytes the whole buffer needs.
    public var byteCount: Int { pitch * height }

    /// Where row `row` starts.
    public func offset(ofRow row: Int) -> Int { row * pitch }

    /// Why the kernel's answer cannot be drawn into, if so: a pitch shorter than a row, or
    /// a buffer smaller than its rows.
    public func problem(size: Int) -> String? {
        if width <= 0 || height <= 0 { return "a \(width)x\(height) buffer" }
        if pitch < rowBytes { return "a pitch of \(pitch) bytes for rows of \(rowBytes)" }
        if size < byteCount { return "\(size) bytes for \(height) rows of \(pitch)" }
        return nil
    }

    /// "1024x768 XRGB8888, pitch 4096".
    public var description: String {
        "\(width)x\(height) \(bitsPerPixel == 32 ? "XRGB8888" : "\(bitsPerPixel)-bit"), pitch \(pitch)"
    }
}

/// Which rows of each buffer of a page-flipped screen still show an older frame.
///
/// With two buffers, the back one holds the frame before last; a new frame needs drawn
/// into it the rows that changed in the last frame as well as those that change now.
/// Every buffer starts wholly stale; `frameChanged` marks rows stale in every buffer, and
/// `take` hands the stale rows of the buffer about to be drawn, as ranges, and clears them.
public struct FlipDamage: Sendable, Hashable {
    /// Rows of the screen.
    public let height: Int
    private var stale: [[Bool]]

    /// Damage for `buffers` buffers of `height` rows, all stale.
    public init(buffers: Int, height: Int) {
        self.height = height
        stale = Array(repeating: Array(repeating: true, count: height), count: buffers)
    }

    /// Notes that `rows` of the picture changed: every buffer shows them out of date.
    public mutating func frameChanged(rows: some Sequence<Int>) {
        for row in rows where row >= 0 && row < height {
            for buffer in stale.indices { stale[buffer][row] = true }
        }
    }

    /// Notes that a buffer's content was lost (the screen was re-set): all rows stale.
    public mutating func invalidateAll() {
        for buffer in stale.indices {
            stale[buffer] = Array(repeating: true, count: height)
        }
    }

    /// The stale rows of `buffer` as ascending ranges, now counted as drawn.
    public mutating func take(buffer: Int) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start: Int?
        for row in 0..<height {
            if stale[buffer][row] {
                if start == nil { start = row }
            } else if let first = start {
                ranges.append(first..<row)
                start = nil
            }
        }
        if let first = start { ranges.append(first..<height) }
        stale[buffer] = Array(repeating: false, count: height)
        return ranges
    }
}
