import FoundationEssentials
import KioskCore
import Testing

@testable import KioskDaemon

/// The running kiosk marks the station's own city page, so that it shows the outdoor
/// sensor's temperature beside the forecast's.
@Suite struct StationPageModelTests {
    private func model(station: Coordinate?) -> PageModel {
        var configuration = KioskConfiguration()
        configuration.cities = [
            City(name: "Fiumicino", coordinate: Coordinate(latitude: 41.77, longitude: 12.24)),
            City(name: "Oslo", coordinate: Coordinate(latitude: 59.91, longitude: 10.75)),
        ]
        configuration.station.latitude = station?.latitude
        configuration.station.longitude = station?.longitude
        configuration.display.pages = [.city]
        configuration.sensor.kind = .none
        let now = KioskTime(
            monotonic: .seconds(100), wall: Date(timeIntervalSince1970: 1_800_000_000),
            utcOffsetSeconds: 0)
        let state = KioskState(settings: KioskSettings(configuration), now: now, seed: 1)
        return state.pageModel(
            configuration: configuration, host: { HostInfo(name: "", addresses: []) }, at: now)
    }

    @Test func theFavouriteNearTheStationIsTheStations() {
        let shown = model(station: Coordinate(latitude: 41.78, longitude: 12.26))
        #expect(shown.city?.city.name == "Fiumicino")
        #expect(shown.cityIsStation)
        #expect(!model(station: Coordinate(latitude: 59.9, longitude: 10.7)).cityIsStation)
        #expect(!model(station: nil).cityIsStation)
    }
}
