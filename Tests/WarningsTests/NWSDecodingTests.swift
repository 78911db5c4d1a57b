import FoundationEssentials
import KioskCore
import Testing
import Warnings

/// Real NWS answers (Fixtures/SOURCES.md) through the decoder and the rules.
struct NWSDecodingTests {
    let url = "https://api.weather.gov/alerts/active?point=31.4331,-88.0363"

    func messages(_ name: String) throws -> [WeatherWarning] {
        try NWSAlertsRequest.decode(try fixture(name), place: "Chatom", url: url)
    }

    @Test func everyMessageOfThePointListingDecodes() throws {
        let decoded = try messages("nws-point-tornado-watch-cancelled.json")
        #expect(decoded.count == 11)
        #expect(decoded.filter { $0.messageType == .cancel }.count == 2)
        let cancel = try #require(decoded.first)
        #expect(cancel.event == "Tornado Watch")
        #expect(cancel.references.count == 2)
        #expect(cancel.onset == instant("2025-11-25T16:54:00-06:00"))
        #expect(cancel.ends == instant("2025-11-25T18:00:00-06:00"))
        #expect(cancel.expires == instant("2025-11-25T17:10:07-06:00"))
        #expect(decoded.allSatisfy { $0.place == "Chatom" && $0.source == .nws && $0.official })
    }

    @Test func theTornadoWatchIsRedUntilItsCancelArrives() throws {
        let decoded = try messages("nws-point-tornado-watch-cancelled.json")
        let beforeCancel = decoded.filter { $0.onset <= instant("2025-11-25T16:30:00-06:00") }
        let shown = WarningRules.current(
            WarningRules.resolve(beforeCancel), at: instant("2025-11-25T16:30:00-06:00"))
        #expect(shown.map(\.event) == ["Tornado Watch"])
        #expect(shown.first?.messageType == .update)
        #expect(shown.first?.severity == .extreme)
        #expect(shown.first?.level == .red)
        #expect(shown.first?.urgency == .future)
        #expect(shown.first?.certainty == .possible)
        #expect(
            shown.first?.headline.hasPrefix("Tornado Watch issued November 25 at 4:20PM CST")
                == true)
        // With the cancel, nothing is left at the same instant.
        #expect(
            WarningRules.current(
                WarningRules.resolve(decoded), at: instant("2025-11-25T16:30:00-06:00")
            ).isEmpty)
    }

    @Test func theFogAdvisoryUpdateReplacesItsAlertAndExpiresOnTime() throws {
        let decoded = try messages("nws-point-tornado-watch-cancelled.json")
        let morning = instant("2025-11-24T08:30:00-06:00")
        let known = decoded.filter { $0.onset <= morning }
        let shown = WarningRules.current(WarningRules.resolve(known), at: morning)
        #expect(shown.map(\.event) == ["Dense Fog Advisory"])
        #expect(shown.first?.messageType == .update)
        #expect(shown.first?.level == .yellow)
        #expect(shown.first?.end == instant("2025-11-24T10:00:00-06:00"))
        // Gone at ten without another fetch.
        #expect(
            WarningRules.current(
                WarningRules.resolve(known), at: instant("2025-11-24T10:00:00-06:00")
            ).isEmpty)
    }

    @Test func theZoneFloodWatchUpdate() throws {
        let decoded = try messages("nws-zone-flood-watch-update.json")
        let watch = try #require(decoded.first)
        #expect(decoded.count == 1)
        #expect(watch.id == "NWS-IDP-PROD-3965873-3369046")
        #expect(watch.messageType == .update)
        #expect(watch.references.count == 4)
        #expect(watch.event == "Flood Watch")
        #expect(watch.severity == .severe)
        #expect(watch.level == .orange)
        #expect(watch.onset == instant("2019-12-20T13:34:00-08:00"))
        #expect(watch.end == instant("2019-12-22T10:00:00-08:00"))
        #expect(watch.instruction?.hasPrefix("A Flood Watch means") == true)
        #expect(watch.description.hasPrefix("The Flood Watch continues"))
    }

    @Test func testsExercisesAndOtherMessageTypesAreDropped() throws {
        let body = """
            {"features": [
              {"properties": {"id": "t", "status": "Test", "messageType": "Alert",
                "event": "Tsunami Warning", "severity": "Extreme", "sent": "2026-03-24T10:00:00-04:00"}},
              {"properties": {"id": "x", "status": "Exercise", "messageType": "Alert",
                "sent": "2026-03-24T10:00:00-04:00"}},
              {"properties": {"id": "a", "status": "Actual", "messageType": "Ack",
                "sent": "2026-03-24T10:00:00-04:00"}},
              {"properties": {"id": "r", "status": "Actual", "messageType": "Alert",
                "event": "Heat Advisory", "severity": "Unknown",
                "effective": "2026-03-24T08:00:00-04:00"}},
              {"properties": null}
            ]}
            """
        let decoded = try NWSAlertsRequest.decode(Array(body.utf8), place: "NYC", url: url)
        #expect(decoded.map(\.id) == ["r"])
        #expect(decoded.first?.severity == .minor)
        #expect(decoded.first?.headline == "Heat Advisory")
        #expect(decoded.first?.onset == instant("2026-03-24T08:00:00-04:00"))
    }

    @Test(arguments: [
        "", "<html>", "{\"features\": 3}", "[]", "{\"features\":[{\"properties\":{\"id\":1}}]}",
    ])
    func aBodyThatIsNotNWSGeoJSONIsMalformed(body: String) {
        #expect {
            try NWSAlertsRequest.decode(Array(body.utf8), place: "X", url: url)
        } throws: { error in
            guard let error = error as? WarningsError, case .malformedResponse = error.kind else {
                return false
            }
            return error.message.contains("https://api.weather.gov/alerts/active")
        }
    }
}
