import FoundationEssentials
import KioskCore
import KioskTesting
import OpenMeteo
import Testing

/// The fake Open-Meteo on its own: it validates like the real API and honours every
/// parameter the client might send.
@Suite struct FakeOpenMeteoTests {
    let fake = FakeOpenMeteo(now: { utc("2026-03-14T15:09").addingTimeInterval(26) })

    func get(_ pathAndQuery: String) -> CannedResponse {
        fake.respond(to: RecordedRequest(HTTPRequest(url: "http://fake" + pathAndQuery)))
    }

    func text(_ response: CannedResponse) -> String {
        String(decoding: response.body, as: UTF8.self)
    }

    @Test(arguments: [
        (
            "latitude=1,2&longitude=3",
            "Parameter 'latitude' and 'longitude' must have the same number of elements"
        ),
        ("latitude=95&longitude=3", "Latitude must be in range of -90 to 90°. Given: 95.0."),
        (
            "latitude=5&longitude=-180.5",
            "Longitude must be in range of -180 to 180°. Given: -180.5."
        ),
        ("latitude=&longitude=", "Parameter 'latitude' and 'longitude' must not be empty"),
        ("latitude=north&longitude=3", "Parameter 'latitude' and 'longitude' must be numbers"),
        (
            "latitude=1&longitude=3&hourly=temperature_2m,snow_depth_9m",
            "Data corrupted at path ''. Cannot initialize ForecastVariable from invalid String value snow_depth_9m."
        ),
        (
            "latitude=1&longitude=3&daily=sunshine",
            "Data corrupted at path ''. Cannot initialize ForecastVariableDaily from invalid String value sunshine."
        ),
        (
            "latitude=1&longitude=3&forecast_days=20",
            "Forecast days is invalid. Allowed range 0 to 16. Given 20."
        ),
        (
            "latitude=1&longitude=3&timeformat=excel",
            "Data corrupted at path ''. Cannot initialize Timeformat from invalid String value excel."
        ),
        ("latitude=1&longitude=3&timezone=Mars/Olympus", "Invalid timezone"),
        (
            "latitude=1&longitude=3&wind_speed_unit=beaufort",
            "Data corrupted at path ''. Cannot initialize WindspeedUnit from invalid String value beaufort."
        ),
    ])
    func forecastValidation(query: String, reason: String) throws {
        let response = get("/v1/forecast?" + query)
        #expect(response.status == 400)
        #expect(ErrorBodyText.reason(response.body) == reason)
    }

    @Test func oneLocationIsAnObjectSeveralAnArray() {
        let one = text(get("/v1/forecast?latitude=41.9&longitude=12.5&current=temperature_2m"))
        #expect(one.hasPrefix("{\"latitude\":41.9,\"longitude\":12.5,"))
        #expect(!one.contains("location_id"))
        let two = text(get("/v1/forecast?latitude=41.9,52.52&longitude=12.5,13.41&current=is_day"))
        #expect(two.hasPrefix("[{\"latitude\":41.9,"))
        #expect(two.contains("\"location_id\":1,"))
    }

    @Test func iso8601TimesByDefaultInTheLocalZone() {
        let body = text(
            get(
                "/v1/forecast?latitude=41.9&longitude=12.5&hourly=temperature_2m&daily=sunrise"
                    + "&current=temperature_2m&timezone=auto&forecast_days=2"))
        #expect(body.contains(#""timezone":"Europe/Rome","timezone_abbreviation":"CET""#))
        #expect(body.contains(#""utc_offset_seconds":3600"#))
        #expect(body.contains(#""current":{"time":"2026-03-14T16:00","interval":900,"#))
        // Without forecast_hours the hours start at local midnight and cover every day.
        #expect(body.contains(#""hourly":{"time":["2026-03-14T00:00","2026-03-14T01:00""#))
        #expect(body.contains(#""2026-03-15T23:00"]"#))
        #expect(
            body.contains(
                #""daily":{"time":["2026-03-14","2026-03-15"],"sunrise":["2026-03-14T06:"#))
        #expect(body.contains(#""hourly_units":{"time":"iso8601","temperature_2m":"°C"}"#))
    }

    @Test func withoutATimezoneEverythingIsGMT() {
        let body = text(get("/v1/forecast?latitude=41.9&longitude=12.5&daily=weather_code"))
        #expect(body.contains(#""utc_offset_seconds":0,"timezone":"GMT""#))
        // forecast_days defaults to 7.
        #expect(body.contains(#""2026-03-20"]"#) && !body.contains("2026-03-21"))
    }

    @Test func automaticZoneAwayFromTheGazetteerFollowsLongitude() throws {
        let request = ForecastRequest(coordinates: [Coordinate(latitude: -40, longitude: -150)])
        let response = get(request.url(baseURL: ""))
        let forecast = try request.decodeResponse(response.body, host: "fake")[0]
        #expect(forecast.utcOffsetSeconds == -36000)
        #expect(forecast.timezone == "Etc/GMT+10" && forecast.timezoneAbbreviation == "GMT-10")
    }

    @Test func iso8601AndUnixtimeDecodeToTheSameForecast() throws {
        let places = ["Berlin", "Kathmandu"].map { name in
            FakeOpenMeteo.places.first { $0.name == name }!
        }
        let request = ForecastRequest(coordinates: places.map(\.coordinate))
        let unixURL = request.url(baseURL: "")
        let isoURL = unixURL.replacing("timeformat=unixtime", with: "timeformat=iso8601")
        #expect(isoURL != unixURL)
        let unix = try request.decodeResponse(get(unixURL).body, host: "fake")
        let iso = try request.decodeResponse(get(isoURL).body, host: "fake")
        #expect(unix == iso)
        #expect(unix[1].utcOffsetSeconds == 20700)  // Kathmandu, +5:45.
    }

    @Test func unitSymbolsFollowTheRequest() {
        let body = text(
            get(
                "/v1/forecast?latitude=1&longitude=2&current=temperature_2m,wind_speed_10m"
                    + "&daily=precipitation_sum&temperature_unit=fahrenheit&wind_speed_unit=kn"
                    + "&precipitation_unit=inch"))
        #expect(body.contains(#""temperature_2m":"°F""#))
        #expect(body.contains(#""wind_speed_10m":"kn""#))
        #expect(body.contains(#""precipitation_sum":"inch""#))
    }

    @Test func forecastHoursStartAtTheCurrentHour() throws {
        let body = text(
            get(
                "/v1/forecast?latitude=41.9&longitude=12.5&hourly=is_day&forecast_hours=3"
                    + "&timeformat=unixtime&timezone=auto"))
        let start = Int(utc("2026-03-14T15:00").timeIntervalSince1970)
        #expect(body.contains(#""time":[\#(start),\#(start + 3600),\#(start + 7200)]"#))
    }

    @Test func theSameRequestGetsTheSameAnswer() {
        let query =
            "/v1/forecast?latitude=52.52&longitude=13.41&hourly=temperature_2m&timezone=auto"
        #expect(get(query) == get(query))
        #expect(get(query) != get(query.replacing("52.52", with: "48.85")))
    }

    @Test func nullKnobHitsEveryNthValue() throws {
        let nulls = FakeOpenMeteo(nullEvery: 2, now: fake.now)
        let response = nulls.respond(
            to: RecordedRequest(
                HTTPRequest(
                    url: "http://f/v1/forecast?latitude=1&longitude=2&daily=temperature_2m_max"
                        + "&forecast_days=4")))
        let body = text(response)
        let pattern = try Regex(#""temperature_2m_max":\[-?[0-9.]+,null,-?[0-9.]+,null\]"#)
        #expect(body.contains(pattern))
    }

    @Test func searchCountOutOfRangeIsTheDocumentedError() throws {
        let documented = try fixture("error-geocoding-invalid-count-openmeteo-docs.json")
        for count in ["0", "101", "many"] {
            let response = get("/v1/search?name=Rome&count=\(count)")
            #expect(response.status == 400)
            #expect(ErrorBodyText.reason(response.body) == ErrorBodyText.reason(documented))
        }
    }

    @Test func searchWithoutMatchesHasNoResultsKey() {
        for name in ["R", "Xyzzyplughnowhere"] {
            let response = get("/v1/search?name=\(name)&count=10&format=json")
            #expect(response.status == 200)
            #expect(text(response).hasPrefix("{\"generationtime_ms\":"))
            #expect(!text(response).contains("results"))
        }
    }

    @Test func searchLeavesOutMissingFields() {
        let body = text(get("/v1/search?name=Antarctica"))
        #expect(body.contains(#""name":"Antarctica""#) && body.contains(#""population":1100"#))
        #expect(!body.contains("country") && !body.contains("admin1"))
    }

    @Test func lookupAndUnknownPaths() {
        #expect(text(get("/v1/get?id=2950159")).hasPrefix(#"{"id":2950159,"name":"Berlin","#))
        #expect(get("/v1/get?id=42").status == 400)
        #expect(ErrorBodyText.reason(get("/v1/get?id=42").body) == "Location ID not found.")
        #expect(get("/v1/get").status == 400)
        #expect(get("/v2/forecast").status == 404)
    }

    @Test func gazetteerHasTheAdvertisedPlaces() {
        let names = Set(FakeOpenMeteo.places.map(\.name))
        for name in [
            "Rome", "Berlin", "Paris", "São Paulo", "Ho Chi Minh City", "Zürich", "Kraków",
            "Moscow", "Reykjavík", "Sydney", "Tokyo",
        ] {
            #expect(names.contains(name), "\(name)")
        }
        #expect(FakeOpenMeteo.places.filter { $0.name == "Springfield" }.count >= 3)
        #expect(FakeOpenMeteo.places.count >= 30)
        #expect(Set(FakeOpenMeteo.places.map(\.id)).count == FakeOpenMeteo.places.count)
        #expect(
            FakeOpenMeteo.places.contains {
                $0.country == nil && $0.admin1 == nil && $0.population == nil
            })
    }
}

/// Reads the `reason` of an Open-Meteo error body.
enum ErrorBodyText {
    struct Body: Decodable {
        var error: Bool
        var reason: String
    }

    static func reason(_ body: [UInt8]) -> String? {
        do {
            let decoded = try JSONDecoder().decode(Body.self, from: Data(body))
            return decoded.error ? decoded.reason : nil
        } catch {
            return nil
        }
    }
}
