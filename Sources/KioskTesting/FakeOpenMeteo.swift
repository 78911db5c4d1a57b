public import FoundationEssentials
import KioskCore

/// What a fake Open-Meteo answers, for the loopback server and in-memory transports to
/// serve: `/v1/forecast` and `/v1/air-quality` (validated like the real API, with
/// deterministic, plausible data for every requested location and variable), `/v1/search` and `/v1/get` (from a built-in
/// gazetteer of real places). A pure function of the request, the configuration and the
/// clock; it records nothing.
public struct FakeOpenMeteo: Sendable {
    /// Every `nullEvery`-th value of each series (and of the current block) is `null`, as
    /// models without data send; 0 sends none.
    public var nullEvery: Int
    /// Most locations one forecast request may name; the real API allows 1,000.
    public var maximumLocations: Int
    /// The clock the forecasts start from: the current hour, today's local midnight.
    public var now: @Sendable () -> Date

    /// Creates the fake; by default it runs on the real clock, so a forecast is always
    /// current.
    public init(
        nullEvery: Int = 0, maximumLocations: Int = 1000,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.nullEvery = nullEvery
        self.maximumLocations = maximumLocations
        self.now = now
    }

    /// The answer to `request`; unknown paths get Open-Meteo's 404 body.
    public func respond(to request: RecordedRequest) -> CannedResponse {
        switch request.path {
        case "/v1/forecast": forecast(request)
        case "/v1/air-quality": airQuality(request)
        case "/v1/search": search(request)
        case "/v1/get": lookup(request)
        default: .json(JSONText.errorBody("Not Found"), status: 404)
        }
    }

    /// Variables the fake can produce, per block.
    static let knownVariables: [String: Set<String>] = [
        "current": [
            "temperature_2m", "relative_humidity_2m", "apparent_temperature", "is_day",
            "weather_code", "wind_speed_10m", "wind_direction_10m", "surface_pressure",
            "pressure_msl", "precipitation",
        ],
        "hourly": [
            "temperature_2m", "relative_humidity_2m", "apparent_temperature", "is_day",
            "weather_code", "wind_speed_10m", "wind_direction_10m", "surface_pressure",
            "pressure_msl", "precipitation", "precipitation_probability", "wind_gusts_10m",
        ],
        "daily": [
            "weather_code", "temperature_2m_max", "temperature_2m_min", "precipitation_sum",
            "precipitation_probability_max", "sunrise", "sunset", "daylight_duration",
            "uv_index_max",
        ],
    ]

    private func forecast(_ request: RecordedRequest) -> CannedResponse {
        let query: ForecastQuery
        do {
            query = try ForecastQuery(request, maximumLocations: maximumLocations)
        } catch {
            return .json(JSONText.errorBody(error.reason), status: 400)
        }
        let instant = now()
        let bodies = query.coordinates.enumerated().map { index, coordinate in
            locationJSON(query: query, coordinate: coordinate, index: index, now: instant)
        }
        return .json(bodies.count == 1 ? bodies[0] : JSONText.array(bodies))
    }

    /// The header fields of a location's object, as the real API writes them.
    func headerMembers(
        coordinate: Coordinate, zone: Zone, elevation: Double, index: Int
    ) -> [(key: String, value: String)] {
        // Like the real API, answer for the grid cell: coordinates snapped to 0.02°.
        func grid(_ value: Double) -> String {
            JSONText.number((value * 50).rounded() / 50, fractionDigits: 4)
        }
        var members: [(key: String, value: String)] = [
            ("latitude", grid(coordinate.latitude)), ("longitude", grid(coordinate.longitude)),
            ("generationtime_ms", "0.52"), ("utc_offset_seconds", String(zone.offset)),
            ("timezone", JSONText.string(zone.name)),
            ("timezone_abbreviation", JSONText.string(zone.abbreviation)),
            ("elevation", JSONText.number(elevation, fractionDigits: 1)),
        ]
        if index > 0 { members.append(("location_id", String(index))) }
        return members
    }

    private func locationJSON(query: ForecastQuery, coordinate: Coordinate, index: Int, now: Date)
        -> String
    {
        let zone = query.zone(for: coordinate)
        let place = Self.places.first { $0.coordinate.distance(to: coordinate) <= 10_000 }
        let elevation = place?.elevation ?? (coordinate.latitude.magnitude * 7).rounded()
        let model = WeatherModel(
            coordinate: coordinate, utcOffsetSeconds: zone.offset, elevation: elevation)
        let writer = SeriesWriter(
            model: model, units: query.units, timeformat: query.timeformat, nullEvery: nullEvery)
        var members = headerMembers(
            coordinate: coordinate, zone: zone, elevation: elevation, index: index)
        let localNow = LocalDateTime(now, utcOffsetSeconds: zone.offset)
        let midnight = LocalDateTime(date: localNow.date, hour: 0, minute: 0)
            .instant(utcOffsetSeconds: zone.offset)
        if !query.current.isEmpty {
            let time = Date(
                timeIntervalSince1970: (now.timeIntervalSince1970 / 900).rounded(.down) * 900)
            members.append(("current_units", writer.units(query.current, interval: true)))
            members.append(("current", writer.current(query.current, at: time)))
        }
        if !query.hourly.isEmpty {
            let start: Date
            let count: Int
            if let hours = query.forecastHours {
                let hourStart = LocalDateTime(
                    date: localNow.date, hour: localNow.hour, minute: 0)
                start = hourStart.instant(utcOffsetSeconds: zone.offset)
                count = hours
            } else {
                start = midnight
                count = query.forecastDays * 24
            }
            let times = (0..<count).map { start.addingTimeInterval(Double($0) * 3600) }
            members.append(("hourly_units", writer.units(query.hourly, interval: false)))
            members.append(("hourly", writer.hourly(query.hourly, times: times)))
        }
        if !query.daily.isEmpty {
            let days = (0..<query.forecastDays).map { localNow.date.adding(days: $0) }
            members.append(("daily_units", writer.units(query.daily, interval: false)))
            members.append(("daily", writer.daily(query.daily, days: days)))
        }
        return JSONText.object(members)
    }
}
