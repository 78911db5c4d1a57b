import KioskCore
import Testing

/// The one rule that names favourites wherever the kiosk shows them: a name shared by two
/// places gets what tells them apart, and nothing more.
@Suite struct PlaceNamesTests {
    static let romeItaly = City(
        name: "Rome", country: "Italy", admin1: "Lazio",
        coordinate: .init(latitude: 41.89193, longitude: 12.51133), geonameID: 3_169_070)
    static let romeNewYork = City(
        name: "Rome", country: "United States", admin1: "New York",
        coordinate: .init(latitude: 43.21285, longitude: -75.45573), geonameID: 5_134_295)
    static let oslo = City(
        name: "Oslo", country: "Norway", admin1: "Oslo",
        coordinate: .init(latitude: 59.91273, longitude: 10.74609), geonameID: 3_143_244)

    @Test func aUniqueNameStaysAsItIs() {
        #expect(PlaceNames.displayNames(of: [Self.romeItaly, Self.oslo]) == ["Rome", "Oslo"])
    }

    @Test func twoRomesGetTheirRegions() {
        #expect(
            PlaceNames.displayNames(of: [Self.romeItaly, Self.oslo, Self.romeNewYork])
                == ["Rome, Lazio", "Oslo", "Rome, New York"])
    }

    @Test func namesCompareIgnoringCaseAndAccents() {
        let saoPaulo = City(
            name: "São Paulo", country: "Brazil", admin1: "São Paulo",
            coordinate: .init(latitude: -23.5475, longitude: -46.63611))
        let other = City(
            name: "Sao Paulo", country: "Brazil", admin1: "Amazonas",
            coordinate: .init(latitude: -3.0, longitude: -61.0))
        // The region that repeats the name says nothing: the country is used instead.
        #expect(
            PlaceNames.displayNames(of: [saoPaulo, other])
                == ["São Paulo, Brazil", "Sao Paulo, Amazonas"])
    }

    @Test func theSameRegionNamesTheCountryToo() {
        let london = City(
            name: "London", country: "Canada", admin1: "Ontario",
            coordinate: .init(latitude: 42.98, longitude: -81.23))
        let other = City(
            name: "London", country: "United States", admin1: "Ontario",
            coordinate: .init(latitude: 34.0, longitude: -117.0))
        #expect(
            PlaceNames.displayNames(of: [london, other])
                == ["London, Ontario, Canada", "London, Ontario, United States"])
    }

    @Test func placesWithNothingButANameGetTheirCoordinates() {
        let cabins = [
            City(name: "Cabin", coordinate: .init(latitude: 61.5, longitude: -149.9)),
            City(name: "cabin", coordinate: .init(latitude: 61.6, longitude: -149.9)),
        ]
        #expect(
            PlaceNames.displayNames(of: cabins)
                == ["Cabin (61.50, -149.90)", "cabin (61.60, -149.90)"])
    }

    @Test func aRecentPlaceIsNamedAsItsFavouriteOrAgainstThem() {
        let favourites = [Self.romeItaly, Self.romeNewYork]
        #expect(
            PlaceNames.displayName(of: Self.romeNewYork, among: favourites) == "Rome, New York")
        // Removed since, but still in the recent list: named so as not to be mistaken.
        #expect(
            PlaceNames.displayName(of: Self.romeNewYork, among: [Self.romeItaly])
                == "Rome, New York")
        #expect(PlaceNames.displayName(of: Self.oslo, among: favourites) == "Oslo")
    }

    @Test func stableIDsComeFromGeoNamesElseTheCoordinates() {
        #expect(PlaceNames.stableID(of: Self.romeItaly) == "g3169070")
        let cabin = City(name: "Cabin", coordinate: .init(latitude: 61.5, longitude: -149.90004))
        #expect(PlaceNames.stableID(of: cabin) == "61_5000n_149_9000w")
        let south = City(name: "Cape", coordinate: .init(latitude: -33.92487, longitude: 18.42406))
        #expect(PlaceNames.stableID(of: south) == "33_9249s_18_4241e")
        // Renaming keeps the id: it is the place's, not the name's.
        var renamed = cabin
        renamed.name = "Hut"
        #expect(PlaceNames.stableID(of: renamed) == PlaceNames.stableID(of: cabin))
    }
}
