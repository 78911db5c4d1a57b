import FoundationEssentials
import KioskConfig
import KioskControl
import KioskCore

extension KioskStatus {
    /// The status of the kiosk a snapshot describes, `now`, with the display worker's report.
    init(
        snapshot: KioskSnapshot, display report: DisplayWorker.Report, at now: KioskTime,
        uptimeSeconds: Int, store: ConfigStore
    ) {
        let configuration = snapshot.configuration
        let showing = Showing(snapshot: snapshot, at: now)
        var sensor = Sensor(kind: configuration.sensor.kind.rawValue, error: snapshot.sensorError)
        if let reading = snapshot.reading {
            sensor.chip = reading.chip.rawValue
            sensor.readAt = reading.time
            sensor.temperature = reading.temperature
            sensor.humidity = reading.humidity
            sensor.pressure = reading.pressure
            sensor.seaLevelPressure = snapshot.stationElevation.map {
                reading.seaLevelPressure(elevation: $0)
            }
            sensor.dewPoint = reading.dewPoint
            sensor.tendency = snapshot.tendency?.rawValue
        }
        let refreshSeconds = Double(configuration.forecast.refreshMinutes * 60)
        let stale =
            snapshot.forecastFetchedAt.map { now.wall.timeIntervalSince($0) > 2 * refreshSeconds }
            ?? (snapshot.forecastFailures > 0)
        let nextRefresh = snapshot.nextRefresh.map { max(0, $0.seconds(since: now.monotonic)) } ?? 0
        self.init(
            version: KioskVersion.string, uptimeSeconds: uptimeSeconds,
            board: configuration.board,
            display: .init(
                kind: configuration.display.kind.rawValue, size: report.size.description,
                power: report.power.rawValue, frame: report.frame, error: report.error,
                warning: report.warning, rotate: report.rotation.rawValue,
                output: report.output,
                refreshes: snapshot.panelRefreshes.map { Display.Refreshes($0) }),
            showing: showing, cities: PlaceNames.displayNames(of: configuration.cities),
            recentCities: snapshot.recentCities,
            forecast: .init(
                fetchedAt: snapshot.forecastFetchedAt, stale: stale, error: snapshot.forecastError,
                nextRefreshSeconds: Int(nextRefresh.rounded(.up)),
                failures: snapshot.forecastFailures,
                nothingToFetch: !KioskSettings(configuration).hasPlacesToFetch),
            sensor: sensor,
            config: .init(
                path: store.path, origin: store.origin.rawValue,
                problems: snapshot.configProblems,
                lastGood: snapshot.usingLastGoodConfig
                    ? ConfigStore.lastGoodPath(stateDirectory: configuration.stateDirectory) : nil,
                restartPending: snapshot.restartPending.isEmpty ? nil : snapshot.restartPending),
            units: configuration.units)
        warnings = snapshot.warnings.map(Warning.init)
        warningsUnavailable = snapshot.warningFailures.map {
            $0.summary(
                now: now.wall, utcOffsetSeconds: now.utcOffsetSeconds,
                clock: configuration.units.clock)
                + ": " + $0.message
        }
        forecast.places = snapshot.page.favourites.map(Forecast.Place.init)
        if !configuration.cities.isEmpty {
            airQuality = AirQuality(
                fetchedAt: snapshot.airQualityFetchedAt, error: snapshot.airQualityError,
                places: snapshot.page.favourites.map {
                    AirQuality.Place(
                        name: $0.displayName, airQuality: $0.airQuality,
                        scale: configuration.units.aqiScale(for: $0.city))
                })
        }
        if !snapshot.sensors.isEmpty { sensors = snapshot.sensors.map(SensorEntryStatus.init) }
    }
}
