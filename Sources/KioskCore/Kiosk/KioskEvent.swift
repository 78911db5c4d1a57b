public import FoundationEssentials

/// What a person (buttons) or a remote command (control socket) asks the kiosk to do.
public enum KioskAction: Sendable, Hashable {
    /// The next favourite.
    case nextCity
    /// The previous favourite.
    case previousCity
    /// The next configured page for the same favourite.
    case nextPage
    /// The previous configured page.
    case previousPage
    /// Favourite N (0-based).
    case showCity(Int)
    /// A configured page.
    case showPage(Page)
    /// Fetch forecasts now (within the rate limit); joins a refresh under way or one that
    /// ended less than `KioskState.refreshJoinSeconds` ago.
    case refresh
    /// Fetch forecasts now even though a rate limit or a recent refresh says to wait: one
    /// attempt (a refresh under way is still joined).
    case forceRefresh
    /// Light the display (at night) without changing what it shows.
    case wake
}

/// Where an action came from: a press at the kiosk wakes a blanked display first.
public enum ActionSource: Sendable, Hashable {
    /// A button at the kiosk.
    case button
    /// The control socket (SSH).
    case control
}

/// What the kiosk remembers across restarts besides the forecast cache.
public struct PersistedKioskState: Sendable, Hashable, Codable {
    /// The favourite on screen when it stopped.
    public var lastCity: City?
    /// The page on screen when it stopped.
    public var lastPage: Page?
    /// The favourites a person chose to look at, newest first, at most 10.
    public var recentCities: [City]

    /// Creates a persisted state.
    public init(lastCity: City? = nil, lastPage: Page? = nil, recentCities: [City] = []) {
        self.lastCity = lastCity
        self.lastPage = lastPage
        self.recentCities = recentCities
    }
}

/// Something that happened, fed to `KioskState.handle(_:at:)`.
public enum KioskEvent: Sendable {
    /// The kiosk started: what it remembered, and when the newest cached forecast was
    /// fetched (nil without a cache).
    case started(restored: PersistedKioskState?, newestForecast: Date?)
    /// A timer the state asked for (`nextDeadline`) is due.
    case tick
    /// A button or a control command.
    case action(KioskAction, from: ActionSource)
    /// A refresh brought forecasts fetched at `fetchedAt`.
    case forecastSucceeded(fetchedAt: Date)
    /// A refresh failed; `notBefore` is when a rate limit resets, if that was the reason;
    /// `summary` says what happened in a few words for the stale notice ("Open-Meteo error
    /// 500", "offline"), nil when unknown.
    case forecastFailed(message: String, notBefore: Date?, summary: String? = nil)
    /// The sensor gave a reading.
    case sensorSucceeded
    /// The sensor failed.
    case sensorFailed(message: String)
    /// A new, valid configuration.
    case configChanged(KioskSettings)
    /// A changed config file was refused; the kiosk keeps the last good one.
    case configRejected(message: String)
    /// The kiosk is stopping.
    case stopping
}

/// What the services must do as a result; executed in order.
public enum KioskEffect: Sendable, Hashable {
    /// Draw the current slide.
    case render
    /// Turn the display on, dim it, or blank it.
    case setDisplayPower(DisplayPower)
    /// Fetch forecasts for the station and every favourite.
    case fetchForecasts
    /// Take a sensor reading.
    case readSensor
    /// Write `PersistedKioskState` (only when it changed).
    case persistState(PersistedKioskState)
}
