import KioskCore
import Testing

/// Which favourite is the station's own.
@Suite struct StationCityTests {
    let cities = [
        City(name: "Rome", coordinate: Coordinate(latitude: 41.89, longitude: 12.48)),
        City(name: "Fiumicino", coordinate: Coordinate(latitude: 41.77, longitude: 12.24)),
        City(name: "Oslo", coordinate: Coordinate(latitude: 59.91, longitude: 10.75)),
    ]

    @Test func theNearestFavouriteWithinTheRadiusIsTheStations() {
        let station = Coordinate(latitude: 41.78, longitude: 12.26)
        #expect(City.stationIndex(in: cities, station: station) == 1)
        #expect(
            City.stationIndex(in: cities, station: Coordinate(latitude: 59.9, longitude: 10.7))
                == 2)
    }

    @Test func noStationOrNoneNearMeansNone() {
        #expect(City.stationIndex(in: cities, station: nil) == nil)
        #expect(
            City.stationIndex(in: cities, station: Coordinate(latitude: 48.1, longitude: 11.6))
                == nil)
        #expect(City.stationIndex(in: [], station: Coordinate(latitude: 0, longitude: 0)) == nil)
    }
}
