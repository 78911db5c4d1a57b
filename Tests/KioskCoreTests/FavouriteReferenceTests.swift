import KioskCore
import Testing

/// A CITY argument resolved against the favourites, in the core where every verb and the
/// control socket share it.
@Suite struct FavouriteReferenceTests {
    let favourites = [
        City(name: "São Paulo", coordinate: .init(latitude: -23.55, longitude: -46.63)),
        City(name: "Paris", country: "France", coordinate: .init(latitude: 48.85, longitude: 2.35)),
        City(
            name: "Paris", country: "United States",
            coordinate: .init(latitude: 33.66, longitude: -95.56)),
    ]

    @Test func aNumberOrANameIgnoringCaseAndAccents() throws {
        #expect(try FavouriteReference.index(of: " 2 ", in: favourites) == 2)
        #expect(try FavouriteReference.index(of: "sao paulo", in: favourites) == 1)
    }

    @Test func whatDoesNotNameExactlyOneFavouriteSaysWhatToDo() {
        #expect(throws: FavouriteReferenceError.noSuchNumber(4, count: 3)) {
            try FavouriteReference.index(of: "4", in: favourites)
        }
        #expect(throws: FavouriteReferenceError.noFavourites) {
            try FavouriteReference.index(of: "1", in: [])
        }
        #expect(throws: FavouriteReferenceError.noSuchName("Oslo")) {
            try FavouriteReference.index(of: "Oslo", in: favourites)
        }
        #expect(
            FavouriteReferenceError.ambiguous("paris", numbers: [2, 3]).description
                == "2 favourites are named \"paris\" (2, 3); give the number instead.")
        #expect(throws: FavouriteReferenceError.ambiguous("paris", numbers: [2, 3])) {
            try FavouriteReference.index(of: "paris", in: favourites)
        }
    }
}
