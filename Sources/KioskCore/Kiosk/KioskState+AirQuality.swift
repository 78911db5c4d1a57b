public import FoundationEssentials

/// The air quality in the reducer: when the one batched request for every favourite goes
/// out (`AirQualityWatch`), what its answer or failure changes, and what is kept on disk.
/// It has a schedule of its own and never holds up a forecast refresh.
extension KioskState {
    /// The places the air quality is asked for: each favourite once, in display order.
    var airQualityPlaces: [Coordinate] {
        var result: [Coordinate] = []
        for city in settings.cities
        where !result.contains(where: { ForecastEntry.sameKey($0, city.coordinate) }) {
            result.append(city.coordinate)
        }
        return result
    }

    /// The air-quality forecast the pages show for `city` at `now`: the last good answer
    /// until it is `AirQualityWatch.staleSeconds` old.
    public func airQuality(for city: City, at now: Date) -> AirQualityForecast? {
        airQuality.shown(for: city.coordinate, at: now)
    }

    /// Starts the request when it is due.
    mutating func watchAirQuality(at now: KioskTime, into effects: inout [KioskEffect]) {
        guard settings.watchesAirQuality, airQuality.startIfDue(at: now) else { return }
        effects.append(.fetchAirQuality(airQualityPlaces))
    }

    /// What `state_dir/air-quality.json` held at the start: shown at once, and no request
    /// before the slot an interval after it.
    mutating func airQualityRestored(_ kept: [AirQualityEntry], at now: KioskTime) {
        airQuality.restore(kept, at: now)
        airQuality.keepOnly(airQualityPlaces)
    }

    /// The answer came: kept, shown and written to the state directory.
    mutating func airQualityFetched(
        _ fresh: [AirQualityEntry], at now: KioskTime, into effects: inout [KioskEffect]
    ) {
        let before = airQuality.entries
        airQuality.succeeded(fresh, at: now)
        airQuality.keepOnly(airQualityPlaces)
        effects.append(.storeAirQuality(airQuality.entries))
        if airQuality.entries != before { effects.append(.render) }
    }

    /// The request failed: back off as the forecast does, or wait out a rate limit's window;
    /// what is shown stays until it is stale.
    mutating func airQualityFailed(message: String, notBefore: Date?, at now: KioskTime) {
        var delay = Backoff.forecastRetry(
            failures: airQuality.failures + 1, nothingShown: false, using: &random)
        if let notBefore {
            let untilReset = max(1, notBefore.timeIntervalSince(now.wall))
            delay =
                untilReset + Double.random(in: 1...min(60, 1 + untilReset * 0.05), using: &random)
        }
        airQuality.failed(message: message, delay: delay, at: now)
    }

    /// Other favourites or another address: asked again at once; another interval: the next
    /// request moves to the new slots.
    mutating func airQualitySettingsChanged(from old: KioskSettings, at now: KioskTime) {
        airQuality.keepOnly(airQualityPlaces)
        if old.refreshMinutes != settings.refreshMinutes {
            airQuality.intervalChanged(
                refreshMinutes: settings.refreshMinutes, seed: scheduleSeed, at: now)
        }
        let placesBefore = Set(old.cities.map { PlaceKey($0.coordinate) })
        let places = Set(settings.cities.map { PlaceKey($0.coordinate) })
        let newPlace = !places.isSubset(of: placesBefore)
        if settings.watchesAirQuality, newPlace || old.airQualityURL != settings.airQualityURL {
            airQuality.dueNow(at: now)
        }
    }
}

/// A coordinate to 4 decimals, as `ForecastEntry.sameKey` compares them.
private struct PlaceKey: Hashable {
    var latitude: Double
    var longitude: Double

    init(_ coordinate: Coordinate) {
        latitude = (coordinate.latitude * 1e4).rounded()
        longitude = (coordinate.longitude * 1e4).rounded()
    }
}

extension KioskSettings {
    /// Whether the air quality is asked for: a favourite to ask for.
    public var watchesAirQuality: Bool { !cities.isEmpty }
}
