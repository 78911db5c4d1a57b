public import FoundationEssentials

/// Which page is drawn: the configured pages, plus the page for a kiosk with no favourites.
public enum PageKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// Current weather and the next days for one city.
    case city
    /// The next 24 hours as a curve.
    case hourly
    /// The indoor sensor.
    case indoor
    /// A map of the favourites.
    case map
    /// Sunrise, sunset, day length, the Moon and the UV index at one favourite.
    case sky
    /// The air-quality index, the pollutants, pollen and the next hours at one favourite.
    case air
    /// Everything about one favourite at once, for panels that do not cycle (e-paper).
    case dashboard
    /// No favourites yet: how to add one.
    case empty
    /// A severe or extreme warning of one favourite, on a page of its own.
    case warning

    /// The page kind of a configured page.
    public init(_ page: Page) {
        switch page {
        case .city: self = .city
        case .hourly: self = .hourly
        case .indoor: self = .indoor
        case .map: self = .map
        case .sky: self = .sky
        case .air: self = .air
        case .dashboard: self = .dashboard
        }
    }

    /// Whether the page is about one favourite (city, hourly, sky, air, dashboard).
    public var isPerCity: Bool {
        self == .city || self == .hourly || self == .sky || self == .air || self == .dashboard
    }
}

/// A favourite and what is known about its weather.
public struct CityWeather: Sendable, Hashable {
    /// The favourite.
    public var city: City
    /// Its forecast; nil when none has arrived yet (the page shows "–").
    public var forecast: LocationForecast?
    /// When the forecast was fetched.
    public var fetchedAt: Date?
    /// The service the forecast came from: pages credit MET Norway under its data.
    public var provider: ForecastProviderID
    /// Its air-quality forecast; nil when none has arrived (the air page says so).
    public var airQuality: AirQualityForecast?
    /// The name pages show: the city's name, with its region or country when another
    /// favourite has the same name (`PlaceNames`).
    public var displayName: String {
        get { qualifiedName ?? city.name }
        set { qualifiedName = newValue == city.name ? nil : newValue }
    }
    /// `displayName` where it is more than the city's name (kept apart so that a copy
    /// given another city does not keep the old one's name).
    private var qualifiedName: String?

    /// Creates a city with its weather; `displayName` defaults to the city's name.
    public init(
        city: City, forecast: LocationForecast? = nil, fetchedAt: Date? = nil,
        displayName: String? = nil, provider: ForecastProviderID = .openMeteo,
        airQuality: AirQualityForecast? = nil
    ) {
        self.city = city
        self.forecast = forecast
        self.fetchedAt = fetchedAt
        self.provider = provider
        self.airQuality = airQuality
        self.qualifiedName = displayName == city.name ? nil : displayName
    }

    /// The favourites with their weather from `entries`, each named as `PlaceNames` says.
    public static func favourites(
        _ cities: [City], entries: [ForecastEntry], units: ForecastUnits
    ) -> [CityWeather] {
        zip(cities, PlaceNames.displayNames(of: cities)).map { city, name in
            let entry = entries.entry(for: city.coordinate, units: units)
            return CityWeather(
                city: city, forecast: entry?.forecast, fetchedAt: entry?.fetchedAt,
                displayName: name, provider: entry?.provider ?? .openMeteo)
        }
    }
}

/// One point of the indoor history, for the 24-hour sparklines.
public struct IndoorSample: Sendable, Hashable {
    /// When it was measured.
    public var time: Date
    /// Temperature.
    public var temperature: Temperature
    /// Relative humidity, %; nil for a BMP280.
    public var humidity: Double?
    /// Pressure: sea-level when the elevation is known, else station-level, the same kind
    /// as the page's pressure value.
    public var pressure: Pressure?

    /// Creates a sample.
    public init(time: Date, temperature: Temperature, humidity: Double?, pressure: Pressure?) {
        self.time = time
        self.temperature = temperature
        self.humidity = humidity
        self.pressure = pressure
    }
}

/// The latest indoor reading with what is derived from it.
public struct IndoorConditions: Sendable, Hashable {
    /// The compensated reading (temperature, humidity %, station pressure).
    public var reading: SensorReading
    /// Sea-level pressure; nil when the station's elevation is unknown (the page then shows
    /// the station pressure and says so).
    public var seaLevelPressure: Pressure?
    /// Dew point; nil without humidity.
    public var dewPoint: Temperature?
    /// The 3-hour pressure tendency; nil until three hours of readings exist.
    public var tendency: PressureTendency?
    /// The last 24 hours, oldest first.
    public var history: [IndoorSample]

    /// Creates indoor conditions.
    public init(
        reading: SensorReading, seaLevelPressure: Pressure?, dewPoint: Temperature?,
        tendency: PressureTendency?, history: [IndoorSample]
    ) {
        self.reading = reading
        self.seaLevelPressure = seaLevelPressure
        self.dewPoint = dewPoint
        self.tendency = tendency
        self.history = history
    }
}

/// What the indoor page has to show.
public enum IndoorState: Sendable, Hashable {
    /// A reading and its history.
    case reading(IndoorConditions)
    /// No sensor is configured (`sensor.kind = "none"`).
    case noSensor
    /// The sensor could not be read: the sentence that says why and what to do.
    case failed(String)
}

/// A notice drawn over any page, in a band of its own that never covers the numbers.
public enum PageNotice: Sendable, Hashable {
    /// The forecast is old: when its data is from, when the next attempt is due, and what
    /// went wrong in a few words ("Open-Meteo error 500", "offline"; nil when not known).
    case stale(dataTime: Date, nextRetry: Date?, reason: String? = nil)
    /// There is no forecast and the last attempt failed: why (a sentence), and when the
    /// next attempt is due.
    case noForecast(reason: String, nextRetry: Date?)
    /// The sensor gives no readings: why (a sentence), and when it is read again.
    case sensorFailing(reason: String, nextRetry: Date?)
    /// Something is wrong, in a few words: "sensor missing", "config rejected: line 12 …".
    case error(String)
    /// Something to know that is not broken: "Restart the kiosk to use state_dir = …".
    case warning(String)
}

/// The kiosk's own name and addresses, for the "add a favourite over SSH" page.
public struct HostInfo: Sendable, Hashable {
    /// The host name, for example "weather-kiosk".
    public var name: String
    /// IP addresses to reach it at, most useful first.
    public var addresses: [String]
    /// The command that adds a favourite, as it works on this machine: with `sudo` only for
    /// the system config, the program named as the kiosk was started.
    public var addCityCommand: String

    /// Creates host information.
    public init(
        name: String, addresses: [String], addCityCommand: String = "weather-kiosk city add Rome"
    ) {
        self.name = name
        self.addresses = addresses
        self.addCityCommand = addCityCommand
    }
}

/// Everything a page shows, as plain data: the daemon fills it from its state, the `render`
/// verb from the forecast cache or the demo data. Missing values are drawn as "–".
public struct PageModel: Sendable, Hashable {
    /// Which page.
    public var page: PageKind
    /// The instant the page shows.
    public var now: Date
    /// The kiosk's own UTC offset at `now`, for times such as "updated 14:05".
    public var kioskUTCOffsetSeconds: Int
    /// The language every text of the page is written in: its words, its decimal comma,
    /// its weekday and month names, its order of a date's parts.
    public var language: Language
    /// The units and the clock style.
    public var units: Units
    /// Dark or light.
    public var theme: Theme
    /// The city the city and hourly pages show.
    public var city: CityWeather?
    /// Every favourite, in display order, for the map.
    public var favourites: [CityWeather]
    /// The indoor sensor's state.
    public var indoor: IndoorState
    /// The `[[sensors]]` with their last values: CO2 and an outdoor reading for the
    /// indoor page.
    public var sensors: [SensorStatus] = []
    /// Whether `city` is the station's own (`City.stationIndex`): its page shows the
    /// outdoor sensor's temperature, "measured", beside the forecast's.
    public var cityIsStation = false
    /// Notices drawn over the page.
    public var notices: [PageNotice]
    /// The kiosk's name and addresses, for the empty page.
    public var host: HostInfo
    /// Whether the kiosk knows where it hangs (`station.latitude` and `station.longitude`);
    /// without it the indoor pressure stays at station level unless `station.elevation` is
    /// set, and the empty page can say how to set it.
    public var hasStation = true
    /// When the kiosk next asks for forecasts, for a favourite without one while no notice
    /// counts down (the others' forecasts are fresh); nil when not known.
    public var nextForecastAttempt: Date?
    /// What went wrong with the last attempt, the sentence `status` gives (a page without
    /// a forecast has the room for it); nil when it did not fail.
    public var forecastProblem: String?
    /// The worst warning of the place the page shows, for its band; nil when none.
    public var warning: PageWarning?
    /// What the warning page shows: the place's worst severe or extreme warning.
    public var warningPage: WarningPageContent?

    /// Creates a page model.
    public init(
        page: PageKind, now: Date, kioskUTCOffsetSeconds: Int, language: Language,
        units: Units = Units(),
        theme: Theme = .dark, city: CityWeather? = nil, favourites: [CityWeather] = [],
        indoor: IndoorState = .noSensor, notices: [PageNotice] = [],
        host: HostInfo = HostInfo(name: "", addresses: [])
    ) {
        self.page = page
        self.now = now
        self.kioskUTCOffsetSeconds = kioskUTCOffsetSeconds
        self.language = language
        self.units = units
        self.theme = theme
        self.city = city
        self.favourites = favourites
        self.indoor = indoor
        self.notices = notices
        self.host = host
    }
}
