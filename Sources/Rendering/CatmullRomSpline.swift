/// A cubic Bézier segment.
public struct CubicBezier: Sendable, Hashable {
    /// Where the segment starts.
    public var start: Point
    /// The first control point.
    public var control1: Point
    /// The second control point.
    public var control2: Point
    /// Where the segment ends.
    public var end: Point

    /// The point at parameter `t` (0 = start, 1 = end).
    public func point(at t: Double) -> Point {
        let u = 1 - t
        let a = u * u * u
        let b = 3 * u * u * t
        let c = 3 * u * t * t
        let d = t * t * t
        return Point(
            x: a * start.x + b * control1.x + c * control2.x + d * end.x,
            y: a * start.y + b * control1.y + c * control2.y + d * end.y)
    }

    /// The derivative (tangent) at `t`.
    public func tangent(at t: Double) -> Point {
        let u = 1 - t
        func component(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> Double {
            3 * u * u * (p1 - p0) + 6 * u * t * (p2 - p1) + 3 * t * t * (p3 - p2)
        }
        return Point(
            x: component(start.x, control1.x, control2.x, end.x),
            y: component(start.y, control1.y, control2.y, end.y))
    }
}

/// A smooth curve through every given point: a uniform Catmull-Rom spline written as cubic
/// Bézier segments, one between each pair of neighbouring points.
///
/// Segment i runs from point i to point i+1, so the curve passes through every point; its
/// tangent at point i is (point i+1 − point i−1) / 2, the same on both sides, so the curve
/// has no corners. The ends repeat their point as the missing neighbour.
public struct CatmullRomSpline: Sendable, Hashable {
    /// The points the curve passes through, in order.
    public let points: [Point]
    /// The Bézier segments, `points.count − 1` of them.
    public let segments: [CubicBezier]

    /// The spline through `points`; fewer than two points give no segments.
    public init(through points: [Point]) {
        self.points = points
        guard points.count >= 2 else {
            segments = []
            return
        }
        var segments: [CubicBezier] = []
        segments.reserveCapacity(points.count - 1)
        for index in 0..<(points.count - 1) {
            let previous = points[max(0, index - 1)]
            let start = points[index]
            let end = points[index + 1]
            let next = points[min(points.count - 1, index + 2)]
            segments.append(
                CubicBezier(
                    start: start,
                    control1: Point(
                        x: start.x + (end.x - previous.x) / 6,
                        y: start.y + (end.y - previous.y) / 6),
                    control2: Point(
                        x: end.x - (next.x - start.x) / 6, y: end.y - (next.y - start.y) / 6),
                    end: end))
        }
        self.segments = segments
    }
}

extension Canvas {
    /// Adds the spline to the current path, starting with a move to its first point.
    func addSpline(_ spline: CatmullRomSpline) {
        guard let first = spline.points.first else { return }
        move(to: first)
        for segment in spline.segments {
            curve(to: segment.end, control1: segment.control1, control2: segment.control2)
        }
    }
}
