/// Places map labels next to their dots so that no two labels overlap, no label covers a
/// dot and every label stays inside the frame. Greedy, in priority order: each label takes
/// the first free spot of eight around its dot (right, left, above, below, then the
/// corners), and is left out when none is free (the map then falls back to numbered dots
/// and a legend).
public enum LabelPlacement {
    /// A label to place.
    public struct Request: Sendable, Hashable {
        /// The dot's centre.
        public var anchor: Point
        /// The dot's radius.
        public var radius: Double
        /// The label's size.
        public var size: Size

        /// Creates a request.
        public init(anchor: Point, radius: Double, size: Size) {
            self.anchor = anchor
            self.radius = radius
            self.size = size
        }
    }

    /// A width and a height.
    public struct Size: Sendable, Hashable {
        /// Width.
        public var width: Double
        /// Height.
        public var height: Double

        /// Creates a size.
        public init(width: Double, height: Double) {
            self.width = width
            self.height = height
        }
    }

    /// One rectangle per request, nil for a label that found no room; requests earlier in
    /// the list win.
    public static func place(_ requests: [Request], in frame: Rect, gap: Double) -> [Rect?] {
        let dots = requests.map {
            Rect(
                x: $0.anchor.x - $0.radius, y: $0.anchor.y - $0.radius, width: 2 * $0.radius,
                height: 2 * $0.radius)
        }
        var taken: [Rect] = []
        var result: [Rect?] = []
        for request in requests {
            let placed = candidates(for: request, size: request.size, gap: gap).first { box in
                frame.contains(box) && !taken.contains(where: { $0.intersects(box) })
                    && !dots.contains(where: { $0.intersects(box) })
            }
            if let placed { taken.append(placed) }
            result.append(placed)
        }
        return result
    }

    private static func candidates(for request: Request, size: Size, gap: Double) -> [Rect] {
        let x = request.anchor.x
        let y = request.anchor.y
        let reach = request.radius + gap
        let w = size.width
        let h = size.height
        let diagonal = reach * 0.7
        return [
            Rect(x: x + reach, y: y - h / 2, width: w, height: h),
            Rect(x: x - reach - w, y: y - h / 2, width: w, height: h),
            Rect(x: x - w / 2, y: y - reach - h, width: w, height: h),
            Rect(x: x - w / 2, y: y + reach, width: w, height: h),
            Rect(x: x + diagonal, y: y - diagonal - h, width: w, height: h),
            Rect(x: x + diagonal, y: y + diagonal, width: w, height: h),
            Rect(x: x - diagonal - w, y: y - diagonal - h, width: w, height: h),
            Rect(x: x - diagonal - w, y: y + diagonal, width: w, height: h),
        ]
    }
}
