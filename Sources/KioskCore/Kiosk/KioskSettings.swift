/// The part of the configuration the kiosk's logic decides with.
public struct KioskSettings: Sendable, Hashable {
    /// The favourites, in display order.
    public var cities: [City]
    /// The pages to cycle through.
    public var pages: [Page]
    /// Seconds each slide stays up.
    public var cycleSeconds: Int
    /// Seconds of pause after an interaction.
    public var resumeAfterSeconds: Int
    /// The night window, if any.
    public var night: NightWindow?
    /// `display.min_refresh_minutes`: an e-paper panel's shortest time between refreshes;
    /// nil for the panel's own.
    public var minRefreshMinutes: Int?
    /// Minutes between forecast refreshes.
    public var refreshMinutes: Int
    /// Whether there is a sensor to poll.
    public var sensorEnabled: Bool
    /// Seconds between sensor readings.
    public var sensorIntervalSeconds: Int
    /// Everything besides the favourites that changes what a refresh fetches: the units,
    /// the API's address and key, the station. A change means fetching again.
    public var forecastQuery: String
    /// The API's address and key: a rate limit holds for one of these, so a change lifts it.
    public var forecastEndpoint: String
    /// Where the kiosk hangs, when `station.latitude` and `station.longitude` are set.
    public var station: Coordinate?
    /// The station's elevation from the config, metres; nil = Open-Meteo's for the station.
    public var stationElevation: Double?
    /// What the buttons do.
    public var buttonActions: ButtonActionMap
    /// What the display is opened with: every display key but those the reducer and the
    /// pages read each time (pages, cycle, pause, theme, night, e-paper interval), and the
    /// board and the LCD's bus. A change opens the display again, so that every display key
    /// (`rotate`, `connector`, `mode`, an LCD's size or pins, …) applies to the running
    /// kiosk.
    public var displayHardware: String
    /// What the sensor is opened with: a change opens it again.
    public var sensorHardware: String
    /// The changed keys the running kiosk takes only after a restart, as `key = value`
    /// (`state_dir = "/srv/kiosk"`): the engine sets them, the screen and `status` say so.
    public var restartPending: [String] = []

    /// Whether a refresh has anything to ask for: a favourite, or the station's place.
    /// Without either the kiosk fetches nothing (and says so), rather than a fetch of no
    /// places that would count as a forecast.
    public var hasPlacesToFetch: Bool { !cities.isEmpty || station != nil }

    /// The settings a configuration gives.
    public init(_ configuration: KioskConfiguration) {
        cities = configuration.cities
        pages = configuration.display.pages
        cycleSeconds = configuration.display.cycleSeconds
        resumeAfterSeconds = configuration.display.resumeAfterSeconds
        night = configuration.display.night
        minRefreshMinutes = configuration.display.minRefreshMinutes
        refreshMinutes = configuration.forecast.refreshMinutes
        sensorEnabled = configuration.sensor.kind != .none
        sensorIntervalSeconds = configuration.sensor.intervalSeconds
        station = configuration.station.coordinate
        stationElevation = configuration.station.elevation
        buttonActions = configuration.buttons.actionMap
        displayHardware =
            "\(configuration.display.hardware)|\(configuration.board)|\(configuration.displayI2CBus)"
        sensorHardware =
            "\(configuration.board)|\(configuration.sensor)|\(configuration.station.elevation ?? -1)"
        let units = ForecastUnits(configuration.units)
        let station = configuration.station.coordinate.map { "\($0.latitude),\($0.longitude)" }
        forecastEndpoint = configuration.forecast.baseURL + "|" + configuration.forecast.apiKey
        forecastQuery = [
            units.temperature.rawValue, units.wind.rawValue, units.precipitation.rawValue,
            configuration.forecast.baseURL, configuration.forecast.apiKey, station ?? "no station",
        ].joined(separator: "|")
    }
}
