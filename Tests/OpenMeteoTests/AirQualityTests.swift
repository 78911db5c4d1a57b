import FoundationEssentials
import KioskCore
import OpenMeteo
import Testing

/// The air-quality request, its decoding against a recorded response, and the day's API-call
/// budget.
@Suite struct AirQualityTests {
    let enschede = Coordinate(latitude: 52.27, longitude: 6.87)

    func value(_ name: String, in url: String) -> String? {
        url.split(separator: "?").last?.split(separator: "&")
            .first { $0.hasPrefix(name + "=") }.map { String($0.dropFirst(name.count + 1)) }
    }

    @Test func theURLAsksForTheIndicesPollutantsPollenAndTheNextHours() {
        let request = AirQualityRequest(coordinates: [
            enschede, Coordinate(latitude: 40.7, longitude: -74),
        ])
        let url = request.url(baseURL: "https://air-quality-api.open-meteo.com/")
        #expect(url.hasPrefix("https://air-quality-api.open-meteo.com/v1/air-quality?"))
        #expect(value("latitude", in: url) == "52.27,40.7")
        #expect(value("longitude", in: url) == "6.87,-74")
        #expect(
            value("current", in: url)
                == "european_aqi,us_aqi,pm2_5,pm10,ozone,nitrogen_dioxide,uv_index,alder_pollen,"
                + "birch_pollen,grass_pollen,mugwort_pollen,olive_pollen,ragweed_pollen")
        #expect(value("hourly", in: url) == "european_aqi,us_aqi")
        #expect(value("forecast_hours", in: url) == "24")
        #expect(value("timezone", in: url) == "auto")
        #expect(value("timeformat", in: url) == "unixtime")
        #expect(value("apikey", in: url) == nil)
        #expect(AirQualityRequest.variableCount == 15)
        let keyed = AirQualityRequest(coordinates: [enschede], apiKey: "k").url(baseURL: "http://h")
        #expect(value("apikey", in: keyed) == "k")
    }

    @Test func longListsAreSplitIntoBatches() {
        let coordinates = (0..<250).map { Coordinate(latitude: Double($0) / 10, longitude: 1) }
        let batches = AirQualityRequest.batches(for: coordinates)
        #expect(batches.map(\.coordinates.count) == [100, 100, 50])
        #expect(batches.flatMap(\.coordinates) == coordinates)
        #expect(AirQualityRequest.batches(for: []).isEmpty)
    }

    @Test func aRecordedResponseDecodes() throws {
        let body = try fixture("air-quality-single-current-hourly-frenck.json")
        let request = AirQualityRequest(coordinates: [enschede])
        let air = try #require(try request.decodeResponse(body, host: "fixture").first)
        #expect(air.coordinate == Coordinate(latitude: 52.300003, longitude: 6.8999996))
        #expect(air.utcOffsetSeconds == 7200)
        let now = try #require(air.current)
        #expect(now.time == utc("2026-10-03T10:00"))
        #expect(now.europeanAQI == 44)
        #expect(now.usAQI == 65)
        #expect(now.index(on: .european)?.band.name == "Moderate")
        #expect(now.index(on: .us)?.band.name == "Moderate")
        #expect(now.pm25 == MassConcentration(microgramsPerCubicMetre: 22.1))
        #expect(now.pm10 == MassConcentration(microgramsPerCubicMetre: 28.2))
        #expect(now.ozone == MassConcentration(microgramsPerCubicMetre: 42))
        #expect(now.nitrogenDioxide == MassConcentration(microgramsPerCubicMetre: 11.2))
        #expect(now.uvIndex == UVIndex(2.1))
        // Europe out of season: every plant is counted, at zero.
        #expect(now.pollen.map(\.kind) == PollenKind.allCases)
        #expect(now.pollen.allSatisfy { $0.grainsPerCubicMetre == 0 })
        #expect(
            air.hourly.map(\.time) == [
                utc("2026-10-02T22:00"), utc("2026-10-02T23:00"), utc("2026-10-03T00:00"),
            ])
        #expect(air.hourly.map(\.europeanAQI) == [43, 43, 42])
        #expect(air.hourly.map(\.usAQI) == [60, 61, 62])
        let trend = air.trend(on: .us, from: utc("2026-10-02T23:30"), count: 5)
        #expect(trend.map(\.index.value) == [61, 62])
    }

    /// The recorded answer twice in an array, the second as Open-Meteo answers outside
    /// Europe: pollen `null` (or left out) and no European index. Nothing is made up.
    @Test func pollenThatIsNullOrAbsentIsLeftOutNotZero() throws {
        let recorded = String(
            decoding: try fixture("air-quality-single-current-hourly-frenck.json"), as: UTF8.self)
        var foreign = recorded
        for kind in ["alder", "birch", "grass", "mugwort"] {
            foreign = foreign.replacing(
                "\"\(kind)_pollen\": 0.0,\n    \"", with: "\"\(kind)_pollen\": null,\n    \"")
        }
        foreign = foreign.replacing("\"olive_pollen\": 0.0,\n", with: "")
        foreign = foreign.replacing(
            "\"ragweed_pollen\": 0.0,\n    \"european_aqi\": 44,",
            with: "\"ragweed_pollen\": null,\n    \"european_aqi\": null,")
        #expect(foreign != recorded)
        let body = Array("[\(recorded),\(foreign)]".utf8)
        let request = AirQualityRequest(coordinates: [enschede, enschede])
        let forecasts = try request.decodeResponse(body, host: "fixture")
        #expect(forecasts.count == 2)
        #expect(forecasts[0].current?.pollen.count == 6)
        let abroad = try #require(forecasts[1].current)
        #expect(abroad.pollen.isEmpty)
        #expect(abroad.europeanAQI == nil && abroad.index(on: .european) == nil)
        #expect(abroad.usAQI == 65)
    }

    /// A real answer from New York (reflbo's recording), where Open-Meteo has no pollen:
    /// every plant's series is `null`, not zero. Its hourly block decodes as it stands; its
    /// first hour, put in the `current` block the kiosk asks for, leaves the pollen out.
    @Test func aRecordedAnswerOutsideEuropeHasNoPollen() throws {
        let body = try fixture("air-quality-single-hourly-pollen-null-reflbo.json")
        let newYork = Coordinate(latitude: 40.71, longitude: -74.01)
        let request = AirQualityRequest(coordinates: [newYork])
        let air = try #require(try request.decodeResponse(body, host: "fixture").first)
        #expect(air.coordinate == Coordinate(latitude: 40.699997, longitude: -74.0))
        #expect(air.utcOffsetSeconds == -14400)
        #expect(air.current == nil)
        #expect(air.hourly.count == 72)
        #expect(air.hourly.first?.time == utc("2026-10-01T04:00"))
        #expect(air.hourly.prefix(3).map(\.europeanAQI) == [65, 60, 55])
        #expect(air.hourly.allSatisfy { $0.usAQI == nil })

        struct Recorded: Decodable {
            var hourly: [String: [Double?]]
            var hourlyUnits: [String: String]
            enum CodingKeys: String, CodingKey {
                case hourly
                case hourlyUnits = "hourly_units"
            }
        }
        let recorded = try JSONDecoder().decode(Recorded.self, from: Data(body))
        let pollenKeys = PollenKind.allCases.map { $0.rawValue + "_pollen" }
        for key in pollenKeys {
            #expect(recorded.hourly[key]?.count == 72)
            #expect(recorded.hourly[key]?.allSatisfy { $0 == nil } == true, "\(key)")
        }
        func first(_ key: String) -> String {
            recorded.hourly[key]?.first.map { $0.map { "\($0)" } ?? "null" } ?? "null"
        }
        let keys = ["european_aqi", "pm2_5", "pm10"] + pollenKeys
        let units = keys.map { "\"\($0)\":\"\(recorded.hourlyUnits[$0] ?? "")\"" }
        let values = keys.map { "\"\($0)\":\(first($0))" }
        let time = try #require(recorded.hourly["time"]?.first ?? nil)
        let firstHour = """
            {"utc_offset_seconds":-14400,"current_units":{\(units.joined(separator: ","))},
            "current":{"time":\(Int(time)),\(values.joined(separator: ","))}}
            """
        let now = try #require(
            try request.decodeResponse(Array(firstHour.utf8), host: "fixture").first?.current)
        #expect(now.time == utc("2026-10-01T04:00"))
        #expect(now.europeanAQI == 65)
        #expect(now.pm25 == MassConcentration(microgramsPerCubicMetre: 20))
        #expect(now.pm10 == MassConcentration(microgramsPerCubicMetre: 20.7))
        #expect(now.pollen.isEmpty)
        #expect(now.usAQI == nil && now.index(on: .us) == nil)
    }

    @Test func concentrationsInAnotherUnitAreDroppedNotMisread() throws {
        let body = """
            {"utc_offset_seconds":0,"current_units":{"pm25":"ppm","ozone":"μg/m³","pm10":"µg/m³"},
            "current":{"time":1790000000,"pm25":3,"ozone":50,"pm10":-2,"nitrogen_dioxide":7}}
            """
        let air = try AirQualityRequest(coordinates: [enschede]).decodeResponse(
            Array(body.utf8), host: "h")
        let now = try #require(air.first?.current)
        #expect(now.pm25 == nil)
        #expect(now.ozone?.microgramsPerCubicMetre == 50)
        #expect(now.pm10 == nil)
        #expect(now.nitrogenDioxide?.microgramsPerCubicMetre == 7)
        #expect(now.pollen.isEmpty)
    }

    @Test func errorsAndWrongCountsAreRefused() {
        let request = AirQualityRequest(coordinates: [enschede, enschede])
        #expect(throws: OpenMeteoError.self) {
            try request.decodeResponse(
                Array(
                    #"{"error":true,"reason":"Cannot initialize AirQualityVariable from invalid String value pm3"}"#
                        .utf8), host: "h")
        }
        #expect(throws: OpenMeteoError.self) {
            try request.decodeResponse(Array(#"{"latitude":1}"#.utf8), host: "h")
        }
        #expect(throws: OpenMeteoError.self) {
            try request.decodeResponse(Array(#"[{"latitude":1},null]"#.utf8), host: "h")
        }
    }

    /// Ten places every 15 minutes: the forecast's 23 variables cost 2.3 calls a place
    /// (96 times a day), the air quality's 15 cost 1.5 (hourly, 24 times a day). By default
    /// only what the kiosk fetches today, the forecast, is counted.
    @Test func theDailyBudgetForTenPlaces() {
        let budget = APICallBudget(
            places: 10, forecastRefreshMinutes: 15, airQualityRefreshMinutes: 0)
        #expect(abs(APICallBudget.forecastCallsPerPlace - 2.3) < 1e-9)
        #expect(abs(APICallBudget.airQualityCallsPerPlace - 1.5) < 1e-9)
        #expect(budget.airQualityRefreshMinutes == 60)
        #expect(abs(budget.forecastCallsPerDay - 2208) < 1e-6)
        #expect(abs(budget.airQualityCallsPerDay - 360) < 1e-6)
        #expect(abs(budget.callsPerDay - 2568) < 1e-6)
        #expect(budget.fitsFreeTier)
        // Without air quality (the default, as today), only the forecast; a slower forecast
        // slows the air too.
        let today = APICallBudget(places: 10, forecastRefreshMinutes: 15)
        #expect(today.airQualityRefreshMinutes == nil && today.airQualityCallsPerDay == 0)
        #expect(today.callsPerDay == budget.forecastCallsPerDay)
        let slow = APICallBudget(
            places: 10, forecastRefreshMinutes: 120, airQualityRefreshMinutes: 0)
        #expect(slow.airQualityRefreshMinutes == 120)
        #expect(abs(slow.callsPerDay - (10 * 2.3 * 12 + 10 * 1.5 * 12)) < 1e-6)
        // 40 places every 5 minutes do not fit.
        #expect(!APICallBudget(places: 40, forecastRefreshMinutes: 5).fitsFreeTier)
        // Past 14 days the length costs too.
        #expect(abs(APICallBudget.callsPerPlace(variables: 21, days: 16) - 2.4) < 1e-9)
    }
}
