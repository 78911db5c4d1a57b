import FoundationEssentials
import KioskCore
import Testing

@testable import Warnings

/// The services' timestamps.
struct TimestampTests {
    @Test(arguments: [
        ("2019-12-20T13:34:00-08:00", "2019-12-20T21:34:00"),
        ("2026-03-07T20:00:00+00:00", "2026-03-07T20:00:00"),
        ("2023-08-26T10:41:00Z", "2023-08-26T10:41:00"),
        ("2023-08-26T10:41:00.123+0200", "2023-08-26T08:41:00"),
        ("2024-02-29T23:59:60+05:30", "2024-02-29T18:29:59"),
    ])
    func parses(text: String, utc: String) {
        #expect(
            ServiceTimestamp.parse(text)
                == LocalDateTime(iso8601: utc)!.instant(utcOffsetSeconds: 0))
    }

    @Test(arguments: [
        "", "2026-03-07", "2026-03-07T20:00:00", "2026-03-07T20:00+00:00", "2026-02-30T20:00:00Z",
        "2026-03-07T24:00:00Z", "2026-03-07T20:00:00+25:00", "2026-03-07T20:00:00+0",
        "2026-03-07 20:00:00Z",
        "2026-03-07T2a:00:00Z", "2026-03-07T20:00:00.x+00:00",
    ])
    func rejects(text: String) {
        #expect(ServiceTimestamp.parse(text) == nil)
    }
}
