import FoundationEssentials
import KioskCore
import KioskDaemon
import KioskTesting
import Rendering
import Synchronization
import Testing

@testable import KioskCommands

/// `render` draws the page the kiosk shows: its empty page has the kiosk's command to add a
/// favourite and the station line exactly when the kiosk's has them (the system VM compares
/// the two pixel for pixel).
@Suite struct RenderModelsTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func theEmptyPageTellsTheKiosksOwnCommand() throws {
        var models = RenderModels(
            configuration: KioskConfiguration(), theme: .dark, now: Self.now, warn: { _ in })
        models.addCityCommand = "sudo weather-kiosk city add Rome"
        let model = try models.cached(page: .empty, city: nil)
        #expect(model.page == .empty)
        #expect(model.host.addCityCommand == "sudo weather-kiosk city add Rome")
    }

    @Test func theStationLineFollowsTheConfigAsOnTheKiosk() throws {
        var configuration = KioskConfiguration()
        let without = RenderModels(
            configuration: configuration, theme: .dark, now: Self.now, warn: { _ in })
        #expect(try without.cached(page: .empty, city: nil).hasStation == false)
        configuration.station.coordinate = Coordinate(latitude: 41.9, longitude: 12.5)
        let with = RenderModels(
            configuration: configuration, theme: .dark, now: Self.now, warn: { _ in })
        #expect(try with.cached(page: .empty, city: nil).hasStation == true)
    }

    /// Rome and Berlin with Rome's demo forecast cached in `directory/state`.
    static func romeAndBerlin(_ directory: TemporaryDirectory) throws -> KioskConfiguration {
        var configuration = KioskConfiguration()
        configuration.stateDirectory = directory.file("state")
        configuration.cities = DemoData.favourites.prefix(2).map(\.city)
        try RenderCommandTests.cacheRome(directory, now: DemoData.now, age: 300)
        return configuration
    }

    /// The dashboard and air pages `render` draws carry the air quality the daemon kept, as
    /// the running kiosk's do, until it is stale.
    @Test func theAirQualityTheDaemonKeptIsOnThePage() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var configuration = try Self.romeAndBerlin(directory)
        configuration.cities[0].coordinate = Coordinate(latitude: 41.89193, longitude: 12.51133)
        let air = try #require(DemoData.model(page: .air, language: .en).city?.airQuality)
        try StateStore(directory: configuration.stateDirectory).save([
            AirQualityEntry(
                coordinate: configuration.cities[0].coordinate,
                fetchedAt: DemoData.now.addingTimeInterval(-600), forecast: air)
        ])
        let warnings = Mutex<[String]>([])
        let models = RenderModels(
            configuration: configuration, theme: .dark, now: DemoData.now,
            warn: { text in warnings.withLock { $0.append(text) } })
        #expect(try models.cached(page: .dashboard, city: "1").city?.airQuality == air)
        #expect(try models.cached(page: .air, city: "1").city?.airQuality == air)
        #expect(warnings.withLock { $0 }.isEmpty)
        // Four hours later the kept answer is stale: the page waits, as the kiosk's does.
        let later = RenderModels(
            configuration: configuration, theme: .dark,
            now: DemoData.now.addingTimeInterval(4 * 3600), warn: { _ in })
        #expect(try later.cached(page: .air, city: "1").city?.airQuality == nil)
    }

    /// An unreadable air-quality file is a warning naming it; the page is drawn without it.
    @Test func anUnreadableAirQualityFileIsAWarning() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let configuration = try Self.romeAndBerlin(directory)
        directory.write("state/air-quality.json", "{ not json")
        let warnings = Mutex<[String]>([])
        let models = RenderModels(
            configuration: configuration, theme: .dark, now: DemoData.now,
            warn: { text in warnings.withLock { $0.append(text) } })
        #expect(try models.cached(page: .dashboard, city: "1").city?.airQuality == nil)
        let said = warnings.withLock { $0 }
        #expect(said.count == 1)
        #expect(said.first?.contains("air-quality.json") == true, "\(said)")
        #expect(said.first?.hasSuffix("The page is drawn without the air quality.") == true)
    }
}
