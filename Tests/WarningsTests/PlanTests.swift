import KioskCore
import Testing
import Warnings

/// The fewest requests for a list of places, and what they cost a day.
struct PlanTests {
    @Test func oneNationalRequestForNorwayOnePerPointElsewhere() {
        let bergen = WarningPlace(
            name: "Bergen", coordinate: Coordinate(latitude: 60.39, longitude: 5.32))
        let anchorageAgain = WarningPlace(name: "Home", coordinate: anchorage.coordinate)
        let plan = WarningRequestPlan.requests(for: [
            rome, berlin, oslo, anchorage, bergen, anchorageAgain,
        ])
        #expect(plan.map(\.request.source) == [.nws, .metalerts, .dwd])
        #expect(plan[0].places.map(\.name) == ["Anchorage", "Home"])
        #expect(plan[1].places.map(\.name) == ["Oslo", "Bergen"])
        #expect(plan[2].places.map(\.name) == ["Berlin"])
        #expect(WarningRequestPlan.uncovered([rome, berlin]).map(\.name) == ["Rome"])
    }

    @Test func noPlaceIsAskedAboutOutsideItsSource() {
        let places = [rome, berlin, oslo, anchorage, tromso]
        for planned in WarningRequestPlan.requests(for: places) {
            for place in planned.places {
                #expect(place.source == planned.request.source)
            }
        }
    }

    @Test func requestsADayForTenPlaces() {
        let places = [
            anchorage, berlin, oslo, tromso, rome,
            WarningPlace(
                name: "Seattle", coordinate: Coordinate(latitude: 47.6, longitude: -122.3),
                countryCode: "US"),
            WarningPlace(
                name: "Munich", coordinate: Coordinate(latitude: 48.14, longitude: 11.58),
                countryCode: "DE"),
            WarningPlace(
                name: "Bergen", coordinate: Coordinate(latitude: 60.39, longitude: 5.32),
                countryCode: "NO"),
            WarningPlace(
                name: "Paris", coordinate: Coordinate(latitude: 48.86, longitude: 2.35),
                countryCode: "FR"),
            WarningPlace(
                name: "Honolulu", coordinate: Coordinate(latitude: 21.31, longitude: -157.86),
                countryCode: "US"),
        ]
        let perDay = WarningRequestPlan.requestsPerDay(for: places, refreshMinutes: 5)
        #expect(perDay == [.nws: 3 * 288, .metalerts: 288, .dwd: 2 * 288])
        #expect(
            WarningRequestPlan.requestsPerDay(for: places, refreshMinutes: 15)[.metalerts] == 96)
    }
}
