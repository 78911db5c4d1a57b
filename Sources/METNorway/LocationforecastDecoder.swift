public import FoundationEssentials
public import KioskCore

/// Why a Locationforecast body did not decode: where it went wrong, as the end of a
/// sentence ("properties.timeseries[3].time is not a UTC time").
public struct LocationforecastDecodingError: Error, Sendable, Hashable {
    /// What is wrong, and where.
    public var detail: String

    /// Creates an error.
    public init(detail: String) {
        self.detail = detail
    }
}

/// Turns a Locationforecast answer (`compact` or `complete`) into the kiosk's forecast for
/// one place: current conditions, the hourly steps, and days cut at the place's own
/// midnight (MET Norway answers in UTC).
///
/// What it gives: temperature, humidity, sea-level pressure, wind (m/s, converted to the
/// asked unit) and the condition now; per hour the temperature, condition, day or night and,
/// from `complete` where MET Norway has it, the chance of precipitation; per day the high,
/// the low, the most severe condition, the precipitation sum and the highest chance. What
/// it cannot give stays nil and the pages show "–": the feels-like temperature, sunrise and
/// sunset, the zone's abbreviation, and the chance of precipitation wherever the answer has
/// none (always in `compact`). Today counts only the hours still ahead: the answer starts at
/// the current hour.
public struct LocationforecastDecoder: Sendable {
    /// The place asked about.
    public var place: ForecastPlace
    /// The units the forecast is given in.
    public var units: ForecastUnits

    /// Creates a decoder.
    public init(place: ForecastPlace, units: ForecastUnits) {
        self.place = place
        self.units = units
    }

    /// The place's UTC offset: the one given, else the longitude's nautical zone.
    public var utcOffsetSeconds: Int {
        if let offset = place.utcOffsetSeconds, offset.magnitude <= 14 * 3600 { return offset }
        let longitude = place.coordinate.longitude
        guard longitude.isFinite else { return 0 }
        return Int((min(180, max(-180, longitude)) / 15).rounded()) * 3600
    }

    /// The forecast in `body`, its "now" being the step that holds `now`.
    /// - Throws: `LocationforecastDecodingError` for anything but a Locationforecast answer
    ///   with at least one step.
    public func decode(_ body: [UInt8], at now: Date) throws(LocationforecastDecodingError)
        -> LocationForecast
    {
        let decoded: LocationforecastBody
        switch JSONBody.decode(LocationforecastBody.self, from: body) {
        case .success(let value): decoded = value
        case .failure(let problem): throw LocationforecastDecodingError(detail: problem.detail)
        }
        try checkUnits(decoded.properties.meta?.units ?? [:])
        let steps = try timedSteps(decoded.properties.timeseries)
        guard !steps.isEmpty else {
            throw LocationforecastDecodingError(detail: "properties.timeseries is empty")
        }
        let values = StepValues(units: units)
        let days = DayBuilder(steps: steps, values: values, utcOffsetSeconds: utcOffsetSeconds)
        return LocationForecast(
            coordinate: coordinate(decoded.geometry), elevation: elevation(decoded.geometry),
            timezone: place.timezone, timezoneAbbreviation: nil,
            utcOffsetSeconds: utcOffsetSeconds, units: units,
            current: current(steps, at: now, values: values), hourly: hourly(steps, values),
            daily: days.days())
    }

    /// MET Norway states its units; the kiosk reads numbers in these and no others.
    private func checkUnits(_ stated: [String: String]) throws(LocationforecastDecodingError) {
        let expected = [
            "air_temperature": "celsius", "air_pressure_at_sea_level": "hPa",
            "wind_speed": "m/s", "precipitation_amount": "mm", "relative_humidity": "%",
        ]
        for (variable, unit) in expected.sorted(by: { $0.key < $1.key }) {
            if let given = stated[variable], given != unit {
                throw LocationforecastDecodingError(
                    detail: "properties.meta.units.\(variable) is \"\(given)\", not \(unit)")
            }
        }
    }

    /// The steps with their instants, in time order, one per instant.
    private func timedSteps(_ steps: [LocationforecastBody.Step])
        throws(LocationforecastDecodingError) -> [TimedStep]
    {
        var timed: [TimedStep] = []
        timed.reserveCapacity(steps.count)
        for (index, step) in steps.enumerated() {
            guard step.time.hasSuffix("Z"),
                let local = LocalDateTime(iso8601: step.time.dropLast())
            else {
                throw LocationforecastDecodingError(
                    detail: "properties.timeseries[\(index)].time is not a UTC time")
            }
            timed.append(TimedStep(time: local.instant(utcOffsetSeconds: 0), data: step.data))
        }
        timed.sort { $0.time < $1.time }
        var unique: [TimedStep] = []
        for step in timed where unique.last?.time != step.time { unique.append(step) }
        return unique
    }

    private func coordinate(_ geometry: LocationforecastBody.Geometry?) -> Coordinate {
        guard let point = geometry?.coordinates, point.count >= 2,
            (-180...180).contains(point[0]), (-90...90).contains(point[1])
        else { return place.coordinate }
        return Coordinate(latitude: point[1], longitude: point[0])
    }

    private func elevation(_ geometry: LocationforecastBody.Geometry?) -> Double? {
        guard let point = geometry?.coordinates, point.count >= 3, point[2].isFinite else {
            return place.elevation
        }
        return point[2]
    }

    /// The values at the last step at or before `now` (the first step when `now` is before
    /// them all), with the condition of the period that starts there.
    private func current(_ steps: [TimedStep], at now: Date, values: StepValues)
        -> CurrentConditions
    {
        let step = steps.last { $0.time <= now } ?? steps[0]
        let details = step.data.instant?.details
        let symbol = step.symbol
        return CurrentConditions(
            time: step.time, temperature: values.temperature(details?.airTemperature),
            relativeHumidity: finite(details?.relativeHumidity), apparentTemperature: nil,
            isDay: symbol?.isDay, weatherCode: symbol?.weatherCode,
            windSpeed: values.speed(details?.windSpeed),
            windDirection: finite(details?.windFromDirection),
            seaLevelPressure: finite(details?.airPressureAtSeaLevel).map {
                Pressure(hectopascals: $0)
            })
    }

    /// The hourly steps: those with a 1-hour summary or an hour after the step before.
    ///
    /// An hour's precipitation is, as Open-Meteo gives it, the amount of the hour before its
    /// time: the previous step's 1-hour amount. Its gust is the step's instant gust
    /// (`complete` answers only), MET Norway's nearest to Open-Meteo's hour's highest.
    private func hourly(_ steps: [TimedStep], _ values: StepValues) -> [HourlyForecast] {
        var hours: [HourlyForecast] = []
        for (index, step) in steps.enumerated() {
            let previous = index > 0 ? steps[index - 1] : nil
            let hourAfterPrevious = previous.map { step.time.timeIntervalSince($0.time) == 3600 }
            guard step.data.next1Hours != nil || hourAfterPrevious == true else { continue }
            let symbol = step.data.next1Hours?.summary?.symbolCode.flatMap { SymbolCode($0) }
            let details = step.data.instant?.details
            let amountBefore =
                hourAfterPrevious == true
                ? finite(previous?.data.next1Hours?.details?.precipitationAmount) : nil
            hours.append(
                HourlyForecast(
                    time: step.time,
                    temperature: values.temperature(details?.airTemperature),
                    precipitationProbability: finite(
                        step.data.next1Hours?.details?.probabilityOfPrecipitation),
                    weatherCode: symbol?.weatherCode, isDay: symbol?.isDay,
                    precipitation: amountBefore.map { values.precipitation(max(0, $0)) },
                    windGusts: values.speed(details?.windSpeedOfGust)))
        }
        return hours
    }
}

/// A step with its instant.
struct TimedStep {
    let time: Date
    let data: LocationforecastBody.StepData

    /// The symbol of the shortest period that starts here.
    var symbol: SymbolCode? {
        [data.next1Hours, data.next6Hours, data.next12Hours].lazy
            .compactMap { $0?.summary?.symbolCode.flatMap { SymbolCode($0) } }.first
    }
}

/// MET Norway's numbers (°C, m/s, mm) as the kiosk's quantities in the asked units.
struct StepValues {
    let units: ForecastUnits

    func temperature(_ celsius: Double?) -> Temperature? {
        finite(celsius).map {
            Temperature(Temperature(celsius: $0).value(in: units.temperature), units.temperature)
        }
    }

    func speed(_ metresPerSecond: Double?) -> Speed? {
        finite(metresPerSecond).map {
            Speed(Speed(metresPerSecond: $0).value(in: units.wind), units.wind)
        }
    }

    func precipitation(_ millimetres: Double) -> Double {
        PrecipitationUnit.millimetre.convert(millimetres, to: units.precipitation)
    }
}

/// `value` when it is a finite number.
func finite(_ value: Double?) -> Double? {
    guard let value, value.isFinite else { return nil }
    return value
}
