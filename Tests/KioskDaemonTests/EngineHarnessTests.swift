import KioskCore
import KioskTesting
import Testing

/// The engine harness moves the clock deadline by deadline: the slide stays up for
/// `cycle_seconds` and not a moment less, then the next comes, with no real time passing.
@Suite struct EngineHarnessTests {
    static let rome = City(name: "Rome", coordinate: Coordinate(latitude: 41.89, longitude: 12.51))
    static let berlin = City(
        name: "Berlin", coordinate: Coordinate(latitude: 52.52, longitude: 13.41))

    @Test func theSlideChangesWhenTheClockSaysSo() async throws {
        let kiosk = EngineHarness(cities: [Self.rome, Self.berlin]) {
            $0.display.cycleSeconds = 30
        }
        let first = try await kiosk.start()
        try await kiosk.advance(by: 29)
        #expect(kiosk.snapshots.last?.slide == first.slide, "not a moment early")
        try await kiosk.advance(by: 2)
        let next = try await kiosk.next("the next slide") { $0.slide != first.slide }
        #expect(next.frame > first.frame)
        await kiosk.stop()
    }
}
