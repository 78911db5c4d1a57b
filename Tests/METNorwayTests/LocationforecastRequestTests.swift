import KioskCore
import METNorway
import Testing

/// The URL and the header fields MET Norway's terms ask for.
struct LocationforecastRequestTests {
    let base = LocationforecastRequest.defaultBaseURL

    @Test func theURLHasAtMostFourDecimalsAndTheAltitudeInWholeMetres() {
        let request = LocationforecastRequest(
            coordinate: Coordinate(latitude: 59.913868, longitude: 10.752245), altitude: 23.6)
        #expect(
            request.url(baseURL: base)
                == "https://api.met.no/weatherapi/locationforecast/2.0/complete?lat=59.9139&lon=10.7522&altitude=24"
        )
    }

    @Test(arguments: [
        (52.52, 13.405, "lat=52.52&lon=13.405"),
        (-33.868820, 151.209296, "lat=-33.8688&lon=151.2093"),
        (0.00001, -0.00004, "lat=0&lon=0"),
        (-27.5, 153.0, "lat=-27.5&lon=153"),
        (78.22334, -179.99996, "lat=78.2233&lon=-180"),
    ])
    func coordinatesAreRoundedToFourDecimalsWithoutExponents(
        latitude: Double, longitude: Double, query: String
    ) {
        let request = LocationforecastRequest(
            coordinate: Coordinate(latitude: latitude, longitude: longitude), product: .compact)
        #expect(request.url(baseURL: base) == base + "/compact?" + query)
        let decimals = query.split(separator: "&").map {
            $0.split(separator: ".").dropFirst().first?.count ?? 0
        }
        #expect(decimals.allSatisfy { $0 <= 4 })
    }

    @Test func aTrailingSlashOrSpaceInTheBaseURLIsDropped() {
        let request = LocationforecastRequest(coordinate: Coordinate(latitude: 1, longitude: 2))
        #expect(
            request.url(baseURL: " http://127.0.0.1:8080/weatherapi/locationforecast/2.0/ ")
                == "http://127.0.0.1:8080/weatherapi/locationforecast/2.0/complete?lat=1&lon=2")
    }

    @Test func anAltitudeThatIsNoNumberIsLeftOut() {
        for altitude in [Double.nan, .infinity, 1e9] {
            let request = LocationforecastRequest(
                coordinate: Coordinate(latitude: 1, longitude: 2), altitude: altitude)
            #expect(!request.url(baseURL: base).contains("altitude"))
        }
    }

    @Test func theRequestNamesTheContactAndSendsBackTheExactLastModified() {
        var validity = ConditionalRequest()
        validity.record(
            HTTPResponse(
                status: 200, body: [],
                headers: [HTTPHeader(name: "Last-Modified", value: "Mon, 30 Mar 2026 13:22:44 GMT")]
            ),
            at: utc("2026-03-30T13:22:45"))
        let request = LocationforecastRequest(
            coordinate: Coordinate(latitude: -27.5, longitude: 153)
        )
        .httpRequest(baseURL: base, contact: "kiosk@example.org", validity: validity)
        #expect(request.userAgent == KioskVersion.userAgent(contact: "kiosk@example.org"))
        #expect(request.userAgent?.hasSuffix("; kiosk@example.org)") == true)
        #expect(
            request.headers == [
                HTTPHeader(name: "Accept", value: "application/json"),
                HTTPHeader(name: "If-Modified-Since", value: "Mon, 30 Mar 2026 13:22:44 GMT"),
            ])
    }

    @Test func theFirstRequestIsUnconditional() {
        let request = LocationforecastRequest(coordinate: Coordinate(latitude: 1, longitude: 2))
            .httpRequest(baseURL: base, contact: "", validity: ConditionalRequest())
        #expect(request.headers == [HTTPHeader(name: "Accept", value: "application/json")])
        #expect(request.userAgent == KioskVersion.userAgent)
    }
}
