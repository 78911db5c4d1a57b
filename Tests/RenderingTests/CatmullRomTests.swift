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
        let points = [Point(x: 0, y: 0), Point(x: 1, y: 1), Point(x: 2, y: 3)]
        let spline = CatmullRomSpline(through: points)
        // Catmull-Rom: the tangent at P1 is (P2 − P0) / 2, per unit of the parameter, where
        // that stays within 3 times the smaller neighbouring step (here 1.5 < 3).
        let tangent = spline.segments[1].tangent(at: 0)
        #expect(abs(tangent.x - 1) < 1e-12)
        #expect(abs(tangent.y - 1.5) < 1e-12)
    }

    @Test func theCurveTurnsAtAPeakNotPastIt() {
        let points = [Point(x: 0, y: 0), Point(x: 1, y: 4), Point(x: 2, y: 2)]
        let spline = CatmullRomSpline(through: points)
        // Plain Catmull-Rom would leave the peak at a slope of (2 − 0) / 2 and rise above 4.
        let tangent = spline.segments[1].tangent(at: 0)
        #expect(abs(tangent.x - 1) < 1e-12)
        #expect(tangent.y == 0)
    }

    /// Hourly temperatures with a sharp drop (a cold front), and a sharp rise.
    static let sharpSeries: [[Point]] = [
        [12, 12.2, 12.5, 12.4, 3, 2.8, 2.9, 3.1],
        [5, 5, 5.2, 5.1, 14, 14.2, 14, 13.9],
        [20, 20, 20, 8, 8, 8],
    ].map { values in values.enumerated().map { Point(x: Double($0.offset) * 30, y: $0.element) } }

    @Test(arguments: sharpSeries)
    func aSharpStepStaysWithinTheDataBetweenPoints(_ points: [Point]) {
        let spline = CatmullRomSpline(through: points)
        let low = points.map(\.y).min()!
        let high = points.map(\.y).max()!
        for (index, segment) in spline.segments.enumerated() {
            #expect(segment.point(at: 0) == points[index])
            #expect(segment.point(at: 1) == points[index + 1])
            // Each segment stays between the two values it joins, so the whole curve stays
            // between the data's minimum and maximum: the labels are the curve's extremes.
            let lower = min(points[index].y, points[index + 1].y)
            let upper = max(points[index].y, points[index + 1].y)
            for step in 0...100 {
                let y = segment.point(at: Double(step) / 100).y
                #expect(y >= lower - 1e-9 && y <= upper + 1e-9, "segment \(index) at \(step)")
                #expect(y >= low - 1e-9 && y <= high + 1e-9)
            }
        }
        // The same points under plain Catmull-Rom leave the range: the test data is a case
        // that overshoots.
        #expect(Self.unlimitedCatmullRomLeavesTheRange(points, low: low, high: high))
    }

    /// Whether the textbook Catmull-Rom curve through `points` goes outside [low, high].
    static func unlimitedCatmullRomLeavesTheRange(_ points: [Point], low: Double, high: Double)
        -> Bool
    {
        for index in 0..<(points.count - 1) {
            let previous = points[max(0, index - 1)]
            let next = points[min(points.count - 1, index + 2)]
            let segment = CubicBezier(
                start: points[index],
                control1: Point(
                    x: points[index].x + (points[index + 1].x - previous.x) / 6,
                    y: points[index].y + (points[index + 1].y - previous.y) / 6),
                control2: Point(
                    x: points[index + 1].x - (next.x - points[index].x) / 6,
                    y: points[index + 1].y - (next.y - points[index].y) / 6),
                end: points[index + 1])
            for step in 0...100 {
                let y = segment.point(at: Double(step) / 100).y
                if y < low - 0.01 || y > high + 0.01 { return true }
            }
        }
        return false
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

    @Test(arguments: [PixelSize(width: 320, height: 240), PixelSize(width: 800, height: 480)])
    func theHourlyCurveStaysBetweenTheLabelledExtremesAfterASharpDrop(_ size: PixelSize) throws {
        var model = DemoData.model(page: .hourly)
        var forecast = try #require(model.city?.forecast)
        let upcoming = Set(forecast.upcomingHours(from: model.now, count: 24).map(\.time))
        var index = 0
        for hour in forecast.hourly.indices where upcoming.contains(forecast.hourly[hour].time) {
            // A cold front: 18-19 °C for ten hours, then 4 °C at once.
            forecast.hourly[hour].temperature = Temperature(
                celsius: index < 10 ? 18 + Double(index % 2) : 4)
            index += 1
        }
        model.city?.forecast = forecast
        let page = try renderer.render(model, size: size)
        let spline = try #require(page.splines.first)
        // Screen y grows downwards: the warmest point has the smallest y.
        let top = try #require(spline.points.map(\.y).min())
        let bottom = try #require(spline.points.map(\.y).max())
        for segment in spline.segments {
            for step in 0...50 {
                let y = segment.point(at: Double(step) / 50).y
                #expect(y >= top - 1e-6 && y <= bottom + 1e-6, "the curve leaves the data")
            }
        }
    }
}
