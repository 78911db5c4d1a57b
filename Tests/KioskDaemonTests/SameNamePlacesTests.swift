import FoundationEssentials
import KioskCore
import KioskTesting
import Rendering
import Testing

@testable import KioskCommands
@testable import KioskControl
@testable import KioskDaemon

/// Rome in Italy and Rome in Georgia as favourites, on the running engine: the screen, the
/// map's labels, the control replies and `status` name each as `PlaceNames` does, and a name
/// as shown picks its own place.
@Suite struct SameNamePlacesTests {
    static let cities = ["Rome", "Berlin"].flatMap { name in
        FakeOpenMeteo.places.filter { $0.name == name }.map {
            City(
                name: $0.name, country: $0.country, admin1: $0.admin1, coordinate: $0.coordinate,
                timezone: $0.timezone, geonameID: $0.id)
        }
    }

    @Test func theLiveScreenMapAndStatusTellTheTwoRomesApart() async throws {
        #expect(Self.cities.map(\.name) == ["Rome", "Rome", "Berlin"])
        let time = ManualTimeSource(
            wall: Date(timeIntervalSince1970: 1_795_000_000), utcOffsetSeconds: 0)
        let size = PixelSize(width: 800, height: 480)
        let screen = RecordingDisplay(size: size)
        let fake = FakeOpenMeteo(now: { time.now().wall })
        let engine = KioskEngine.forTesting(
            cities: Self.cities, transport: InMemoryOpenMeteo(fake: fake),
            screen: screen, time: time)
        let running = Task { await engine.run() }
        defer { running.cancel() }
        let live = try LiveScreen(engine: engine, screen: screen)
        for _ in 0..<2000 where await engine.status().forecast.fetchedAt == nil {
            try await Task.sleep(for: .milliseconds(5))
        }

        #expect(message(await engine.control(.page("map")).line()) == "Showing the map page.")
        let map = try await live.texts()
        #expect(map.contains("Rome, Lazio"), "\(map)")
        #expect(map.contains("Rome, Georgia"), "\(map)")
        #expect(!map.contains("Rome"), "no label is a bare Rome: \(map)")

        #expect(
            message(await engine.control(.show(city: "Rome, Georgia")).line())
                == "Showing the city page of Rome, Georgia (2 of 3).")
        let page = try await live.texts()
        #expect(page.contains("Rome, Georgia"), "\(page)")
        #expect(page.contains("United States"), "\(page)")

        let status = await engine.status()
        #expect(status.showing.city == "Rome, Georgia")
        #expect(status.cities == ["Rome, Lazio", "Rome, Georgia", "Berlin"])
        #expect(status.recentCities == ["Rome, Georgia"])
        let text = ControlCommands.describe(status, now: time.now().wall)
        #expect(text.contains("city page of Rome, Georgia (2 of 3)"), "\(text)")
        #expect(text.contains("Recent    Rome, Georgia"), "\(text)")
        // Issue 33: the same status in German, its labels' column as wide as the longest.
        let german = ControlCommands.describe(status, now: time.now().wall, language: .de)
        #expect(german.contains("Seite city von Rome, Georgia (2 von 3)"), "\(german)")
        #expect(german.contains("\nZuletzt        Rome, Georgia"), "\(german)")
        #expect(german.contains("\nVorhersage     aktualisiert vor "), "\(german)")

        // A bare shared name picks neither, and says which there are.
        let refused = String(
            decoding: await engine.control(.show(city: "rome")).line(), as: UTF8.self)
        #expect(refused.contains("could be Rome, Lazio (1) or Rome, Georgia (2)"), "\(refused)")
        await engine.stop()
        await running.value
    }

    private func message(_ reply: [UInt8]) -> String? {
        struct Reply: Decodable { var message: String }
        return try? JSONDecoder().decode(Reply.self, from: Data(reply)).message
    }
}
