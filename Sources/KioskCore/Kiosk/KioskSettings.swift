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
    /// The `[warnings]` table and the owner's contact: a change asks the services again.
    public var warnings: WarningSettings
    /// The owner's contact, for the User-Agent.
    public var contact: String?
    /// `forecast.fallback`: the second provider while Open-Meteo fails, or none.
    public var fallback: ForecastFallback
    /// The unit pressures are written in (the barometer's warning).
    public var pressureUnit: PressureUnit
    /// The language the pages speak: the config's `language`, else the system's.
    public var language: Language
    /// `forecast.air_quality_url`: another address asks again at once.
    public var airQualityURL: String
    /// Whether there is a sensor to poll.
    public var sensorEnabled: Bool
    /// Seconds between sensor readings.
    public var sensorIntervalSeconds: Int
    /// Everything besides the favourites that changes what a refresh fetches: the units,
    /// the API's address and key, the station. A change means fetching again.
    public var forecastQuery: ForecastQuery
    /// The API's address and key: a rate limit holds for one of these, so a change lifts it.
    public var forecastEndpoint: ForecastEndpoint
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
    public var displayHardware: DisplayHardware
    /// What the sensor is opened with: a change opens it again.
    public var sensorHardware: SensorHardware
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
        warnings = configuration.warnings
        contact = configuration.contact
        fallback = configuration.forecast.fallback
        pressureUnit = configuration.units.pressure
        language = configuration.languageChoice.language
        airQualityURL = configuration.forecast.airQualityURL
        sensorEnabled = configuration.sensor.kind != .none || !configuration.sensors.isEmpty
        sensorIntervalSeconds = configuration.sensor.intervalSeconds
        station = configuration.station.coordinate
        stationElevation = configuration.station.elevation
        buttonActions = configuration.buttons.actionMap
        displayHardware = DisplayHardware(
            display: configuration.display.hardware, board: configuration.board,
            i2cBus: configuration.displayI2CBus)
        sensorHardware = SensorHardware(
            sensor: configuration.sensor, board: configuration.board,
            elevation: configuration.station.elevation)
        forecastEndpoint = ForecastEndpoint(
            baseURL: configuration.forecast.baseURL, apiKey: configuration.forecast.apiKey)
        forecastQuery = ForecastQuery(
            units: ForecastUnits(configuration.units), endpoint: forecastEndpoint,
            station: configuration.station.coordinate)
    }
}

extension KioskSettings {
    /// What a display is opened with: its settings but those read on every frame or tick,
    /// the board, and the I2C bus an LCD or OLED is on.
    public struct DisplayHardware: Sendable, Hashable {
        /// `DisplaySettings.hardware`.
        public var display: DisplaySettings
        /// The board profile's name.
        public var board: String
        /// The I2C bus of a small display (`display.bus`, else the sensor's).
        public var i2cBus: Int
    }

    /// What the sensor is opened with: its settings, the board, and the station's elevation
    /// (the sea-level pressure it reports).
    public struct SensorHardware: Sendable, Hashable {
        /// The `[sensor]` table.
        public var sensor: SensorSettings
        /// The board profile's name.
        public var board: String
        /// `station.elevation`, metres.
        public var elevation: Double?
    }

    /// Where forecasts are asked for: Open-Meteo's address and the key.
    public struct ForecastEndpoint: Sendable, Hashable {
        /// `forecast.base_url`.
        public var baseURL: String
        /// `forecast.api_key`; empty for the free API.
        public var apiKey: String
    }

    /// What a refresh asks for besides the favourites.
    public struct ForecastQuery: Sendable, Hashable {
        /// The units the forecast comes in.
        public var units: ForecastUnits
        /// The address and the key.
        public var endpoint: ForecastEndpoint
        /// The station's place, when set.
        public var station: Coordinate?
    }
}
