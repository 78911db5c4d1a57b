public import KioskCore

/// An area on the map as GeoJSON draws it: polygons, each an outer ring with holes, in
/// longitude/latitude degrees. Edges are straight lines in degrees (as GeoJSON's own
/// consumers treat them), which over a warning area's few kilometres is exact enough.
public struct GeoArea: Sendable, Hashable {
    /// One polygon: its first ring is the outline, the others holes.
    public struct Polygon: Sendable, Hashable {
        /// Rings of `[longitude, latitude]` points; the last point may repeat the first.
        public var rings: [[Point]]

        /// Creates a polygon.
        public init(rings: [[Point]]) {
            self.rings = rings
        }
    }

    /// A point as GeoJSON orders it: longitude first.
    public struct Point: Sendable, Hashable {
        /// East positive, degrees.
        public var longitude: Double
        /// North positive, degrees.
        public var latitude: Double

        /// Creates a point.
        public init(longitude: Double, latitude: Double) {
            self.longitude = longitude
            self.latitude = latitude
        }
    }

    /// The polygons; the area is their union.
    public var polygons: [Polygon]

    /// Creates an area.
    public init(polygons: [Polygon]) {
        self.polygons = polygons
    }

    /// An area of one polygon without holes, from `(longitude, latitude)` pairs.
    public init(outline: [(Double, Double)]) {
        polygons = [Polygon(rings: [outline.map { Point(longitude: $0.0, latitude: $0.1) }])]
    }

    /// Whether the area holds `coordinate`: inside an outline and in none of its holes, by
    /// the even-odd rule. A point exactly on an edge may fall either way.
    public func contains(_ coordinate: Coordinate) -> Bool {
        polygons.contains { polygon in
            guard let outline = polygon.rings.first,
                Self.ring(outline, contains: coordinate)
            else { return false }
            return !polygon.rings.dropFirst().contains { Self.ring($0, contains: coordinate) }
        }
    }

    /// Even-odd test: a ray east from the point crosses the ring's edges an odd number of
    /// times when the point is inside. Needs at least three points.
    static func ring(_ ring: [Point], contains coordinate: Coordinate) -> Bool {
        guard ring.count >= 3, coordinate.latitude.isFinite, coordinate.longitude.isFinite else {
            return false
        }
        let x = coordinate.longitude
        let y = coordinate.latitude
        var inside = false
        var previous = ring[ring.count - 1]
        for point in ring {
            if (point.latitude > y) != (previous.latitude > y) {
                let crossing =
                    point.longitude + (y - point.latitude) * (previous.longitude - point.longitude)
                    / (previous.latitude - point.latitude)
                if x < crossing { inside.toggle() }
            }
            previous = point
        }
        return inside
    }
}

/// A GeoJSON geometry as MET Norway sends it: a Polygon or a MultiPolygon. Any other type
/// (or null) decodes as an empty area, which holds no point.
struct GeoJSONGeometry: Decodable {
    var area: GeoArea

    private enum CodingKeys: String, CodingKey {
        case type
        case coordinates
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decodeIfPresent(String.self, forKey: .type)
        func points(_ ring: [[Double]]) -> [GeoArea.Point] {
            ring.compactMap { pair in
                pair.count >= 2 ? GeoArea.Point(longitude: pair[0], latitude: pair[1]) : nil
            }
        }
        switch type {
        case "Polygon":
            let rings = try container.decode([[[Double]]].self, forKey: .coordinates)
            area = GeoArea(polygons: [GeoArea.Polygon(rings: rings.map(points))])
        case "MultiPolygon":
            let polygons = try container.decode([[[[Double]]]].self, forKey: .coordinates)
            area = GeoArea(polygons: polygons.map { GeoArea.Polygon(rings: $0.map(points)) })
        default:
            area = GeoArea(polygons: [])
        }
    }
}
