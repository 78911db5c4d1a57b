import FoundationEssentials
import KioskCore
import KioskTesting
import OpenMeteo
import Testing

/// The client over a scripted in-memory transport: what it sends, in which order, and what
/// it makes of the answers.
@Suite struct ClientTests {
    func location(_ latitude: Double, _ hourTemperature: Double) -> String {
        """
        {"latitude":\(latitude),"longitude":1,"utc_offset_seconds":0,"timezone":"GMT",
         "hourly":{"time":[1700000000],"temperature_2m":[\(hourTemperature)]}}
        """
    }

    func answer(_ body: String) -> ScriptedTransport.Answer {
        .response(HTTPResponse(status: 200, body: Array(body.utf8)))
    }

    @Test func batchesAreSentInOrderAndJoined() async throws {
        let transport = ScriptedTransport([
            answer("[\(location(10, 1)),\(location(20, 2))]"), answer(location(30, 3)),
        ])
        let client = OpenMeteoClient(
            transport: transport, baseURL: "http://127.0.0.1:9/", maximumLocationsPerRequest: 2)
        let coordinates = [10.0, 20, 30].map { Coordinate(latitude: $0, longitude: 1) }
        let forecasts = try await client.forecasts(for: coordinates, units: ForecastUnits())
        #expect(forecasts.map(\.coordinate.latitude) == [10, 20, 30])
        #expect(forecasts.map { $0.hourly.first?.temperature?.celsius } == [1, 2, 3])
        let sent = transport.requests.map { RecordedRequest($0) }
        #expect(sent.map(\.path) == ["/v1/forecast", "/v1/forecast"])
        #expect(sent.map { $0.queryValue("latitude") } == ["10,20", "30"])
        #expect(
            transport.requests.allSatisfy { $0.url.hasPrefix("http://127.0.0.1:9/v1/forecast?") })
        #expect(
            transport.requests.allSatisfy {
                $0.headers.contains(HTTPHeader(name: "Accept", value: "application/json"))
            })
    }

    @Test func noCoordinatesSendNothing() async throws {
        let transport = ScriptedTransport([])
        let forecasts = try await OpenMeteoClient(transport: transport).forecasts(
            for: [], units: ForecastUnits())
        #expect(forecasts.isEmpty && transport.requests.isEmpty)
    }

    @Test func aFailingLaterBatchFailsTheWholeCall() async {
        let transport = ScriptedTransport([
            answer(location(10, 1)),
            .response(HTTPResponse(status: 503, body: [])),
        ])
        let client = OpenMeteoClient(transport: transport, maximumLocationsPerRequest: 1)
        await #expect {
            _ = try await client.forecasts(
                for: [
                    Coordinate(latitude: 10, longitude: 1), Coordinate(latitude: 20, longitude: 1),
                ],
                units: ForecastUnits())
        } throws: { error in
            (error as? OpenMeteoError)?.kind == .overloaded
        }
        #expect(transport.requests.count == 2)
    }

    @Test func aResponseWithTheWrongCountIsMalformed() async {
        let transport = ScriptedTransport([answer("[\(location(10, 1)),\(location(20, 2))]")])
        let client = OpenMeteoClient(transport: transport)
        await #expect {
            _ = try await client.forecasts(
                for: [Coordinate(latitude: 10, longitude: 1)], units: ForecastUnits())
        } throws: { error in
            (error as? OpenMeteoError)?.kind
                == .malformedResponse(detail: "2 locations for 1 requested")
        }
    }

    @Test func everyCallBuildsItsURLAfresh() async throws {
        let transport = ScriptedTransport([answer(location(1, 1)), answer(location(1, 1))])
        var client = OpenMeteoClient(transport: transport)
        let rome = [Coordinate(latitude: 1, longitude: 1)]
        _ = try await client.forecasts(for: rome, units: ForecastUnits())
        client.apiKey = "new-key"
        _ = try await client.forecasts(for: rome, units: ForecastUnits(temperature: .fahrenheit))
        let second = RecordedRequest(transport.requests[1])
        #expect(second.queryValue("apikey") == "new-key")
        #expect(second.queryValue("temperature_unit") == "fahrenheit")
        #expect(RecordedRequest(transport.requests[0]).queryValue("apikey") == nil)
    }

    @Test func searchRefusesShortNamesWithoutSending() async {
        let transport = ScriptedTransport([])
        await #expect(throws: OpenMeteoError.self) {
            _ = try await OpenMeteoClient(transport: transport).search(name: "R")
        }
        #expect(transport.requests.isEmpty)
    }

    @Test func searchSendsTheQueryAndRanksTheAnswer() async throws {
        let body = """
            {"results":[
              {"id":3,"name":"Parisville","latitude":1,"longitude":1,"population":50},
              {"id":1,"name":"Paris","latitude":33.66,"longitude":-95.55,"population":24782},
              {"id":2,"name":"Paris","latitude":48.85,"longitude":2.35,"population":2138551}]}
            """
        let transport = ScriptedTransport([answer(body)])
        let client = OpenMeteoClient(
            transport: transport, geocodingURL: "http://127.0.0.1:9", apiKey: "k", language: "fr")
        let results = try await client.search(name: "Paris", count: 3, countryCode: "fr")
        #expect(results.map(\.id) == [2, 1, 3])
        let sent = RecordedRequest(transport.requests[0])
        #expect(sent.path == "/v1/search")
        #expect(
            sent.query.map(\.name) == [
                "name", "count", "language", "format", "countryCode", "apikey",
            ])
        #expect(sent.query.map(\.value) == ["Paris", "3", "fr", "json", "FR", "k"])
    }

    @Test func searchWithNoMatchIsEmpty() async throws {
        let transport = ScriptedTransport([answer(#"{"generationtime_ms":0.13756752}"#)])
        let results = try await OpenMeteoClient(transport: transport).search(name: "Xyzzy")
        #expect(results.isEmpty)
    }

    @Test func searchErrorsNameTheGeocodingHost() async {
        let transport = ScriptedTransport([
            .response(HTTPResponse(status: 500, body: Array("oops".utf8)))
        ])
        let client = OpenMeteoClient(
            transport: transport, geocodingURL: "https://geocoding-api.open-meteo.com")
        await #expect {
            _ = try await client.search(name: "Rome")
        } throws: { error in
            (error as? OpenMeteoError)?.host == "geocoding-api.open-meteo.com"
        }
    }
}
