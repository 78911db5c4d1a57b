import FoundationEssentials
import KioskCore
import Testing

private let rome = City(
    name: "Rome", coordinate: Coordinate(latitude: 41.89, longitude: 12.51), countryCode: "IT")

/// The kiosk's own barometer: a fall of 4 hPa or more in three hours is a warning of the
/// station's favourite, labelled as the kiosk's reading, read from the indoor history.
@Suite struct BarometerWarningTests {
    static let berlin = City(
        name: "Berlin", coordinate: Coordinate(latitude: 52.52, longitude: 13.41),
        countryCode: "DE")

    private func state(_ clock: TestClock, history: IndoorHistory = IndoorHistory()) -> KioskState {
        var configuration = KioskConfiguration()
        configuration.cities = [rome, Self.berlin]
        configuration.station.latitude = 52.52
        configuration.station.longitude = 13.41
        configuration.station.elevation = 34
        configuration.sensor.kind = .simulated
        var state = KioskState(
            settings: KioskSettings(configuration), now: clock.now, seed: 1)
        _ = state.handle(
            .started(
                restored: nil, forecasts: cached(clock.now.wall, for: [rome, Self.berlin]),
                history: history), at: clock.now)
        return state
    }

    private func reading(_ clock: TestClock, hectopascals: Double) -> SensorReading {
        SensorReading(
            chip: .bme280, time: clock.now.wall, temperature: Temperature(celsius: 21),
            humidity: 45, pressure: Pressure(hectopascals: hectopascals))
    }

    @Test func aFastFallIsTheStationsFavouritesWarningAndASteadyBarometerEndsIt() {
        var clock = TestClock()
        var state = state(clock)
        // 1009 hPa falling by 5 hPa in three hours, a reading every five minutes.
        var effects: [KioskEffect] = []
        for step in 0...36 {
            effects = state.handle(
                .sensorSucceeded(reading(clock, hectopascals: 1009 - 5 * Double(step) / 36)),
                at: clock.now)
            if step < 36 { clock.advance(300) }
        }
        #expect(effects.contains(.render), "the warning is drawn when it comes")
        let shown = state.warnings(for: "Berlin", at: clock.now.wall)
        #expect(shown.map(\.event) == ["pressure fall"])
        #expect(shown.first?.official == false)
        #expect(shown.first?.severity == .minor)
        #expect(
            shown.first?.headline
                == "Pressure falling fast: 5 hPa in 3 hours (the kiosk's barometer)")
        #expect(state.warnings(for: "Rome", at: clock.now.wall).isEmpty, "Rome is not the station")
        // Three steady hours: gone.
        for _ in 0..<36 {
            clock.advance(300)
            _ = state.handle(.sensorSucceeded(reading(clock, hectopascals: 1004)), at: clock.now)
        }
        #expect(state.warnings(for: "Berlin", at: clock.now.wall).isEmpty)
    }

    @Test func theHistoryARestartKeepsIsReadAtOnce() {
        let clock = TestClock()
        let start = clock.now.wall.addingTimeInterval(-3 * 3600)
        let history = IndoorHistory(
            samples: (0...36).map { step in
                SensorReading(
                    chip: .bme280, time: start.addingTimeInterval(Double(step) * 300),
                    temperature: Temperature(celsius: 21), humidity: 45,
                    pressure: Pressure(hectopascals: 1010 - 7 * Double(step) / 36))
            })
        let state = state(clock, history: history)
        let shown = state.warnings(for: "Berlin", at: clock.now.wall)
        #expect(shown.map(\.severity) == [.moderate], "7 hPa in 3 h: \(shown.map(\.headline))")
    }
}
