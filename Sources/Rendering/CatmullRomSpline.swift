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

    /// A segment from `start` to `end` shaped by two control points.
    public init(start: Point, control1: Point, control2: Point, end: Point) {
        self.start = start
        self.control1 = control1
        self.control2 = control2
        self.end = end
    }

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

/// A smooth curve through every given point that stays within the data between points: a
/// uniform Catmull-Rom spline written as cubic Bézier segments, one between each pair of
/// neighbouring points, with its vertical tangents limited as Fritsch and Carlson limit
/// those of a monotone cubic.
///
/// Segment i runs from point i to point i+1, so the curve passes through every point. Its
/// tangent at point i is Catmull-Rom's (point i+1 − point i−1) / 2, the same on both sides,
/// so the curve has no corners; the ends repeat their point as the missing neighbour.
///
/// Plain Catmull-Rom overshoots: after a sharp drop the curve swings below the lowest
/// value and above the highest before it, past the labelled minimum and maximum. So the
/// vertical part of each tangent is limited (the horizontal part stays Catmull-Rom's):
/// - at a local maximum or minimum (the neighbouring steps go opposite ways, or one is
///   flat) it is 0, so the curve turns at the point itself;
/// - elsewhere it is at most 3 times the smaller neighbouring step. Bézier control points
///   sit a third of the tangent from their point, so both control points of a segment then
///   lie between its two end values, and a Bézier curve stays within its control points:
///   every segment stays between the values it joins.
///
/// Limiting the tangent, rather than clamping each segment's control points on its own,
/// keeps one tangent per point, so the curve stays smooth where segments meet.
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
        let tangents = points.indices.map { Self.tangent(at: $0, of: points) }
        var segments: [CubicBezier] = []
        segments.reserveCapacity(points.count - 1)
        for index in 0..<(points.count - 1) {
            let start = points[index]
            let end = points[index + 1]
            let outgoing = tangents[index]
            let incoming = tangents[index + 1]
            segments.append(
                CubicBezier(
                    start: start,
                    control1: Point(x: start.x + outgoing.x / 3, y: start.y + outgoing.y / 3),
                    control2: Point(x: end.x - incoming.x / 3, y: end.y - incoming.y / 3),
                    end: end))
        }
        self.segments = segments
    }

    /// The tangent at point `index`: Catmull-Rom's, its vertical part limited.
    private static func tangent(at index: Int, of points: [Point]) -> Point {
        let previous = points[max(0, index - 1)]
        let point = points[index]
        let next = points[min(points.count - 1, index + 1)]
        let tangent = Point(x: (next.x - previous.x) / 2, y: (next.y - previous.y) / 2)
        let before = point.y - previous.y
        let after = next.y - point.y
        // At the ends one step is missing (the point repeats): only the other one limits.
        let steps = [before, after].enumerated().filter { step in
            !(step.offset == 0 && index == 0) && !(step.offset == 1 && index == points.count - 1)
        }.map(\.element)
        if steps.contains(0)
            || steps.contains(where: { $0 > 0 }) && steps.contains(where: { $0 < 0 })
        {
            return Point(x: tangent.x, y: 0)
        }
        let limit = 3 * (steps.map(abs).min() ?? 0)
        return Point(x: tangent.x, y: min(max(tangent.y, -limit), limit))
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
