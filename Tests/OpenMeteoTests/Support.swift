import FoundationEssentials
import KioskCore
import KioskTesting
import Synchronization
import Testing

/// The bytes of `Fixtures/<name>`, read next to this source file (a resource bundle's
/// accessor would need full Foundation's `Bundle`).
func fixture(_ name: String, filePath: String = #filePath) throws -> [UInt8] {
    try FixtureFile.bytes(name, besides: filePath)
}

/// An instant from a UTC "YYYY-MM-DDTHH:MM" text.
func utc(_ text: String) -> Date {
    LocalDateTime(iso8601: text)!.instant(utcOffsetSeconds: 0)
}
