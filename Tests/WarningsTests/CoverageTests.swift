import KioskCore
import Testing
import Warnings

/// Which source covers a place, by country code or by outline; point-in-polygon itself.
struct CoverageTests {
    @Test(arguments: [
        ("US", WarningSource?.some(.nws)), ("pr", .nws), ("GU", .nws), ("AS", .nws),
        ("VI", .nws), ("MP", .nws), ("NO", .metalerts), ("SJ", .metalerts), ("DE", .dwd),
        ("IT", nil), ("CA", nil), ("AT", nil), ("SE", nil),
    ])
    func aKnownCountryCodeDecides(code: String, source: WarningSource?) {
        // Coordinates in Germany, to show the code wins over them.
        #expect(WarningCoverage.source(countryCode: code, coordinate: berlin.coordinate) == source)
    }

    @Test(arguments: [
        ("Anchorage", 61.2181, -149.9003, WarningSource?.some(.nws)),
        ("Fairbanks", 64.8378, -147.7164, .nws), ("Juneau", 58.3019, -134.4197, .nws),
        ("Nome", 64.5011, -165.4064, .nws), ("Attu", 52.85, 173.2, .nws),
        ("Seattle", 47.6062, -122.3321, .nws), ("Detroit", 42.3314, -83.0458, .nws),
        ("Chicago", 41.8781, -87.6298, .nws), ("Buffalo", 42.8864, -78.8784, .nws),
        ("Boston", 42.3601, -71.0589, .nws), ("Portland ME", 43.6591, -70.2568, .nws),
        ("Miami", 25.7617, -80.1918, .nws), ("Key West", 24.5551, -81.78, .nws),
        ("Daytona Beach", 29.2108, -81.0228, .nws), ("Brownsville", 25.9017, -97.4975, .nws),
        ("El Paso", 31.7619, -106.485, .nws), ("San Diego", 32.7157, -117.1611, .nws),
        ("Honolulu", 21.3069, -157.8583, .nws), ("Hilo", 19.7241, -155.0868, .nws),
        ("Lihue", 21.9811, -159.3711, .nws), ("San Juan", 18.4655, -66.1057, .nws),
        ("Charlotte Amalie", 18.3419, -64.9307, .nws), ("Hagåtña", 13.4757, 144.7489, .nws),
        ("Saipan", 15.1833, 145.75, .nws), ("Pago Pago", -14.2756, -170.702, .nws),
        ("Oslo", 59.9127, 10.7461, .metalerts), ("Bergen", 60.3913, 5.3221, .metalerts),
        ("Trondheim", 63.4305, 10.3951, .metalerts), ("Tromsø", 69.6496, 18.956, .metalerts),
        ("Kirkenes", 69.7271, 30.0458, .metalerts), ("Karasjok", 69.4719, 25.5112, .metalerts),
        ("Longyearbyen", 78.2232, 15.6267, .metalerts), ("Jan Mayen", 70.98, -8.5, .metalerts),
        ("Berlin", 52.52437, 13.41053, .dwd), ("Munich", 48.1374, 11.5755, .dwd),
        ("Hamburg", 53.5511, 9.9937, .dwd), ("Cologne", 50.9375, 6.9603, .dwd),
        ("Aachen", 50.7753, 6.0839, .dwd), ("Flensburg", 54.7937, 9.4469, .dwd),
        ("Dresden", 51.0504, 13.7373, .dwd), ("Freiburg", 47.999, 7.8421, .dwd),
        ("Rome", 41.8919, 12.5113, nil), ("Toronto", 43.6532, -79.3832, nil),
        ("Vancouver", 49.2827, -123.1207, nil), ("Victoria", 48.4284, -123.3656, nil),
        ("Montreal", 45.5019, -73.5674, nil), ("Quebec", 46.8139, -71.208, nil),
        ("Whitehorse", 60.7212, -135.0568, nil), ("Monterrey", 25.6866, -100.3161, nil),
        ("Havana", 23.1136, -82.3666, nil), ("Apia", -13.8333, -171.7667, nil),
        ("Stockholm", 59.3293, 18.0686, nil), ("Gothenburg", 57.7089, 11.9746, nil),
        ("Helsinki", 60.1699, 24.9384, nil), ("Ivalo", 68.6576, 27.5397, nil),
        ("Murmansk", 68.9585, 33.0827, nil), ("Copenhagen", 55.6761, 12.5683, nil),
        ("Amsterdam", 52.3676, 4.9041, nil), ("Enschede", 52.2215, 6.8937, nil),
        ("Luxembourg", 49.6116, 6.1319, nil), ("Strasbourg", 48.5734, 7.7521, nil),
        ("Zurich", 47.3769, 8.5417, nil), ("Salzburg", 47.8095, 13.055, nil),
        ("Vienna", 48.2082, 16.3738, nil), ("Prague", 50.0755, 14.4378, nil),
        ("Szczecin", 53.4285, 14.5528, nil), ("Paris", 48.8566, 2.3522, nil),
    ])
    func coordinatesDecideWithoutACode(
        name: String, latitude: Double, longitude: Double, source: WarningSource?
    ) {
        let place = Coordinate(latitude: latitude, longitude: longitude)
        #expect(WarningCoverage.source(countryCode: nil, coordinate: place) == source, "\(name)")
        #expect(WarningCoverage.source(countryCode: "", coordinate: place) == source, "\(name)")
    }

    @Test func pointInPolygonWithHolesAndSeveralPolygons() {
        let square = [
            GeoArea.Point(longitude: 0, latitude: 0), GeoArea.Point(longitude: 10, latitude: 0),
            GeoArea.Point(longitude: 10, latitude: 10), GeoArea.Point(longitude: 0, latitude: 10),
        ]
        let hole = [
            GeoArea.Point(longitude: 4, latitude: 4), GeoArea.Point(longitude: 6, latitude: 4),
            GeoArea.Point(longitude: 6, latitude: 6), GeoArea.Point(longitude: 4, latitude: 6),
        ]
        let area = GeoArea(polygons: [
            GeoArea.Polygon(rings: [square, hole]),
            GeoArea.Polygon(rings: [
                square.map { GeoArea.Point(longitude: $0.longitude + 20, latitude: $0.latitude) }
            ]),
        ])
        func inside(_ latitude: Double, _ longitude: Double) -> Bool {
            area.contains(Coordinate(latitude: latitude, longitude: longitude))
        }
        #expect(inside(2, 2))
        #expect(!inside(5, 5))  // in the hole
        #expect(inside(5, 25))  // in the second polygon
        #expect(!inside(5, 15))  // between them
        #expect(!inside(-1, 5))
        #expect(!inside(.nan, 5))
        #expect(!GeoArea(polygons: []).contains(Coordinate(latitude: 0, longitude: 0)))
        #expect(
            !GeoArea(outline: [(0, 0), (1, 1)]).contains(Coordinate(latitude: 0.5, longitude: 0.5)))
    }

    @Test func aConcaveOutline() {
        // A "U": the notch between the arms is outside.
        let u = GeoArea(outline: [(0, 0), (6, 0), (6, 6), (4, 6), (4, 2), (2, 2), (2, 6), (0, 6)])
        #expect(u.contains(Coordinate(latitude: 5, longitude: 1)))
        #expect(u.contains(Coordinate(latitude: 5, longitude: 5)))
        #expect(!u.contains(Coordinate(latitude: 5, longitude: 3)))
        #expect(u.contains(Coordinate(latitude: 1, longitude: 3)))
    }
}
