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
    /// Set the display's power from afar (Home Assistant): it holds until the night window
    /// next begins or ends, or until a press at the kiosk; `on` ends a remote dim or off.
    case setPower(DisplayPower)
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

/// Something that happened, fed to `KioskState.handle(_:at:)`. Every event carries its data:
/// the reducer's state is the one place the kiosk's data lives.
public enum KioskEvent: Sendable {
    /// The kiosk started: what it remembered, the cached forecasts, the indoor history and
    /// the `[[sensors]]`' histories.
    case started(
        restored: PersistedKioskState?, forecasts: [ForecastEntry],
        history: IndoorHistory = IndoorHistory(),
        sensorHistory: SensorHistoryArchive = SensorHistoryArchive())
    /// A timer the state asked for (`nextDeadline`) is due.
    case tick
    /// A control command (or a button action already mapped).
    case action(KioskAction, from: ActionSource)
    /// A button gesture at the kiosk: the reducer maps it to an action (a press on a blank
    /// screen only wakes it).
    case button(ButtonGesture)
    /// A refresh brought `forecasts`, fetched at `fetchedAt`.
    case forecastSucceeded(fetchedAt: Date, forecasts: [ForecastEntry] = [])
    /// A refresh failed; `notBefore` is when a rate limit resets, if that was the reason;
    /// `summary` says what happened in a few words for the stale notice ("Open-Meteo error
    /// 500", "offline"), nil when unknown; `failure`, the same in the providers' terms, says
    /// whether the places switch to the second provider (nil: they do not).
    case forecastFailed(
        message: String, notBefore: Date?, summary: String? = nil,
        failure: ForecastFailure? = nil)
    /// The second provider (MET Norway) answered `query` (`.fetchFallback`'s) with `answer`.
    case fallbackAnswered(ForecastQuery, ForecastAnswer)
    /// The warning services were asked: what each feed's answer brought, and when the
    /// services allow the next ask.
    case warningsFetched([WarningFeedUpdate], nextAsk: Date)
    /// What the kiosk kept of the air quality (`state_dir/air-quality.json`), at the start.
    case airQualityRestored([AirQualityEntry])
    /// The Air Quality API answered for every favourite: an entry for each, stamped with
    /// when it was fetched.
    case airQualityFetched([AirQualityEntry])
    /// The Air Quality API failed with `message` (naming the URL); `notBefore` is when a rate
    /// limit resets, if that was the reason.
    case airQualityFailed(message: String, notBefore: Date?)
    /// The sensor gave a reading.
    case sensorSucceeded(SensorReading)
    /// The sensor failed.
    case sensorFailed(message: String)
    /// The `[[sensors]]` were read; `completesPoll` when they are all the kiosk reads (no
    /// `[sensor]` reading follows).
    case sensorsRead([SensorSample], completesPoll: Bool)
    /// New settings to apply at once (what an accepted configuration gives).
    case configChanged(KioskSettings)
    /// The config file was read: `configuration` as the running kiosk can use it, the keys
    /// it changes that only a restart applies, and where it came from. The reducer takes it
    /// or refuses it (`ConfigFileState.refuses`), the same way at the start and on every
    /// reload.
    case configLoaded(
        KioskConfiguration, restartPending: [String] = [], source: ConfigSource)
    /// The config file `file` was refused for `problems` ("FILE, line N: …"); the kiosk
    /// keeps the last good one.
    case configRefused(problems: [String], file: String)
    /// The last good copy of the config was written, or writing it failed.
    case lastGoodSaved(succeeded: Bool)
    /// The display reported a frame: what it is (an e-paper panel opened late), whether the
    /// frame failed, and how many steps the slide takes on it. The reducer decides what
    /// follows (`slideSteps`, `displayDescribed`, `frameFinished`) in the same step.
    case displayReported(DisplayReport)
    /// The display shows `slide` in `steps` steps (a city page on a 16×2 LCD: now,
    /// details, next days); the reducer times them.
    case slideSteps(Int, for: Slide)
    /// The display that is open says what it is: an e-paper panel (a shortest time between
    /// refreshes) makes the reducer plan refreshes with `PanelRefreshPolicy` instead of
    /// cycling; nil while no display is open. `showing`: it has just shown the current
    /// slide, before the reducer knew what it is (it opened late).
    case displayDescribed(DisplayCapabilities?, showing: Bool = false)
    /// The display finished the frame it was given (an e-paper panel: BUSY cleared), or it
    /// failed (`succeeded` false: drawn again when the policy allows).
    case frameFinished(succeeded: Bool)
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
    /// Ask the second provider (MET Norway) for the places of the query, which carries each
    /// place's validators; `.fallbackAnswered` brings the answer back.
    case fetchFallback(ForecastQuery)
    /// Keep these entries in the forecast cache (the second provider's forecasts, with its
    /// validators), replacing the entries for their places.
    case storeForecasts([ForecastEntry])
    /// Ask the warning services for every favourite they cover.
    case fetchWarnings
    /// Ask Open-Meteo's Air Quality API for these places in one request;
    /// `.airQualityFetched` or `.airQualityFailed` follows.
    case fetchAirQuality([Coordinate])
    /// Keep these air-quality entries in `state_dir/air-quality.json` (all the kiosk has).
    case storeAirQuality([AirQualityEntry])
    /// Take a sensor reading.
    case readSensor
    /// Write `PersistedKioskState` (only when it changed).
    case persistState(PersistedKioskState)
    /// Write the indoor history (at most hourly for the SD card, and when stopping).
    case saveHistory(IndoorHistory)
    /// Write the `[[sensors]]`' histories (hourly, and when stopping).
    case saveSensorHistory(SensorHistoryArchive)
    /// Close the display and open it again: its settings changed.
    case reopenDisplay
    /// Open the sensor again: its settings changed.
    case reopenSensor
    /// Keep `text`, the config file just taken, as its last good copy in the state
    /// directory; `lastGoodSaved` says how it went.
    case saveLastGood(text: String)
}
