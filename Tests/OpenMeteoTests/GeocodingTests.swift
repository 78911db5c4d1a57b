import KioskCore
import KioskTesting
import OpenMeteo
import Testing

@Suite struct GeocodingTests {
    let base = "https://geocoding-api.open-meteo.com"

    @Test(arguments: [
        ("São Paulo", "S%C3%A3o%20Paulo"), ("Ho Chi Minh City", "Ho%20Chi%20Minh%20City"),
        ("A&B", "A%26B"), ("a+b", "a%2Bb"), ("Biel/Bienne", "Biel%2FBienne"),
        ("Москва", "%D0%9C%D0%BE%D1%81%D0%BA%D0%B2%D0%B0"), ("x=y?#", "x%3Dy%3F%23"),
    ])
    func namesArePercentEncoded(name: String, encoded: String) {
        let url = GeocodingSearch(name: name).url(geocodingURL: base)
        #expect(url == "\(base)/v1/search?name=\(encoded)&count=10&language=en&format=json")
        // A server decodes exactly the name back.
        #expect(RecordedRequest(.init(url: url)).queryValue("name") == name)
    }

    @Test func surroundingSpacesAreNotSent() {
        let url = GeocodingSearch(name: "  Rome \t").url(geocodingURL: base)
        #expect(RecordedRequest(.init(url: url)).queryValue("name") == "Rome")
    }

    @Test func countryCodeLanguageAndKey() {
        let url = GeocodingSearch(
            name: "Paris", count: 5, countryCode: " us", language: "de", apiKey: "secret"
        ).url(geocodingURL: base + "/")
        #expect(
            url
                == "\(base)/v1/search?name=Paris&count=5&language=de&format=json&countryCode=US"
                + "&apikey=secret")
        let lookup = GeocodingLookup(id: 3_169_070, language: "it").url(geocodingURL: base)
        #expect(lookup == "\(base)/v1/get?id=3169070&language=it&format=json")
    }

    @Test(arguments: ["", " ", "R", " é "])
    func shortNamesAreRefusedLocally(name: String) {
        #expect {
            try GeocodingSearch(name: name).validate()
        } throws: { error in
            guard let error = error as? OpenMeteoError else { return false }
            return error.kind == .invalidQuery && error.message.contains("at least 2 characters")
        }
    }

    @Test(
        arguments: [(0, nil), (101, nil), (10, "Italy"), (10, "I"), (10, "1T")] as [(Int, String?)])
    func badCountsAndCountryCodesAreRefusedLocally(count: Int, countryCode: String?) {
        #expect(throws: OpenMeteoError.self) {
            try GeocodingSearch(name: "Rome", count: count, countryCode: countryCode).validate()
        }
    }

    @Test func acceptableSearchPasses() throws {
        try GeocodingSearch(name: "Ro", count: 1, countryCode: "it").validate()
        try GeocodingSearch(name: "São Paulo", count: 100).validate()
    }

    @Test func enschedeSearchWithAndWithoutPopulation() throws {
        let results = try GeocodingSearch(name: "Enschede").decodeResponse(
            try fixture("geocoding-search-enschede-frenck.json"), host: "fixture")
        #expect(results.map(\.id) == [2_756_071, 6_296_691])
        let city = results[0]
        #expect(city.name == "Enschede" && city.population == 153_655)
        #expect(city.coordinate == Coordinate(latitude: 52.21833, longitude: 6.89583))
        #expect(city.country == "The Netherlands" && city.countryCode == "NL")
        #expect(city.admin1 == "Overijssel" && city.admin2 == "Enschede Municipality")
        #expect(city.timezone == "Europe/Amsterdam" && city.featureCode == "PPL")
        #expect(city.postcodes.count == 23 && city.postcodes.first == "7511")
        #expect(results[1].population == nil && results[1].postcodes.isEmpty)
        #expect(
            city.city
                == City(
                    name: "Enschede", country: "The Netherlands", admin1: "Overijssel",
                    coordinate: Coordinate(latitude: 52.21833, longitude: 6.89583),
                    timezone: "Europe/Amsterdam", geonameID: 2_756_071, countryCode: "NL"))
    }

    @Test func resultsWithMissingFields() throws {
        let results = try GeocodingSearch(name: "x y").decodeResponse(
            try fixture("geocoding-search-missing-fields-frenck.json"), host: "fixture")
        #expect(results.map(\.name) == ["Antarctica", "Île MacMurdo", "Atlantic Point"])
        #expect(results[0].country == nil && results[0].countryCode == nil)
        #expect(results[0].admin1 == nil && results[0].population == 1100)
        #expect(results[1].country == nil && results[1].countryCode == "TF")
        #expect(results[1].population == nil && results[1].elevation == 123)
        #expect(results[2].elevation == nil && results[2].admin2 == "Knox")
        #expect(results[1].city.qualifiedName == "Île MacMurdo")
        #expect(results[2].city.qualifiedName == "Atlantic Point, Maine, United States")
    }

    /// Found by the fuzz target fuzz-geocoding-json in CI: a population past Int's range
    /// trapped converting to Int.
    @Test(arguments: ["1e300", "9.3e18", "-5"])
    func aPopulationNoIntCanHoldIsNoPopulation(_ population: String) throws {
        let body =
            #"{"results":[{"id":1,"name":"Rome","latitude":41.9,"longitude":12.5,"population":"#
            + population + "}]}"
        let results = try GeocodingSearch(name: "Rome").decodeResponse(
            Array(body.utf8), host: "fixture")
        #expect(results.map(\.name) == ["Rome"])
        #expect(results.first?.population == nil)
    }

    @Test func noResultsKeyIsAnEmptyList() throws {
        let results = try GeocodingSearch(name: "Xyzzyplughnowhere").decodeResponse(
            try fixture("geocoding-search-no-results-frenck.json"), host: "fixture")
        #expect(results.isEmpty)
    }

    @Test func getByIdIsABareObject() throws {
        let place = try GeocodingLookup(id: 2_756_071, language: "nl").decodeResponse(
            try fixture("geocoding-get-by-id-frenck.json"), host: "fixture")
        #expect(place.id == 2_756_071 && place.name == "Enschede")
        #expect(place.country == "Nederland" && place.admin2 == "Enschede")
        #expect(place.postcodes.count == 23)
    }

    @Test(arguments: [
        (#"{"results":[{"id":1,"name":"A","latitude":1}]}"#, "results[0].longitude is missing"),
        (#"{"results":[{"name":"A","latitude":1,"longitude":2}]}"#, "results[0].id is missing"),
        (#"{"results":[null]}"#, "results[0] is null"),
        (#"{"results":{"id":1}}"#, "results has the wrong type"),
        (#"{"results":[{"id":1,"#, "invalid or incomplete JSON"),
    ])
    func malformedSearchBodies(body: String, detail: String) {
        #expect {
            _ = try GeocodingSearch(name: "ab").decodeResponse(Array(body.utf8), host: "geo")
        } throws: { error in
            (error as? OpenMeteoError)?.kind == .malformedResponse(detail: detail)
        }
    }

    @Test func errorFixtureIsARejection() throws {
        let body = try fixture("error-geocoding-invalid-count-openmeteo-docs.json")
        #expect {
            _ = try GeocodingSearch(name: "Rome").decodeResponse(body, host: "geo")
        } throws: { error in
            (error as? OpenMeteoError)?.kind
                == .rejected(reason: "Parameter count must be between 1 and 100.")
        }
    }

    func place(_ id: Int, _ name: String, population: Int?) -> GeocodingResult {
        GeocodingResult(
            id: id, name: name, coordinate: Coordinate(latitude: 0, longitude: 0),
            population: population)
    }

    @Test func rankingExactThenPrefixThenRestByPopulation() {
        let results = [
            place(1, "Parisville", population: 900_000),
            place(2, "Paris", population: 24_782),
            place(3, "Lower Paris", population: 5_000_000),
            place(4, "PARIS", population: 2_138_551),
            place(5, "Paris", population: nil),
            place(6, "Parish", population: 900_000),
            place(7, "Pâris", population: 24_782),
        ]
        let ranked = GeocodingResult.ranked(results, for: "paris")
        // Exact (ignoring case and accents): 4, then the tie 2/7 in API order, then 5 (none).
        // Prefix: 1 and 6 tie, API order. Then the rest.
        #expect(ranked.map(\.id) == [4, 2, 7, 5, 1, 6, 3])
    }

    @Test func rankingMatchesAccentedQueries() {
        let results = [
            place(1, "Sao Paulo de Olivença", population: 1), place(2, "São Paulo", population: 1),
        ]
        #expect(GeocodingResult.ranked(results, for: "SAO PAULO").map(\.id) == [2, 1])
        #expect(GeocodingResult.ranked([], for: "x").isEmpty)
    }
}
