import Testing
import WeatherModel

@Suite struct CityTests {
    @Test func distanceBetweenKnownCities() {
        let rome = Coordinate(latitude: 41.89193, longitude: 12.51133)
        let berlin = Coordinate(latitude: 52.52437, longitude: 13.41053)
        // Great-circle distance Rome–Berlin is about 1,184 km.
        #expect(abs(rome.distance(to: berlin) - 1_184_000) < 5_000)
        #expect(rome.distance(to: rome) == 0)
    }

    @Test func samePlaceByIdOrWithinOneKilometre() {
        let rome = City(
            name: "Rome", coordinate: .init(latitude: 41.89193, longitude: 12.51133),
            geonameID: 3169070)
        var nearby = City(name: "Roma", coordinate: .init(latitude: 41.895, longitude: 12.515))
        #expect(rome.isSamePlace(as: nearby))
        nearby.coordinate = .init(latitude: 41.95, longitude: 12.6)
        #expect(!rome.isSamePlace(as: nearby))
        nearby.geonameID = 3169070
        #expect(rome.isSamePlace(as: nearby))
    }

    @Test func matchesIgnoringCaseAndAccents() {
        let city = City(name: "São Paulo", coordinate: .init(latitude: -23.5, longitude: -46.6))
        #expect(city.matches(name: "sao paulo"))
        #expect(city.matches(name: "  SÃO   Paulo "))
        #expect(!city.matches(name: "Sao"))
    }

    @Test func qualifiedNameSkipsMissingParts() {
        let rome = City(
            name: "Rome", country: "Italy", admin1: "Lazio",
            coordinate: .init(latitude: 41.9, longitude: 12.5))
        #expect(rome.qualifiedName == "Rome, Lazio, Italy")
        let bare = City(name: "Null Island", coordinate: .init(latitude: 0, longitude: 0))
        #expect(bare.qualifiedName == "Null Island")
    }
}
