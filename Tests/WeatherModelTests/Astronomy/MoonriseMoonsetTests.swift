import FoundationEssentials
import Testing
import WeatherModel

@Suite struct MoonriseMoonsetTests {
    static let enschede = Coordinate(latitude: 52.276, longitude: 6.872_999_7)

    /// Open-Meteo's own `moonrise` and `moonset` (whole minutes, local time, UTC+2; a
    /// `null` moonrise on the 4th) for 2026-10-03…05 at 52.276 N 6.873 E: the recorded
    /// response on branch feat-sky-leaf,
    /// `Tests/OpenMeteoTests/Fixtures/forecast-single-daily-sun-moon-frenck.json`. Ours fall
    /// 4…64 s after its minute.
    @Test(arguments: [
        (3, "23:12" as String?, "16:13"), (4, nil, "16:49"), (5, "00:38", "17:13"),
    ])
    func matchesOpenMeteo(day: Int, moonrise: String?, moonset: String) throws {
        let date = LocalDate(year: 2026, month: 10, day: day)
        let moon = MoonriseMoonset(date: date, at: Self.enschede, utcOffsetSeconds: 7200)
        func error(_ instant: Date?, _ text: String) throws -> Double {
            let expected = LocalDateTime(iso8601: "\(date)T\(text)")!.instant(
                utcOffsetSeconds: 7200)
            return try #require(instant).timeIntervalSince(expected)
        }
        if let moonrise {
            #expect((0..<70).contains(try error(moon.moonrise, moonrise)))
        } else {
            #expect(moon.moonrise == nil)
            #expect(moon.passage == .crosses(rise: nil, set: moon.moonset))
        }
        #expect((0..<70).contains(try error(moon.moonset, moonset)))
    }

    /// At 78° N (Longyearbyen) the Moon, like the Sun, can stay up or down for whole days;
    /// within two weeks both happen and are told apart from days with crossings.
    @Test func highArcticMoonStaysUpAndDown() {
        let longyearbyen = Coordinate(latitude: 78.22, longitude: 15.65)
        let passages = (1...28).map {
            MoonriseMoonset(
                date: LocalDate(year: 2026, month: 1, day: $0), at: longyearbyen,
                utcOffsetSeconds: 3600
            ).passage
        }
        #expect(passages.contains(.upAllDay))
        #expect(passages.contains(.downAllDay))
        for passage in passages {
            if case .crosses(let rise, let set) = passage { #expect(rise != nil || set != nil) }
        }
    }
}
