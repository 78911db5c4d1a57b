public import FoundationEssentials
public import KioskCore

extension [AirQualityEntry] {
    /// Air quality kept for `cities` at `now`, as the state directory holds it after a
    /// fetch: a kiosk started with it asks the Air Quality API nothing for an hour, so that
    /// a test counts the forecast's requests and effects alone.
    public static func kept(for cities: [City], at now: Date) -> [AirQualityEntry] {
        cities.map {
            AirQualityEntry(
                coordinate: $0.coordinate, fetchedAt: now,
                forecast: AirQualityForecast(coordinate: $0.coordinate))
        }
    }
}
