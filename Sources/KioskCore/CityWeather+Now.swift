public import FoundationEssentials

/// What a favourite's weather is "now" wherever several are shown side by side (the map,
/// an LCD's or OLED's list of favourites): one rule for every display.
public struct FavouriteConditions: Sendable, Hashable {
    /// The temperature shown.
    public var temperature: Temperature?
    /// The weather its icon shows.
    public var weatherCode: WeatherCode?
    /// Whether the icon is the day's (sun) or the night's (moon).
    public var isDay: Bool
}

extension CityWeather {
    /// The current conditions: the temperature, weather and day or night of the forecast's
    /// `current` block. A forecast without one (a model that leaves it out) shows today's
    /// high and today's weather, by day, rather than nothing.
    public func conditionsNow(at time: Date) -> FavouriteConditions {
        if let current = forecast?.current {
            return FavouriteConditions(
                temperature: current.temperature, weatherCode: current.weatherCode,
                isDay: current.isDay ?? true)
        }
        let today = forecast?.today(at: time)
        return FavouriteConditions(
            temperature: today?.temperatureMax, weatherCode: today?.weatherCode, isDay: true)
    }
}

extension City {
    /// How far from the station a favourite may be and still be the station's: the
    /// outdoor sensor measures the weather there (25 km, a town and its outskirts).
    public static let stationRadiusMetres = 25_000.0

    /// Which of `cities` is the station's own: the one nearest `station`, within
    /// `stationRadiusMetres`; nil without a station or with none that near.
    public static func stationIndex(in cities: [City], station: Coordinate?) -> Int? {
        guard let station else { return nil }
        let distances = cities.indices.map { ($0, cities[$0].coordinate.distance(to: station)) }
        guard let nearest = distances.min(by: { $0.1 < $1.1 }),
            nearest.1 <= stationRadiusMetres
        else { return nil }
        return nearest.0
    }
}
