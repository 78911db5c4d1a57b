public import FoundationEssentials

/// The kiosk's own warnings: read from a forecast it already has and from its barometer,
/// with `DerivedWarningThresholds`. Always `source = .derived` (so never official), and every
/// headline says whose reading it is. One warning per hazard, at the worst severity reached
/// in the lookahead, from the first to the last hour that reaches any level.
public enum DerivedWarnings {
    /// What every forecast-derived headline ends with.
    public static let forecastNote = "the kiosk's reading of the forecast"
    /// What the barometer's headline ends with.
    public static let barometerNote = "the kiosk's barometer"
    /// The identifier of the barometer's warning.
    public static let barometerID = "derived:pressure fall"

    /// A value over a span of time.
    struct Reading<Value: Comparable> {
        var start: Date
        var end: Date
        var value: Value
    }

    /// The worst severity `readings` reach on `scale`, the span of those that reach any, and
    /// the most extreme value.
    struct Assessment<Value: Comparable> {
        var severity: WarningSeverity
        var start: Date
        var end: Date
        var peak: Value
    }

    static func assess<Value>(_ readings: [Reading<Value>], on scale: SeverityThresholds<Value>)
        -> Assessment<Value>?
    {
        let hits = readings.compactMap { reading in
            scale.severity(of: reading.value).map { (reading, $0) }
        }
        guard let worst = hits.map(\.1).max(), let peak = hits.map(\.0.value).max(),
            let start = hits.map(\.0.start).min(), let end = hits.map(\.0.end).max()
        else { return nil }
        return Assessment(severity: worst, start: start, end: end, peak: peak)
    }

    /// The warnings `hazards` give for `place` from `now` on, worst first. Numbers in the
    /// headlines are in `units`.
    public static func fromForecast(
        _ hazards: ForecastHazards, place: String, now: Date, units: Units,
        thresholds: DerivedWarningThresholds = DerivedWarningThresholds()
    ) -> [WeatherWarning] {
        let hours = hazards.hours(from: now, span: thresholds.lookahead)
        let days = hazards.days(from: now, span: thresholds.lookahead)
        func hourly<V>(_ value: (ForecastHazards.Hour) -> V?) -> [Reading<V>] {
            hours.compactMap { hour in
                value(hour).map { Reading(start: hour.time, end: hour.time + 3600, value: $0) }
            }
        }
        func daily<V>(_ value: (ForecastHazards.Day) -> V?) -> [Reading<V>] {
            days.compactMap { day in
                value(day).map { Reading(start: day.start, end: day.end, value: $0) }
            }
        }
        var found: [WeatherWarning] = []
        func add<V>(
            _ hazard: String, _ assessment: Assessment<V>?, _ headline: (Assessment<V>) -> String
        ) {
            guard let assessment else { return }
            found.append(
                WeatherWarning(
                    id: "derived:" + hazard, place: place, source: .derived, event: hazard,
                    severity: assessment.severity, certainty: .possible,
                    urgency: assessment.start > now ? .future : .expected,
                    headline: headline(assessment) + " (" + forecastNote + ")",
                    description: "Not an official warning: the kiosk read this from the forecast"
                        + " it shows, with the Deutscher Wetterdienst's thresholds.",
                    onset: max(assessment.start, now), ends: assessment.end))
        }

        let gusts = hourly(\.gust)
        add("gusts", assess(gusts.isEmpty ? daily(\.gustMax) : gusts, on: thresholds.gust)) {
            "Gusts up to " + WeatherFormat.wind($0.peak, direction: nil, unit: units.wind)
        }
        add(
            "heavy rain",
            heavyRain(hours: hourly(\.precipitationMillimetres), days: days, thresholds)
        ) {
            "Heavy rain: "
                + WeatherFormat.precipitation(
                    PrecipitationUnit.millimetre.convert(
                        $0.peak.millimetres, to: units.precipitation),
                    unit: units.precipitation) + " in " + $0.peak.period
        }
        add("heat", assess(daily(\.temperatureMax), on: thresholds.heat)) {
            "Heat: up to "
                + WeatherFormat.temperature($0.peak, in: units.temperature, symbol: true)
        }
        let frost = daily { day in day.temperatureMin.map { TemperatureDrop($0) } }
        add("frost", assess(frost, on: thresholds.frost)) {
            "Frost: down to "
                + WeatherFormat.temperature(
                    $0.peak.temperature, in: units.temperature, symbol: true)
        }
        let codes =
            hours.contains { $0.weatherCode != nil }
            ? hourly(\.weatherCode?.rawValue)
            : daily(\.weatherCode?.rawValue)
        add("thunderstorm", assess(codes.compactMap(thunder), on: codeScale)) {
            $0.severity >= .moderate ? "Thunderstorms with hail" : "Thunderstorms"
        }
        add("snowfall", assess(codes.compactMap(snow), on: codeScale)) {
            $0.severity >= .moderate ? "Heavy snowfall" : "Snowfall"
        }
        return WarningRules.ordered(found)
    }

    /// A warning from the station's barometer for `place` when its three-hour fall reaches
    /// `thresholds.pressureFall`; nil otherwise or while the history is shorter than three
    /// hours. It lasts an hour past the newest reading, so it goes when the readings stop.
    public static func fromBarometer(
        _ history: PressureHistory, place: String, unit: PressureUnit,
        thresholds: DerivedWarningThresholds = DerivedWarningThresholds()
    ) -> WeatherWarning? {
        guard let change = history.threeHourChange, change.pascals < 0,
            let newest = history.stored.last,
            let severity = thresholds.pressureFall.severity(
                of: PressureFall(Pressure(pascals: -change.pascals)))
        else { return nil }
        let fall = WeatherFormat.pressure(Pressure(pascals: -change.pascals), unit: unit)
        return WeatherWarning(
            id: barometerID, place: place, source: .derived, event: "pressure fall",
            severity: severity, certainty: .observed, urgency: .immediate,
            headline: "Pressure falling fast: \(fall) in 3 hours (" + barometerNote + ")",
            description: "Not an official warning: the kiosk's own barometer fell this much in"
                + " three hours, which often comes before strong wind.",
            onset: newest.time.addingTimeInterval(-PressureHistory.tendencySpan),
            ends: newest.time.addingTimeInterval(3600))
    }

    /// An amount of rain and the period it fell in, ordered by how bad it is on its own
    /// scale (so an hour's 20 mm and a day's 30 mm compare by severity, not millimetres).
    struct RainAmount: Comparable {
        var rank: Int
        var millimetres: Double
        var period: String

        static func < (lhs: RainAmount, rhs: RainAmount) -> Bool {
            (lhs.rank, lhs.millimetres) < (rhs.rank, rhs.millimetres)
        }
    }

    /// Heavy rain over one hour, six hours and a day; the worst of the three.
    static func heavyRain(
        hours: [Reading<Double>], days: [ForecastHazards.Day],
        _ thresholds: DerivedWarningThresholds
    ) -> Assessment<RainAmount>? {
        var sixHours: [Reading<Double>] = []
        if hours.count >= 6 {
            for index in 0...(hours.count - 6) {
                let window = hours[index..<index + 6]
                sixHours.append(
                    Reading(
                        start: window.first!.start, end: window.last!.end,
                        value: window.reduce(0) { $0 + $1.value }))
            }
        }
        let dayReadings = days.compactMap { day in
            day.precipitationMillimetres.map { Reading(start: day.start, end: day.end, value: $0) }
        }
        let scales: [([Reading<Double>], SeverityThresholds<Double>, String)] = [
            (hours, thresholds.rainPerHourMillimetres, "an hour"),
            (sixHours, thresholds.rainPerSixHoursMillimetres, "6 hours"),
            (dayReadings, thresholds.rainPerDayMillimetres, "a day"),
        ]
        let assessments = scales.compactMap { readings, scale, period -> Assessment<RainAmount>? in
            guard let found = assess(readings, on: scale) else { return nil }
            let rank = WarningSeverity.allCases.firstIndex(of: found.severity)!
            return Assessment(
                severity: found.severity, start: found.start, end: found.end,
                peak: RainAmount(rank: rank, millimetres: found.peak, period: period))
        }
        return assessments.max { $0.peak < $1.peak }
    }

    /// WMO codes as severities on a scale of their own: 1 minor, 2 moderate.
    static let codeScale = SeverityThresholds<Int>(minor: 1, moderate: 2)

    /// Thunderstorm (95) is 1, with hail (96, 99) 2.
    static func thunder(_ reading: Reading<Int>) -> Reading<Int>? {
        let level = [95: 1, 96: 2, 99: 2][reading.value]
        return level.map { Reading(start: reading.start, end: reading.end, value: $0) }
    }

    /// Moderate snowfall or showers (73, 85) are 1, heavy (75, 86) 2.
    static func snow(_ reading: Reading<Int>) -> Reading<Int>? {
        let level = [73: 1, 85: 1, 75: 2, 86: 2][reading.value]
        return level.map { Reading(start: reading.start, end: reading.end, value: $0) }
    }
}
