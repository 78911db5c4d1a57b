import FoundationEssentials
import KioskControl
import KioskCore
import KioskDaemon
import KioskTesting
import Testing

/// `status` names, per place, the service whose forecast is on screen (issue 32): the
/// running engine's reply, from its forecasts as the cache holds them.
@Suite struct StatusProviderTests {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)
    static let rome = City(
        name: "Rome", country: "Italy",
        coordinate: Coordinate(latitude: 41.89193, longitude: 12.51133))
    static let oslo = City(
        name: "Oslo", country: "Norway",
        coordinate: Coordinate(latitude: 59.91273, longitude: 10.74609))
    static let lima = City(
        name: "Lima", country: "Peru",
        coordinate: Coordinate(latitude: -12.04318, longitude: -77.02824))

    private func entry(_ city: City, _ provider: ForecastProviderID) -> ForecastEntry {
        ForecastEntry(
            coordinate: city.coordinate, fetchedAt: Self.now.addingTimeInterval(-60),
            forecast: LocationForecast(
                coordinate: city.coordinate,
                current: CurrentConditions(time: Self.now, temperature: Temperature(celsius: 12))),
            provider: provider)
    }

    /// The reply to `status`, as JSON text, from an engine restored with `forecasts`.
    private func statusReply(_ forecasts: [ForecastEntry]) async throws -> String {
        let harness = EngineHarness(
            cities: [Self.rome, Self.oslo, Self.lima],
            time: ManualTimeSource(wall: Self.now, utcOffsetSeconds: 3600), forecasts: forecasts)
        try await harness.start()
        let reply = String(
            decoding: await harness.engine.control(ControlRequest(cmd: "status")), as: UTF8.self)
        await harness.stop()
        return reply
    }

    @Test func statusNamesEachPlacesProvider() async throws {
        let reply = try await statusReply([
            entry(Self.rome, .openMeteo), entry(Self.oslo, .metNorway),
        ])
        struct Reply: Decodable { var status: KioskStatus }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let status = try decoder.decode(Reply.self, from: Data(reply.utf8)).status
        let places = try #require(status.forecast.places)
        #expect(places.map(\.name) == ["Rome", "Oslo", "Lima"])
        #expect(places.map(\.provider) == [.openMeteo, .metNorway, nil])
        #expect(places[1].fetchedAt == Self.now.addingTimeInterval(-60))
        // On the wire: the fixed names, and no provider for a place without a forecast.
        #expect(reply.contains(#""name":"Rome","provider":"open-meteo""#))
        #expect(reply.contains(#""name":"Oslo","provider":"met-norway""#))
        #expect(reply.contains(#"{"name":"Lima"}"#))
    }
}
