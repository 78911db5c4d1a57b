public import KioskCore

/// An equirectangular projection fitted to a set of places: the smallest longitude arc and
/// latitude band that hold them all (across the date line if that is shorter), padded, and
/// stretched to fill the screen rectangle. Places spread over more than half the globe get
/// the whole world instead. East-west distances are scaled by the cosine of the middle
/// latitude, so regions keep their shape.
public struct MapProjection: Sendable, Hashable {
    /// The screen rectangle the map fills.
    public let frame: Rect
    /// The longitude at the middle of the frame.
    public let centerLongitude: Double
    /// The latitude at the middle of the frame.
    public let centerLatitude: Double
    /// Pixels per degree of latitude.
    public let pixelsPerDegree: Double
    /// East-west shrink: cos(middle latitude) for regions, 1 for the world.
    public let longitudeScale: Double
    /// Whether the whole world is shown.
    public let isWorld: Bool

    /// Fits `places` into `frame`, keeping `padding` pixels free around them (for labels).
    public init(fitting places: [Coordinate], in frame: Rect, padding: Double = 0) {
        self.frame = frame
        let inner = frame.insetBy(
            dx: min(padding, frame.width * 0.3), dy: min(padding, frame.height * 0.3))
        let latitudes = places.map(\.latitude)
        let (arcStart, arcLength) = Self.smallestArc(places.map(\.longitude))
        let latitudeLow = latitudes.min() ?? 0
        let latitudeHigh = latitudes.max() ?? 0
        if places.isEmpty || arcLength > 150 || latitudeHigh - latitudeLow > 90 {
            isWorld = true
            longitudeScale = 1
            centerLongitude =
                places.isEmpty || arcLength > 300 ? 0 : Self.normalised(arcStart + arcLength / 2)
            centerLatitude = 12
            pixelsPerDegree = max(1e-9, min(frame.width / 360, frame.height / 150))
            return
        }
        isWorld = false
        let middleLatitude = (latitudeLow + latitudeHigh) / 2
        let scale = max(0.2, cosine(middleLatitude * .pi / 180))
        longitudeScale = scale
        let longitudeSpan = max(arcLength * 1.15, 16)
        let latitudeSpan = max((latitudeHigh - latitudeLow) * 1.15, 10)
        centerLongitude = Self.normalised(arcStart + arcLength / 2)
        centerLatitude = middleLatitude
        pixelsPerDegree = max(
            1e-9, min(inner.width / (longitudeSpan * scale), inner.height / latitudeSpan))
    }

    /// Where a coordinate lands on the screen; longitudes are taken the short way round
    /// from the centre.
    public func point(_ coordinate: Coordinate) -> Point {
        point(longitude: coordinate.longitude, latitude: coordinate.latitude)
    }

    /// Where a longitude and latitude land on the screen.
    public func point(longitude: Double, latitude: Double) -> Point {
        let delta = Self.normalised(longitude - centerLongitude)
        return Point(
            x: frame.midX + delta * longitudeScale * pixelsPerDegree,
            y: frame.midY - (latitude - centerLatitude) * pixelsPerDegree)
    }

    /// The longitudes visible at the frame's left and right edges (left may exceed right
    /// by a turn when the view crosses the date line; they are centre ± half the width).
    public var visibleLongitudes: ClosedRange<Double> {
        // A screen too small for the map can leave no width at all: an empty range then.
        let half = max(0, frame.width) / 2 / max(longitudeScale * pixelsPerDegree, 1e-9)
        return (centerLongitude - half)...(centerLongitude + half)
    }

    /// A longitude in −180…180.
    static func normalised(_ longitude: Double) -> Double {
        var value = longitude.truncatingRemainder(dividingBy: 360)
        if value > 180 { value -= 360 }
        if value < -180 { value += 360 }
        return value
    }

    /// The shortest arc of longitude holding all of `longitudes`: its western end and
    /// length in degrees (the complement of the largest gap between neighbours).
    static func smallestArc(_ longitudes: [Double]) -> (start: Double, length: Double) {
        let sorted = longitudes.map { normalised($0) }.sorted()
        guard let first = sorted.first, let last = sorted.last else { return (0, 0) }
        var largestGap = first + 360 - last
        var start = first
        for (west, east) in zip(sorted, sorted.dropFirst()) where east - west > largestGap {
            largestGap = east - west
            start = east
        }
        return (start, 360 - largestGap)
    }
}
