import FoundationEssentials
import KioskCore
import Testing

@testable import KioskCommands

/// The `forecast` verb's Sun and Moon lines, against the same recorded answer.
@Suite struct ForecastSkyTextTests {
    static func text(at local: String, units: Units = Units(), days: Int = 4) throws -> String {
        let now = ForecastSkyJSONTests.local(local)
        return ForecastText.render(
            name: "Enschede", entry: try ForecastSkyJSONTests.entry(fetchedAt: now), now: now,
            units: units, days: days)
    }

    static func line(_ prefix: String, in text: String) throws -> String {
        try #require(
            text.split(separator: "\n").first { $0.hasPrefix("  " + prefix) }.map(String.init),
            "no \(prefix) line in\n\(text)")
    }

    /// Minutes from `expected` ("HH:MM") to the first "HH:MM" after `word` in `line`.
    static func minutes(after word: String, in line: String, from expected: String) throws
        -> Int
    {
        let match = try #require(line.firstMatch(of: try Regex("\(word) ([0-9]{2}):([0-9]{2})")))
        let shown =
            try #require(Int(match.output[1].substring!)) * 60
            + (try #require(Int(match.output[2].substring!)))
        let parts = expected.split(separator: ":").compactMap { Int($0) }
        return shown - (parts[0] * 60 + parts[1])
    }

    @Test func sunLineShowsTodaysSunInLocalTime() throws {
        let sun = try Self.line("Sun:", in: try Self.text(at: "2026-10-04T10:00"))
        // Open-Meteo: sunrise 07:38, sunset 19:02, its seconds dropped; ours are on the
        // same minute or the next.
        #expect((0...1).contains(try Self.minutes(after: "up", in: sun, from: "07:38")), "\(sun)")
        #expect(
            (0...1).contains(try Self.minutes(after: "down", in: sun, from: "19:02")), "\(sun)")
        // 41089.74 s (Open-Meteo's) is 11 h 24 min 49.74 s; 241.44 s shorter than the 3rd.
        #expect(sun.contains(", 11 h 24 min of daylight (\u{2212}4 min 1 s)"), "\(sun)")
    }

    @Test func moonLineShowsPhaseLightAndTodaysRiseAndSetInOrder() throws {
        let moon = try Self.line("Moon:", in: try Self.text(at: "2026-10-03T12:00"))
        // Open-Meteo: 0.745 of the cycle at noon, about half lit; sets 16:13, rises 23:12.
        #expect(
            moon.hasPrefix("  Moon: last quarter, 5")
                || moon.hasPrefix("  Moon: waning gibbous, 5"),
            "\(moon)")
        #expect(moon.contains(" % lit, sets 16:1"), "the setting comes first: \(moon)")
        #expect((0...1).contains(try Self.minutes(after: "sets", in: moon, from: "16:13")))
        #expect((0...1).contains(try Self.minutes(after: "rises", in: moon, from: "23:12")))

        let next = try Self.line("Moon:", in: try Self.text(at: "2026-10-04T12:00"))
        #expect(next.hasSuffix(", no moonrise today"), "\(next)")
        #expect((0...1).contains(try Self.minutes(after: "sets", in: next, from: "16:49")))
    }

    @Test func timesFollowTheClockSetting() throws {
        let text = try Self.text(at: "2026-10-04T10:00", units: Units(clock: .twelveHour))
        let sun = try Self.line("Sun:", in: text)
        #expect(sun.contains("up 7:3") && sun.contains(" AM, down 7:0") && sun.contains(" PM,"))
    }

    @Test func daylightChangeIsSignedToTheSecond() {
        #expect(ForecastText.change(-130.4) == "\u{2212}2 min 10 s")
        #expect(ForecastText.change(45) == "+45 s")
        #expect(ForecastText.change(120) == "+2 min")
        #expect(ForecastText.change(3725) == "+1 h 2 min 5 s")
        #expect(ForecastText.change(0.3) == "±0 s")
    }

    @Test func daysSetsHowManyRowsTheTableHas() throws {
        let rows = { (text: String) in
            text.split(separator: "\n").filter {
                $0.hasPrefix("  Today") || $0.hasPrefix("  Sun ") || $0.hasPrefix("  Mon ")
            }.count
        }
        // The recorded answer has 3 days: 2026-10-03 (a Saturday) to Monday the 5th.
        #expect(rows(try Self.text(at: "2026-10-03T10:00")) == 3)
        #expect(rows(try Self.text(at: "2026-10-03T10:00", days: 1)) == 1)
        #expect(rows(try Self.text(at: "2026-10-03T10:00", days: 2)) == 2)
    }
}
