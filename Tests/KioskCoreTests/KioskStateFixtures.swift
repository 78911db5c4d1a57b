import FoundationEssentials
import KioskCore
import Testing

/// A cache with the forecasts of Rome (41.89, 12.51) and Berlin (52.52, 13.41), the
/// favourites of the reducer's tests, fetched at `fetchedAt` (none for nil): what the
/// reducer is started with when only the fetch time matters. (A favourite missing from the
/// cache is fetched at once.)
func cached(_ fetchedAt: Date?) -> [ForecastEntry] {
    guard let fetchedAt else { return [] }
    return [
        Coordinate(latitude: 41.89, longitude: 12.51),
        Coordinate(latitude: 52.52, longitude: 13.41),
    ].map { place in
        ForecastEntry(
            coordinate: place, fetchedAt: fetchedAt, forecast: LocationForecast(coordinate: place))
    }
}

/// A cache with a forecast for each of `cities`, fetched at `fetchedAt`.
func cached(_ fetchedAt: Date, for cities: [City]) -> [ForecastEntry] {
    cities.map { city in
        ForecastEntry(
            coordinate: city.coordinate, fetchedAt: fetchedAt,
            forecast: LocationForecast(coordinate: city.coordinate))
    }
}

/// A BME280 reading at `time`: 21.5 °C, 45 %, 1013.2 hPa.
func indoorReading(at time: Date, temperature: Double = 21.5) -> SensorReading {
    SensorReading(
        chip: .bme280, time: time, temperature: Temperature(celsius: temperature),
        humidity: 45, pressure: Pressure(hectopascals: 1013.2))
}

/// Runs the state until `clock` reaches `seconds` later, ticking at every deadline.
func run(
    _ state: inout KioskState, _ clock: inout TestClock, for seconds: Double
) -> [KioskEffect] {
    let end = clock.now.monotonic.advanced(bySeconds: seconds)
    var effects: [KioskEffect] = []
    while let deadline = state.nextDeadline, deadline <= end {
        clock.advance(max(0, deadline.seconds(since: clock.now.monotonic)))
        effects += state.handle(.tick, at: clock.now)
        #expect(state.nextDeadline.map { $0 > clock.now.monotonic } ?? true, "a timer would spin")
    }
    clock.advance(end.seconds(since: clock.now.monotonic))
    return effects
}
