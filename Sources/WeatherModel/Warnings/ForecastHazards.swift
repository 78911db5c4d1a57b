public import FoundationEssentials

/// The parts of a forecast the kiosk's own warnings read, in fixed units: what
/// `DerivedWarnings` needs and nothing else, so that a forecast from another provider (or
/// one with more variables) feeds the same rules.
public struct ForecastHazards: Sendable, Hashable {
    /// One hour.
    public struct Hour: Sendable, Hashable {
        /// Start of the hour.
        public var time: Date
        /// Air temperature.
        public var temperature: Temperature?
        /// Precipitation in the hour, millimetres.
        public var precipitationMillimetres: Double?
        /// Highest gust in the hour.
        public var gust: Speed?
        /// WMO weather code.
        public var weatherCode: WeatherCode?

        /// Creates an hour.
        public init(
            time: Date, temperature: Temperature? = nil, precipitationMillimetres: Double? = nil,
            gust: Speed? = nil, weatherCode: WeatherCode? = nil
        ) {
            self.time = time
            self.temperature = temperature
            self.precipitationMillimetres = precipitationMillimetres
            self.gust = gust
            self.weatherCode = weatherCode
        }
    }

    /// One local day.
    public struct Day: Sendable, Hashable {
        /// Local midnight at its start.
        public var start: Date
        /// Local midnight at its end.
        public var end: Date
        /// Highest air temperature.
        public var temperatureMax: Temperature?
        /// Lowest air temperature.
        public var temperatureMin: Temperature?
        /// Precipitation in the day, millimetres.
        public var precipitationMillimetres: Double?
        /// Highest gust.
        public var gustMax: Speed?
        /// The day's most significant WMO weather code.
        public var weatherCode: WeatherCode?

        /// Creates a day.
        public init(
            start: Date, end: Date, temperatureMax: Temperature? = nil,
            temperatureMin: Temperature? = nil, precipitationMillimetres: Double? = nil,
            gustMax: Speed? = nil, weatherCode: WeatherCode? = nil
        ) {
            self.start = start
            self.end = end
            self.temperatureMax = temperatureMax
            self.temperatureMin = temperatureMin
            self.precipitationMillimetres = precipitationMillimetres
            self.gustMax = gustMax
            self.weatherCode = weatherCode
        }
    }

    /// Hours, oldest first.
    public var hours: [Hour]
    /// Days, oldest first.
    public var days: [Day]

    /// Creates the hazards from explicit hours and days.
    public init(hours: [Hour], days: [Day]) {
        self.hours = hours
        self.days = days
    }

    /// What `forecast` holds: hourly temperature, rain (converted to millimetres), gusts
    /// and weather codes, daily extremes, precipitation sums and codes. Open-Meteo gives an
    /// hour's rain and gust at the hour's end (the sum and the highest of the hour before
    /// `time`), so the hour from 14:00 takes those given at 15:00.
    public init(_ forecast: LocationForecast) {
        let unit = forecast.units.precipitation
        let hourly = forecast.hourly
        hours = hourly.indices.map { index in
            let hour = hourly[index]
            let ending = hourly.indices.contains(index + 1) ? hourly[index + 1] : nil
            let endsOnTime = ending.map { $0.time.timeIntervalSince(hour.time) == 3600 } ?? false
            return Hour(
                time: hour.time, temperature: hour.temperature,
                precipitationMillimetres: endsOnTime
                    ? ending?.precipitation.map { unit.convert($0, to: .millimetre) } : nil,
                gust: endsOnTime ? ending?.windGusts : nil, weatherCode: hour.weatherCode)
        }
        let offset = forecast.utcOffsetSeconds
        days = forecast.daily.map { day in
            let start = LocalDateTime(date: day.date, hour: 0, minute: 0)
                .instant(utcOffsetSeconds: offset)
            let end = LocalDateTime(date: day.date.adding(days: 1), hour: 0, minute: 0)
                .instant(utcOffsetSeconds: offset)
            return Day(
                start: start, end: end, temperatureMax: day.temperatureMax,
                temperatureMin: day.temperatureMin,
                precipitationMillimetres: day.precipitationSum.map {
                    unit.convert($0, to: .millimetre)
                },
                weatherCode: day.weatherCode)
        }
    }

    /// The hours from the one containing `now` to `now + span`.
    func hours(from now: Date, span: TimeInterval) -> [Hour] {
        hours.filter { $0.time > now.addingTimeInterval(-3600) && $0.time < now + span }
    }

    /// The days that overlap `now ..< now + span`.
    func days(from now: Date, span: TimeInterval) -> [Day] {
        days.filter { $0.end > now && $0.start < now + span }
    }
}
