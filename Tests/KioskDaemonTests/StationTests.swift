import KioskConfig
import KioskCore
import Testing

@testable import KioskDaemon

/// No default station: nothing is fetched for it and no elevation is taken from it until
/// `station.latitude` and `station.longitude` are set.
@Suite struct StationTests {
    @Test func thereIsNoDefaultStation() throws {
        let configuration = try ConfigStore.resolve(ConfigDocument(file: "c.toml", text: ""))
        #expect(configuration.station.coordinate == nil)
        #expect(ForecastFetcher.locations(for: configuration).isEmpty)
    }

    @Test func theStationIsFetchedFirstOnceBothHalvesAreSet() throws {
        let cities = "[[cities]]\nname = \"Rome\"\nlatitude = 41.89193\nlongitude = 12.51133\n"
        let half = try ConfigStore.resolve(
            ConfigDocument(file: "c.toml", text: "[station]\nlatitude = 52.52\n" + cities))
        #expect(half.station.coordinate == nil, "half a place is no place")
        #expect(
            ForecastFetcher.locations(for: half)
                == [Coordinate(latitude: 41.89193, longitude: 12.51133)])
        let whole = try ConfigStore.resolve(
            ConfigDocument(
                file: "c.toml", text: "[station]\nlatitude = 52.52\nlongitude = 13.41\n" + cities))
        #expect(
            ForecastFetcher.locations(for: whole)
                == [
                    Coordinate(latitude: 52.52, longitude: 13.41),
                    Coordinate(latitude: 41.89193, longitude: 12.51133),
                ])
        #expect(KioskSettings(half).forecastQuery != KioskSettings(whole).forecastQuery)
    }
}
