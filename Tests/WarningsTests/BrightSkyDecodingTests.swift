import FoundationEssentials
import KioskCore
import Testing
import Warnings

/// The DWD's warnings as Bright Sky sends them (Fixtures/SOURCES.md).
struct BrightSkyDecodingTests {
    let url = "https://api.brightsky.dev/alerts?lat=52.5244&lon=13.4105"

    func decode(_ name: String, language: String = "en") throws -> BrightSkyAnswer {
        let request = BrightSkyAlertsRequest(coordinate: berlin.coordinate, language: language)
        return try request.decode(try fixture(name), place: "Berlin", url: url)
    }

    @Test func berlinsFrostWarning() throws {
        let answer = try decode("brightsky-berlin-mitte-frost.json")
        #expect(answer.warnCellID == 711_000_101)
        let frost = try #require(answer.warnings.first)
        #expect(answer.warnings.count == 1)
        #expect(
            frost.id == "2.49.0.0.276.0.DWD.PVW.1772797020000.bda05e21-69ce-45a9-aff8-25a95592cfd5")
        #expect(frost.source == .dwd && frost.official)
        #expect(frost.event == "frost")
        #expect(frost.headline == "Official WARNING of FROST")
        #expect(frost.severity == .minor)
        #expect(frost.level == .yellow)
        #expect(frost.urgency == .immediate)
        #expect(frost.onset == instant("2026-03-07T00:00:00+00:00"))
        #expect(frost.ends == nil)
        #expect(frost.end == instant("2026-03-07T08:00:00+00:00"))
        #expect(frost.description.hasPrefix("There is a risk of frost (level 1 of 2)."))
        #expect(frost.instruction?.hasPrefix("Hazard(s) to expect") == true)
    }

    @Test func germanTextsWhenTheKioskSpeaksGerman() throws {
        let frost = try #require(
            try decode("brightsky-berlin-mitte-frost.json", language: "de").warnings.first)
        #expect(frost.event == "FROST")
        #expect(frost.headline == "Amtliche WARNUNG vor FROST")
        #expect(frost.description.hasPrefix("Es tritt leichter Frost"))
    }

    @Test func persistentRainIsOrangeAsTheDWDShowsLevelTwo() throws {
        let rain = try #require(
            try decode("brightsky-weiherhammer-persistent-rain.json").warnings.first)
        #expect(rain.event == "persistent rain")
        #expect(rain.severity == .moderate)
        #expect(rain.level == .orange)
        #expect(rain.instruction == nil)
        #expect(rain.end == instant("2023-08-29T16:00:00+00:00"))
    }

    @Test func aTextMissingInOneLanguageComesFromTheOther() throws {
        let heat = try #require(
            try decode("brightsky-weiherhammer-strong-heat.json").warnings.first)
        #expect(heat.event == "strong heat")
        #expect(heat.instruction?.hasPrefix("NOTE: be aware") == true)
        let body = """
            {"alerts": [{"alert_id": "x", "severity": "severe", "onset": "2026-07-01T12:00:00+00:00",
              "event_de": "UNWETTER", "headline_en": "", "headline_de": "Amtliche UNWETTERWARNUNG",
              "status": "actual"}],
             "location": {"warn_cell_id": "803159016"}}
            """
        let answer = try BrightSkyAlertsRequest(coordinate: berlin.coordinate)
            .decode(Array(body.utf8), place: "Köln", url: url)
        #expect(answer.warnings.first?.event == "UNWETTER")
        #expect(answer.warnings.first?.headline == "Amtliche UNWETTERWARNUNG")
        #expect(answer.warnings.first?.level == .red)
        #expect(answer.warnCellID == 803_159_016)
    }

    @Test func testMessagesAndUnknownSeveritiesAreDropped() throws {
        let body = """
            {"alerts": [
              {"alert_id": "t", "severity": "extreme", "onset": "2026-07-01T12:00:00+00:00", "status": "test"},
              {"alert_id": "u", "severity": "unknown", "onset": "2026-07-01T12:00:00+00:00"},
              {"alert_id": "n", "severity": "minor"}
            ]}
            """
        let answer = try BrightSkyAlertsRequest(coordinate: berlin.coordinate)
            .decode(Array(body.utf8), place: "Berlin", url: url)
        #expect(answer.warnings.isEmpty)
        #expect(answer.warnCellID == nil)
    }

    @Test func noAlertsIsAnEmptyList() throws {
        let answer = try decode("brightsky-irrel-none.json")
        #expect(answer.warnings.isEmpty)
        #expect(answer.warnCellID == 807_232_063)
    }
}
