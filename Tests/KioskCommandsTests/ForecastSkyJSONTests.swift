import FoundationEssentials
import KioskCore
import KioskDaemon
import KioskTesting
import OpenMeteo
import Testing

@testable import KioskCommands

/// `forecast --json`'s `daily`, `sun` and `moon` against Open-Meteo's recorded answer for
/// Enschede (52.276 N 6.873 E, UTC+2), 2026-10-03…05, which carries Open-Meteo's own
/// sunrise, sunset, day length, UV index, moon phase, moonrise and moonset
/// (`Tests/OpenMeteoTests/Fixtures/forecast-single-daily-sun-moon-frenck.json`; its source
/// is in that folder's SOURCES.md). The verb computes the sun and the moon itself; they are
/// checked against Open-Meteo's values, which it does not read.
@Suite struct ForecastSkyJSONTests {
    /// The recorded answer as the forecast cache holds it, fetched at `fetchedAt`.
    static func entry(fetchedAt: Date) throws -> ForecastCache.Entry {
        let body = try FixtureFile.bytes(
            "forecast-single-daily-sun-moon-frenck.json",
            besides: #filePath.replacing("/KioskCommandsTests/", with: "/OpenMeteoTests/"))
        let coordinate = Coordinate(latitude: 52.276, longitude: 6.872_999_7)
        let request = ForecastRequest(coordinates: [coordinate])
        let forecast = try #require(try request.decodeResponse(body, host: "fixture").first)
        return ForecastCache.Entry(coordinate: coordinate, fetchedAt: fetchedAt, forecast: forecast)
    }

    /// An instant from the place's local "YYYY-MM-DDTHH:MM" (UTC+2).
    static func local(_ text: String) -> Date {
        LocalDateTime(iso8601: text)!.instant(utcOffsetSeconds: 7200)
    }

    /// The JSON's keys as a script reads them (snake_case; a missing key is nil).
    struct Decoded: Decodable {
        struct Day: Decodable {
            var date: String
            var weatherCode: Int?
            var condition: String?
            var temperatureMaxC: Double?
            var temperatureMinC: Double?
            var precipitationSumMm: Double?
            var precipitationProbabilityMaxPercent: Double?
            var daylightSeconds: Double?
            var uvIndexMax: Double?
        }
        struct Sun: Decodable {
            var sunrise: Date?
            var sunset: Date?
            var daylightSeconds: Int
            var daylightChangeSeconds: Int
            var polar: String?
        }
        struct Moon: Decodable {
            var phase: String
            var illuminationPercent: Double
            var ageDays: Double
            var moonrise: Date?
            var moonset: Date?
        }
        var daily: [Day]
        var days: [Day]
        var sun: Sun?
        var moon: Moon?
    }

    static func decoded(at now: Date) throws -> (Decoded, String) {
        let location = ForecastJSON.Location(
            name: "Enschede", coordinate: Coordinate(latitude: 52.276, longitude: 6.873),
            entry: try entry(fetchedAt: now), now: now, fromCache: false)
        let text = try JSONText.encode(location)
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        return (try decoder.decode(Decoded.self, from: Data(text.utf8)), text)
    }

    @Test func dailyCarriesEveryDayFromToday() throws {
        let (json, _) = try Self.decoded(at: Self.local("2026-10-03T10:00"))
        #expect(json.daily.map(\.date) == ["2026-10-03", "2026-10-04", "2026-10-05"])
        #expect(json.daily.map(\.weatherCode) == [3, 45, 3])
        #expect(json.daily.map(\.temperatureMaxC) == [20.6, 20.2, 22.2])
        #expect(json.daily.map(\.temperatureMinC) == [8.4, 10.8, 11.6])
        #expect(json.daily.map(\.precipitationSumMm) == [0, 0, 0])
        #expect(json.daily.map(\.precipitationProbabilityMaxPercent) == [0, 8, 0])
        #expect(json.daily.map(\.daylightSeconds) == [41_331.18, 41_089.74, 40_849.16])
        #expect(json.daily.map(\.uvIndexMax) == [3.3, 3.2, 3.35])
        #expect(json.daily.first?.condition == "Overcast")

        // A day past is not a forecast: on the 4th the 3rd is gone.
        let (later, _) = try Self.decoded(at: Self.local("2026-10-04T00:30"))
        #expect(later.daily.map(\.date) == ["2026-10-04", "2026-10-05"])
    }

    @Test func sunIsTheComputedSunOfThePlacesToday() throws {
        let (json, text) = try Self.decoded(at: Self.local("2026-10-04T10:00"))
        let sun = try #require(json.sun)
        // Open-Meteo: sunrise 07:38, sunset 19:02 (whole minutes, the seconds dropped).
        let rise = try #require(sun.sunrise).timeIntervalSince(Self.local("2026-10-04T07:38"))
        let set = try #require(sun.sunset).timeIntervalSince(Self.local("2026-10-04T19:02"))
        #expect((0..<65).contains(rise), "sunrise \(rise) s after Open-Meteo's")
        #expect((0..<65).contains(set), "sunset \(set) s after Open-Meteo's")
        // Open-Meteo: 41089.74 s of daylight, 241.44 s less than the day before.
        #expect(abs(Double(sun.daylightSeconds) - 41_089.74) < 60)
        #expect(abs(Double(sun.daylightChangeSeconds) + 241.44) < 3)
        #expect(sun.polar == nil)
        #expect(!text.contains("\"polar\""), "absent, as the JSON leaves out missing values")
        // Times as every time in the JSON: ISO 8601 UTC.
        #expect(text.contains("\"sunrise\" : \"2026-10-04T05:3"))
    }

    @Test func moonIsItsPhaseNowAndTodaysRiseAndSet() throws {
        let (json, _) = try Self.decoded(at: Self.local("2026-10-03T12:00"))
        let moon = try #require(json.moon)
        // Open-Meteo's moon_phase at noon: 0.745 of the cycle, 268° past new: waning, about
        // half lit, about 22 days old (0.745 of a 29.53-day month).
        let expectedLit = (1 - Angle(degrees: 0.745 * 360).cosine) / 2 * 100
        #expect(abs(moon.illuminationPercent - expectedLit) < 1.5)
        #expect(abs(moon.ageDays - 0.745 * 29.53) < 0.5)
        #expect(["last_quarter", "waning_gibbous"].contains(moon.phase))
        // Open-Meteo: moonset 16:13, moonrise 23:12.
        let rise = try #require(moon.moonrise).timeIntervalSince(Self.local("2026-10-03T23:12"))
        let set = try #require(moon.moonset).timeIntervalSince(Self.local("2026-10-03T16:13"))
        #expect((0..<70).contains(rise), "moonrise \(rise) s after Open-Meteo's")
        #expect((0..<70).contains(set), "moonset \(set) s after Open-Meteo's")
    }

    @Test func aDayWithoutMoonriseHasNoMoonriseKey() throws {
        let (json, text) = try Self.decoded(at: Self.local("2026-10-04T12:00"))
        let moon = try #require(json.moon)
        #expect(moon.moonrise == nil)
        #expect(!text.contains("\"moonrise\""))
        let set = try #require(moon.moonset).timeIntervalSince(Self.local("2026-10-04T16:49"))
        #expect((0..<70).contains(set))
    }

    @Test func polarNightIsSaid() throws {
        // Tromsø in the polar night (Open-Meteo's answer carried there: the sky is computed
        // for the place asked about, not the answer's grid point).
        var entry = try Self.entry(fetchedAt: Self.local("2026-10-03T10:00"))
        entry.coordinate = Coordinate(latitude: 69.649, longitude: 18.955)
        entry.forecast.daily[0].date = LocalDate(year: 2026, month: 12, day: 20)
        let now = Self.local("2026-12-20T12:00")
        let location = ForecastJSON.Location(
            name: "Tromsø", coordinate: entry.coordinate, entry: entry, now: now,
            fromCache: false)
        let text = try JSONText.encode(location)
        #expect(text.contains("\"polar\" : \"night\""))
        #expect(text.contains("\"daylight_seconds\" : 0"))
        #expect(!text.contains("\"sunrise\" : \"2026-12"))
    }
}
