public import FoundationEssentials

/// The warnings in the reducer: when to ask, what an answer changes, and the pages drawn
/// again when a warning begins or ends by the clock alone.
extension KioskState {
    /// The warnings shown now for `place`, worst first.
    public func warnings(for place: String, at now: Date) -> [WeatherWarning] {
        warnings.board.warnings(for: place, at: now)
    }

    /// Asks when an ask is due, and drops what ended: a frame when a warning began or ended.
    mutating func watchWarnings(at now: KioskTime, into effects: inout [KioskEffect]) {
        guard settings.watchesWarnings else { return }
        if warnings.startIfDue(at: now.monotonic) { effects.append(.fetchWarnings) }
        if warnings.expire(at: now) { effects.append(.render) }
    }

    mutating func warningsFetched(
        _ updates: [WarningFeedUpdate], nextAsk: Date, at now: KioskTime,
        into effects: inout [KioskEffect]
    ) {
        let places = Set(settings.cities.map(\.name))
        if warnings.received(updates, nextAsk: nextAsk, places: places, at: now) {
            effects.append(.render)
        }
    }

    /// The kiosk's own warnings from the forecasts it has, for every favourite, with the
    /// DWD's thresholds; labelled in every headline and never official.
    mutating func deriveWarnings(at now: KioskTime) {
        guard settings.watchesWarnings else { return }
        let query = settings.forecastQuery.units
        let units = Units(
            temperature: query.temperature, wind: query.wind, precipitation: query.precipitation)
        for weather in CityWeather.favourites(settings.cities, entries: forecasts, units: query) {
            let derived = weather.forecast.map {
                DerivedWarnings.fromForecast(
                    ForecastHazards($0), place: weather.city.name, now: now.wall, units: units)
            }
            warnings.derived(derived ?? [], for: weather.city.name, at: now)
        }
    }

    /// Other favourites, services, contact or interval: the services are asked at once.
    mutating func warningSettingsChanged(from old: KioskSettings, at now: KioskTime) {
        warnings.keepOnly(places: Set(settings.cities.map(\.name)))
        deriveWarnings(at: now)
        if old.cities != settings.cities || old.warnings != settings.warnings
            || old.contact != settings.contact
        {
            warnings.dueNow(at: now.monotonic)
        }
    }
}

extension KioskSettings {
    /// Whether warnings are asked for: switched on, and a favourite to ask for.
    public var watchesWarnings: Bool { warnings.enabled && !cities.isEmpty }
}
