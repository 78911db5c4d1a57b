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
