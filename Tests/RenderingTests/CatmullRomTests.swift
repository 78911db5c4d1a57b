import KioskCore
import Rendering
import Testing

/// The hourly curve passes through every data point and has no corners.
@Suite struct CatmullRomTests {
    static let series: [[Point]] = [
        [Point(x: 0, y: 10), Point(x: 1, y: 12)],
        [Point(x: 0, y: 5), Point(x: 10, y: -3), Point(x: 20, y: 8)],
        (0..<24).map {
            Point(x: Double($0) * 33.3, y: 200 + 60 * Double(($0 * 7) % 5) - Double($0))
        },
        [
            Point(x: 0, y: 0), Point(x: 1, y: 100), Point(x: 2, y: 0), Point(x: 3, y: 100),
            Point(x: 4, y: 0),
        ],
    ]

    @Test(arguments: series)
    func passesThroughEveryPoint(_ points: [Point]) {
        let spline = CatmullRomSpline(through: points)
        #expect(spline.segments.count == points.count - 1)
        for (index, segment) in spline.segments.enumerated() {
            #expect(segment.point(at: 0) == points[index])
            #expect(segment.point(at: 1) == points[index + 1])
        }
    }

    @Test(arguments: series)
    func tangentsMatchWhereSegmentsMeet(_ points: [Point]) {
        let spline = CatmullRomSpline(through: points)
        for (left, right) in zip(spline.segments, spline.segments.dropFirst()) {
            let incoming = left.tangent(at: 1)
            let outgoing = right.tangent(at: 0)
            #expect(abs(incoming.x - outgoing.x) < 1e-9)
            #expect(abs(incoming.y - outgoing.y) < 1e-9)
        }
    }

    @Test func innerTangentIsHalfTheNeighboursDifference() {
        let points = [Point(x: 0, y: 0), Point(x: 1, y: 4), Point(x: 2, y: 2)]
        let spline = CatmullRomSpline(through: points)
        // Catmull-Rom: the tangent at P1 is (P2 − P0) / 2, per unit of the parameter.
        let tangent = spline.segments[1].tangent(at: 0)
        #expect(abs(tangent.x - 1) < 1e-12)
        #expect(abs(tangent.y - 1) < 1e-12)
    }

    @Test func tooFewPointsGiveNoSegments() {
        #expect(CatmullRomSpline(through: []).segments.isEmpty)
        #expect(CatmullRomSpline(through: [Point(x: 1, y: 1)]).segments.isEmpty)
    }

    @Test(arguments: everySize)
    func theHourlyPageCurveGoesThroughEveryHour(_ size: PixelSize) throws {
        let model = DemoData.model(page: .hourly)
        let forecast = try #require(model.city?.forecast)
        let hours = forecast.upcomingHours(from: model.now, count: 24)
        #expect(hours.count == 24)
        let page = try renderer.render(model, size: size)
        let spline = try #require(page.splines.first)
        let points = spline.points
        #expect(points.count == 24)
        for (index, segment) in spline.segments.enumerated() {
            #expect(segment.point(at: 0) == points[index])
            #expect(segment.point(at: 1) == points[index + 1])
        }
        // Hours go left to right, evenly spaced, and stay on the screen.
        for (left, right) in zip(points, points.dropFirst()) { #expect(right.x > left.x) }
        let screen = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
        #expect(points.allSatisfy { screen.contains($0) })
        // Heights follow the temperatures: warmer is higher on the screen, in proportion.
        let temperatures = hours.compactMap { $0.temperature?.celsius }
        let warmest = try #require(temperatures.indices.max { temperatures[$0] < temperatures[$1] })
        let coldest = try #require(temperatures.indices.min { temperatures[$0] < temperatures[$1] })
        let pixelsPerDegree =
            (points[coldest].y - points[warmest].y)
            / (temperatures[warmest] - temperatures[coldest])
        #expect(pixelsPerDegree > 0)
        for index in points.indices {
            let expected =
                points[warmest].y + (temperatures[warmest] - temperatures[index]) * pixelsPerDegree
            #expect(abs(points[index].y - expected) < 1e-6)
        }
    }
}
