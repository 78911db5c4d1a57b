import KioskCore
import Testing

/// A CITY argument resolved against the favourites, in the core where every verb, the
/// control socket and Home Assistant's `city/set` share it.
@Suite struct FavouriteReferenceTests {
    let favourites = [
        City(name: "São Paulo", coordinate: .init(latitude: -23.55, longitude: -46.63)),
        City(
            name: "Paris", admin1: "Île-de-France",
            coordinate: .init(latitude: 48.85, longitude: 2.35)),
        City(
            name: "Paris", country: "United States", admin1: "Texas",
            coordinate: .init(latitude: 33.66, longitude: -95.56)),
        City(name: "Parma", country: "Italy", coordinate: .init(latitude: 44.80, longitude: 10.33)),
    ]

    @Test func aNumberOrANameIgnoringCaseAndAccents() throws {
        #expect(try FavouriteReference.index(of: " 2 ", in: favourites) == 2)
        #expect(try FavouriteReference.index(of: "sao paulo", in: favourites) == 1)
    }

    @Test func aUniquePrefixIgnoringAccentsIsEnough() throws {
        #expect(try FavouriteReference.index(of: "sao", in: favourites) == 1)
        #expect(try FavouriteReference.index(of: "SÃO p", in: favourites) == 1)
        #expect(try FavouriteReference.index(of: "parm", in: favourites) == 4)
    }

    @Test func theNameAsShownOrInFullPicksOneOfTwoPlacesWithOneName() throws {
        #expect(try FavouriteReference.index(of: "Paris, Texas", in: favourites) == 3)
        #expect(try FavouriteReference.index(of: "paris, ile-de-france", in: favourites) == 2)
        #expect(
            try FavouriteReference.index(of: "Paris, Texas, United States", in: favourites) == 3)
        #expect(try FavouriteReference.index(of: "paris, t", in: favourites) == 3)
    }

    @Test func whatDoesNotNameExactlyOneFavouriteSaysWhatToDo() {
        #expect(throws: FavouriteReferenceError.noSuchNumber(5, count: 4)) {
            try FavouriteReference.index(of: "5", in: favourites)
        }
        #expect(throws: FavouriteReferenceError.noFavourites) {
            try FavouriteReference.index(of: "1", in: [])
        }
        #expect(throws: FavouriteReferenceError.noSuchName("Oslo")) {
            try FavouriteReference.index(of: "Oslo", in: favourites)
        }
        let both = [
            FavouriteReferenceError.Candidate(number: 2, name: "Paris, Île-de-France"),
            FavouriteReferenceError.Candidate(number: 3, name: "Paris, Texas"),
        ]
        #expect(throws: FavouriteReferenceError.ambiguous("paris", candidates: both)) {
            try FavouriteReference.index(of: "paris", in: favourites)
        }
        #expect(
            FavouriteReferenceError.ambiguous("paris", candidates: both).description
                == "\"paris\" could be Paris, Île-de-France (2) or Paris, Texas (3); give more of"
                + " the name, or the number.")
        // A prefix of three names lists all three.
        do {
            _ = try FavouriteReference.index(of: "par", in: favourites)
            Issue.record("an ambiguous prefix picked a favourite")
        } catch {
            #expect(
                error.description
                    == "\"par\" could be Paris, Île-de-France (2); Paris, Texas (3) or Parma (4);"
                    + " give more of the name, or the number.")
        }
    }
}
