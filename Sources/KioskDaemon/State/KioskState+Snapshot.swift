import FoundationEssentials
import KioskCore

extension KioskState {
    /// What the kiosk is now, running on `configuration` and showing `page`: what every
    /// follower reads.
    func snapshot(configuration: KioskConfiguration, page: PageModel, at now: KioskTime)
        -> KioskSnapshot
    {
        var snapshot = KioskSnapshot(
            frame: frame, slide: slide, step: slideStep,
            page: page, power: power, notices: notices(at: now),
            reading: indoor.latest, sensorError: sensorError,
            forecastFetchedAt: lastForecast, forecastStale: isStale(at: now),
            forecastError: forecastError, configProblems: configProblems,
            displayShown: displayReports > 0, displayError: displayError)
        snapshot.configuration = configuration
        snapshot.usingLastGoodConfig = !configProblems.isEmpty && configFile.goodSeen
        snapshot.recentCities = recentCities.map {
            PlaceNames.displayName(of: $0, among: configuration.cities)
        }
        snapshot.pausedUntil = slideCycle.pausedUntil
        snapshot.nextRefresh = refresh.due
        snapshot.forecastFailures = forecastFailures
        snapshot.stationElevation = stationElevation
        snapshot.tendency = indoor.tendency
        snapshot.sensors = sensorBoard.sensors
        snapshot.panelFullRefresh = panelPlan?.fullRefresh ?? true
        snapshot.panelRefreshes = panelStatus(at: now)
        snapshot.restartPending = settings.restartPending
        snapshot.airQualityFetchedAt = airQuality.fetchedAt
        snapshot.airQualityError = airQuality.error
        if settings.watchesWarnings {
            snapshot.warnings = warnings.shown(at: now)
            snapshot.warningFailures = warnings.board.failures
        }
        return snapshot
    }

}
