import FoundationEssentials
import KioskCore
import Testing

@testable import KioskCommands

/// `render` draws the page the kiosk shows: its empty page has the kiosk's command to add a
/// favourite and the station line exactly when the kiosk's has them (the system VM compares
/// the two pixel for pixel).
@Suite struct RenderModelsTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func theEmptyPageTellsTheKiosksOwnCommand() throws {
        var models = RenderModels(configuration: KioskConfiguration(), theme: .dark, now: Self.now)
        models.addCityCommand = "sudo weather-kiosk city add Rome"
        let model = try models.cached(page: .empty, city: nil)
        #expect(model.page == .empty)
        #expect(model.host.addCityCommand == "sudo weather-kiosk city add Rome")
    }

    @Test func theStationLineFollowsTheConfigAsOnTheKiosk() throws {
        var configuration = KioskConfiguration()
        let without = RenderModels(configuration: configuration, theme: .dark, now: Self.now)
        #expect(try without.cached(page: .empty, city: nil).hasStation == false)
        configuration.station.coordinate = Coordinate(latitude: 41.9, longitude: 12.5)
        let with = RenderModels(configuration: configuration, theme: .dark, now: Self.now)
        #expect(try with.cached(page: .empty, city: nil).hasStation == true)
    }
}
