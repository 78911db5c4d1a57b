import FoundationEssentials
import KioskCore
import Testing
import Warnings

/// MET Norway's national answer (Fixtures/SOURCES.md): polygons and point-in-polygon.
struct MetAlertsDecodingTests {
    let url = "https://api.met.no/weatherapi/metalerts/2.0/current.json?lang=en"

    func bulletin() throws -> MetAlertsBulletin {
        try MetAlertsRequest.decode(try fixture("metalerts-national-marine-gales.json"), url: url)
    }

    /// The bulletin as if every alert were for land, to test the polygons themselves.
    func onLand(_ bulletin: MetAlertsBulletin) -> MetAlertsBulletin {
        var land = bulletin
        for index in land.alerts.indices { land.alerts[index].geographicDomain = "land" }
        return land
    }

    @Test func everyAlertOfTheNationalAnswerDecodes() throws {
        let bulletin = try bulletin()
        #expect(bulletin.alerts.count == 29)
        #expect(bulletin.lastChange == instant("2026-03-07T05:17:01+00:00"))
        #expect(bulletin.alerts.filter { $0.area.polygons.count > 1 }.count == 2)
        let first = try #require(bulletin.alerts.first)
        #expect(first.warning.id == "2.49.0.1.578.0.260306220000.0833_1_0")
        #expect(first.warning.event == "Kuling")
        #expect(first.warning.severity == .moderate)
        #expect(first.warning.level == .yellow)
        #expect(first.warning.messageType == .update)
        #expect(first.warning.certainty == .likely)
        #expect(first.warning.onset == instant("2026-03-07T20:00:00+00:00"))
        #expect(first.warning.ends == instant("2026-03-08T10:00:00+00:00"))
        #expect(first.warning.headline.hasPrefix("Kuling, A2, 07 mars 20:00 UTC"))
        #expect(first.warning.instruction?.hasPrefix("Ikke dra ut i småbåt") == true)
        #expect(first.geographicDomain == "marine")
    }

    @Test func marineAlertsAreNotAPlacesWarnings() throws {
        let bulletin = try bulletin()
        let inSeaAreaA2 = Coordinate(latitude: 78.5, longitude: -5)
        #expect(bulletin.warnings(for: "Sea", at: inSeaAreaA2).isEmpty)
        #expect(!onLand(bulletin).warnings(for: "Sea", at: inSeaAreaA2).isEmpty)
    }

    @Test func aPlaceGetsTheAlertsWhosePolygonHoldsIt() throws {
        let land = onLand(try bulletin())
        let inA2 = land.warnings(for: "West", at: Coordinate(latitude: 78.5, longitude: -5))
        #expect(inA2.map(\.id) == ["2.49.0.1.578.0.260306220000.0833_1_0"])
        #expect(inA2.first?.place == "West")
        let inA3 = land.warnings(for: "East", at: Coordinate(latitude: 78.5, longitude: 5))
        #expect(inA3.map(\.id) == ["2.49.0.1.578.0.260306220000.0834_1_0"])
        #expect(inA3.first?.event == "Storm")
        // Oslo lies in none of these sea areas.
        #expect(land.warnings(for: "Oslo", at: oslo.coordinate).isEmpty)
    }

    @Test func awarenessLevelGivesColourAndMissingSeverity() throws {
        let body = """
            {"type": "FeatureCollection", "lastChange": "2026-10-05T08:00:00+00:00", "features": [
              {"type": "Feature",
               "geometry": {"type": "Polygon",
                 "coordinates": [[[10, 59], [11.5, 59], [11.5, 60.5], [10, 60.5], [10, 59]]]},
               "properties": {"id": "land-1", "event": "rain", "awareness_level": "3; orange; Severe",
                 "geographicDomain": "land", "type": "Alert", "status": "Actual",
                 "title": "Heavy rain, orange level, Østlandet"},
               "when": {"interval": ["2026-10-06T20:00:00+00:00", "2026-10-07T04:00:00+00:00"]}},
              {"type": "Feature", "geometry": null,
               "properties": {"id": "test-1", "status": "Test", "severity": "Extreme",
                 "geographicDomain": "land"},
               "when": {"interval": ["2026-10-05T00:00:00+00:00", "2026-10-08T00:00:00+00:00"]}},
              {"type": "Feature", "geometry": {"type": "Point", "coordinates": [10, 59]},
               "properties": {"id": "no-interval", "severity": "Severe"}}
            ]}
            """
        let bulletin = try MetAlertsRequest.decode(Array(body.utf8), url: url)
        #expect(bulletin.alerts.map(\.warning.id) == ["land-1"])
        let warnings = bulletin.warnings(for: "Oslo", at: oslo.coordinate)
        #expect(warnings.first?.severity == .severe)
        #expect(warnings.first?.level == .orange)
        #expect(warnings.first?.event == "rain")
        #expect(bulletin.warnings(for: "Tromsø", at: tromso.coordinate).isEmpty)
    }

    @Test(arguments: ["", "{}", "{\"features\": {}}", "null", "<html><body>503</body></html>"])
    func aBodyThatIsNotMetAlertsGeoJSONIsMalformed(body: String) {
        #expect(throws: WarningsError.self) {
            try MetAlertsRequest.decode(Array(body.utf8), url: url)
        }
    }
}
