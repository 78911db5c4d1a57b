import KioskCore
import Rendering
import Testing

/// The map's projection and its label placement.
@Suite struct MapTests {
    static let frame = Rect(x: 0, y: 0, width: 800, height: 400)

    static func coordinate(_ latitude: Double, _ longitude: Double) -> Coordinate {
        Coordinate(latitude: latitude, longitude: longitude)
    }

    @Test func placesAcrossTheGlobeGetTheWorld() {
        let projection = MapProjection(
            fitting: DemoData.favourites.map(\.city.coordinate), in: Self.frame)
        #expect(projection.isWorld)
        let greenwich = projection.point(longitude: 0, latitude: 0)
        let antimeridian = projection.point(longitude: 179.9, latitude: 0)
        #expect(antimeridian.x - greenwich.x > 390)
    }

    @Test func aRegionIsFittedToItsBoundingBox() {
        let europe = [
            Self.coordinate(52.52, 13.41), Self.coordinate(48.85, 2.35),
            Self.coordinate(41.89, 12.51), Self.coordinate(40.42, -3.70),
        ]
        let projection = MapProjection(fitting: europe, in: Self.frame, padding: 40)
        #expect(!projection.isWorld)
        let points = europe.map(projection.point)
        let inner = Self.frame.inset(40)
        #expect(points.allSatisfy { inner.contains($0) })
        let xs = points.map(\.x)
        let ys = points.map(\.y)
        // Fitted: the places span most of the width or the height, not a corner of it.
        #expect(
            xs.max()! - xs.min()! > inner.width * 0.6 || ys.max()! - ys.min()! > inner.height * 0.6)
        // North is up, east is right.
        #expect(points[0].y < points[2].y)
        #expect(points[1].x < points[0].x)
    }

    @Test func aRegionAcrossTheDateLineStaysTogether() {
        let pacific = [
            Self.coordinate(-36.85, 174.76), Self.coordinate(-18.14, 178.44),
            Self.coordinate(-13.83, -171.76),
        ]
        let projection = MapProjection(fitting: pacific, in: Self.frame, padding: 40)
        #expect(!projection.isWorld)
        let points = pacific.map(projection.point)
        #expect(points.allSatisfy { Self.frame.inset(40).contains($0) })
        // Apia (west of the date line in longitude, east of Fiji on the globe) is right of Suva.
        #expect(points[2].x > points[1].x)
        let visible = projection.visibleLongitudes
        #expect(visible.contains(180) || visible.contains(-180))
    }

    @Test func oneCityGetsARegionAroundIt() {
        let projection = MapProjection(fitting: [Self.coordinate(41.89, 12.51)], in: Self.frame)
        #expect(!projection.isWorld)
        let point = projection.point(Self.coordinate(41.89, 12.51))
        #expect(abs(point.x - Self.frame.midX) < 1e-9 && abs(point.y - Self.frame.midY) < 1e-9)
        // At least ten degrees of latitude are shown.
        #expect(Self.frame.height / projection.pixelsPerDegree >= 10)
    }

    @Test func labelsNeverOverlapDotsOrEachOtherAndStayInside() {
        // A crowd: twelve dots within a small area.
        let requests = (0..<12).map { index in
            LabelPlacement.Request(
                anchor: Point(x: 300 + Double(index % 4) * 40, y: 150 + Double(index / 4) * 35),
                radius: 6, size: LabelPlacement.Size(width: 110, height: 24))
        }
        let placed = LabelPlacement.place(requests, in: Self.frame, gap: 4)
        let frames = placed.compactMap { $0 }
        #expect(frames.count >= 6)
        for (index, frame) in frames.enumerated() {
            #expect(Self.frame.contains(frame))
            for other in frames[(index + 1)...] { #expect(!frame.intersects(other)) }
            for request in requests {
                let dot = Rect(
                    x: request.anchor.x - request.radius, y: request.anchor.y - request.radius,
                    width: 2 * request.radius, height: 2 * request.radius)
                #expect(!frame.intersects(dot))
            }
        }
    }

    @Test func earlierRequestsWinTheBestSpot() {
        let requests = [
            LabelPlacement.Request(
                anchor: Point(x: 100, y: 100), radius: 5,
                size: LabelPlacement.Size(width: 80, height: 20)),
            LabelPlacement.Request(
                anchor: Point(x: 100, y: 115), radius: 5,
                size: LabelPlacement.Size(width: 80, height: 20)),
        ]
        let placed = LabelPlacement.place(requests, in: Self.frame, gap: 4)
        // The first label takes the right of its dot, the preferred side; the second, whose
        // right side that label now covers, goes to the left.
        #expect(placed[0]?.minX == 109)
        #expect(placed[1]?.maxX == 91)
    }

    @Test(arguments: everySize)
    func aCrowdedMapNamesEveryCityWithLabelsOrALegend(_ size: PixelSize) throws {
        let page = try renderer.render(crowdedMapModel(), size: size)
        let texts = page.texts.map {
            String($0.text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        }
        for (name, _, _) in crowdedCities {
            #expect(texts.contains(name), "\(name) missing at \(size)")
        }
        // Either every city has a label beside its dot, or every city is numbered in the
        // legend, and most dots carry their number too (where two dots nearly touch on a
        // small screen, one number may find no room).
        let numbers = (1...crowdedCities.count).map { number in
            texts.filter { $0 == "\(number)" }.count
        }
        let labelled = numbers.allSatisfy { $0 == 0 }
        let legend = numbers.allSatisfy { $0 >= 1 } && numbers.filter { $0 == 2 }.count >= 5
        #expect(labelled || legend, "\(numbers)")
    }

    @Test func onASmallScreenTheCrowdGetsALegend() throws {
        let page = try renderer.render(crowdedMapModel(), size: PixelSize(width: 320, height: 240))
        #expect(page.texts.contains { $0.text == "10" })
    }
}
