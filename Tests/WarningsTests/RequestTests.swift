import FoundationEssentials
import KioskCore
import Testing
import Warnings

/// The requests each service gets: URL, coordinates, headers, User-Agent.
struct RequestTests {
    let point = Coordinate(latitude: 61.218056789, longitude: -149.900278123)

    @Test func nwsAsksForOnePointWithFourDecimals() {
        let request = NWSAlertsRequest(coordinate: point)
        #expect(
            request.url(baseURL: "https://api.weather.gov/")
                == "https://api.weather.gov/alerts/active?point=61.2181,-149.9003")
        #expect(
            NWSAlertsRequest(coordinate: Coordinate(latitude: 40, longitude: -74.5)).url(
                baseURL: "http://127.0.0.1:8080")
                == "http://127.0.0.1:8080/alerts/active?point=40,-74.5")
    }

    @Test func nwsAndMetNorwayCarryTheContactBrightSkyDoesNot() {
        let nws = NWSAlertsRequest(coordinate: point).httpRequest(
            baseURL: "https://api.weather.gov", contact: "you@example.org",
            conditional: ConditionalRequest())
        #expect(nws.userAgent == KioskVersion.userAgent(contact: "you@example.org"))
        #expect(nws.userAgent?.contains("you@example.org") == true)
        #expect(nws.headers.contains(HTTPHeader(name: "Accept", value: "application/geo+json")))
        let met = MetAlertsRequest().httpRequest(
            baseURL: "https://api.met.no/weatherapi/metalerts/2.0", contact: "you@example.org",
            conditional: ConditionalRequest())
        #expect(met.userAgent?.contains("you@example.org") == true)
        let dwd = BrightSkyAlertsRequest(coordinate: point).httpRequest(
            baseURL: "https://api.brightsky.dev", conditional: ConditionalRequest())
        #expect(dwd.userAgent == nil)
    }

    @Test func metAlertsNationalAndForOnePoint() {
        let base = "https://api.met.no/weatherapi/metalerts/2.0"
        #expect(MetAlertsRequest().url(baseURL: base) == base + "/current.json?lang=en")
        #expect(
            MetAlertsRequest(language: "nb").url(baseURL: base) == base + "/current.json?lang=no")
        #expect(MetAlertsRequest(language: "de").language == "en")
        #expect(
            MetAlertsRequest(scope: .point(oslo.coordinate)).url(baseURL: base + "/")
                == base + "/current.json?lat=59.9127&lon=10.7461&lang=en")
    }

    @Test func brightSkyAsksForOnePoint() {
        let request = BrightSkyAlertsRequest(coordinate: berlin.coordinate, language: "DE")
        #expect(request.language == "de")
        #expect(
            request.url(baseURL: "https://api.brightsky.dev")
                == "https://api.brightsky.dev/alerts?lat=52.5244&lon=13.4105")
    }

    @Test func validatorsMakeEveryRequestConditional() {
        let conditional = ConditionalRequest(
            lastModified: "Sat, 10 Jan 2026 07:58:31 GMT", entityTag: "\"v1\"")
        let requests = [
            NWSAlertsRequest(coordinate: point).httpRequest(
                baseURL: "https://a", contact: "c", conditional: conditional),
            MetAlertsRequest().httpRequest(
                baseURL: "https://a", contact: "c", conditional: conditional),
            BrightSkyAlertsRequest(coordinate: point).httpRequest(
                baseURL: "https://a", conditional: conditional),
        ]
        for request in requests {
            #expect(
                request.headers.contains(
                    HTTPHeader(name: "If-Modified-Since", value: "Sat, 10 Jan 2026 07:58:31 GMT")))
            #expect(request.headers.contains(HTTPHeader(name: "If-None-Match", value: "\"v1\"")))
        }
    }
}
