import FoundationEssentials
import Testing
import WeatherModel

/// The kiosk's own warnings: the DWD's thresholds on the forecast, the Met Office's on the
/// barometer; never official.
struct DerivedWarningsTests {
    let now = utcInstant("2026-07-01T06:00")
    let units = Units()

    /// Six hours from `now`, every value as given.
    func hours(
        gust: Double? = nil, rain: Double? = nil, code: Int? = nil, count: Int = 6
    ) -> [ForecastHazards.Hour] {
        (0..<count).map { index in
            ForecastHazards.Hour(
                time: now + Double(index) * 3600, precipitationMillimetres: rain,
                gust: gust.map { Speed($0, .kmh) },
                weatherCode: code.map(WeatherCode.init(rawValue:)))
        }
    }

    func day(max: Double? = nil, min: Double? = nil, rain: Double? = nil) -> ForecastHazards.Day {
        ForecastHazards.Day(
            start: utcInstant("2026-07-01T00:00"), end: utcInstant("2026-07-02T00:00"),
            temperatureMax: max.map { Temperature(celsius: $0) },
            temperatureMin: min.map { Temperature(celsius: $0) }, precipitationMillimetres: rain)
    }

    func warnings(_ hazards: ForecastHazards) -> [WeatherWarning] {
        DerivedWarnings.fromForecast(hazards, place: "Rome", now: now, units: units)
    }

    @Test(arguments: [
        (49.0, nil), (50.0, WarningSeverity.minor), (64.9, .minor), (65.0, .moderate),
        (104.0, .moderate), (105.0, .severe), (140.0, .extreme),
    ])
    func gustsFollowTheDWDLevels(gust: Double, severity: WarningSeverity?) {
        let found = warnings(ForecastHazards(hours: hours(gust: gust), days: []))
        #expect(found.first?.severity == severity)
        if severity != nil {
            #expect(found.first?.event == "gusts")
            #expect(
                found.first?.headline.contains("Gusts up to \(Int(gust.rounded())) km/h") == true)
        }
    }

    @Test func everyDerivedWarningIsLabelledAndNeverOfficial() {
        let hazards = ForecastHazards(
            hours: hours(gust: 80, rain: 30, code: 99),
            days: [day(max: 39, min: -12, rain: 90)])
        let found = warnings(hazards)
        #expect(
            Set(found.map(\.event)) == ["gusts", "heavy rain", "heat", "frost", "thunderstorm"])
        for warning in found {
            #expect(warning.source == .derived)
            #expect(!warning.official)
            #expect(warning.headline.hasSuffix("(" + DerivedWarnings.forecastNote + ")"))
            #expect(warning.description.hasPrefix("Not an official warning"))
            #expect(warning.place == "Rome")
        }
        #expect(found == WarningRules.ordered(found))
    }

    @Test func heavyRainTakesTheWorstOfAnHourSixHoursAndADay() {
        // 4 mm an hour is nothing per hour but 24 mm in six hours: moderate.
        let sixHours = warnings(ForecastHazards(hours: hours(rain: 4), days: []))
        #expect(sixHours.first?.severity == .moderate)
        #expect(sixHours.first?.headline.hasPrefix("Heavy rain: 24.0 mm in 6 hours") == true)
        // 26 mm in an hour is severe; a 55 mm day is severe too; the hour's wins by order.
        let hour = warnings(
            ForecastHazards(hours: hours(rain: 26, count: 1), days: [day(rain: 10)]))
        #expect(hour.first?.severity == .severe)
        #expect(hour.first?.headline.contains("in an hour") == true)
        let daily = warnings(ForecastHazards(hours: [], days: [day(rain: 85)]))
        #expect(daily.first?.severity == .extreme)
        #expect(daily.first?.headline.contains("in a day") == true)
        #expect(warnings(ForecastHazards(hours: [], days: [day(rain: 29)])).isEmpty)
    }

    @Test func heatAndFrost() {
        #expect(warnings(ForecastHazards(hours: [], days: [day(max: 31.9)])).isEmpty)
        #expect(
            warnings(ForecastHazards(hours: [], days: [day(max: 32)])).first?.severity == .minor)
        #expect(
            warnings(ForecastHazards(hours: [], days: [day(max: 38)])).first?.severity == .moderate)
        #expect(warnings(ForecastHazards(hours: [], days: [day(min: 0)])).isEmpty)
        #expect(
            warnings(ForecastHazards(hours: [], days: [day(min: -0.1)])).first?.severity == .minor)
        let frost = warnings(ForecastHazards(hours: [], days: [day(min: -3)]))
        #expect(frost.first?.severity == .minor)
        #expect(
            frost.first?.headline == "Frost: down to -3 °C (the kiosk's reading of the forecast)")
        #expect(
            warnings(ForecastHazards(hours: [], days: [day(min: -10.5)])).first?.severity
                == .moderate)
    }

    @Test(arguments: [
        (95, "thunderstorm", WarningSeverity.minor), (96, "thunderstorm", .moderate),
        (99, "thunderstorm", .moderate), (73, "snowfall", .minor), (85, "snowfall", .minor),
        (75, "snowfall", .moderate), (86, "snowfall", .moderate),
    ])
    func thunderAndSnowCodes(code: Int, event: String, severity: WarningSeverity) {
        let found = warnings(ForecastHazards(hours: hours(code: code), days: []))
        #expect(found.map(\.event) == [event])
        #expect(found.first?.severity == severity)
    }

    @Test(arguments: [0, 1, 3, 45, 61, 71, 77, 80])
    func harmlessCodesWarnOfNothing(code: Int) {
        #expect(warnings(ForecastHazards(hours: hours(code: code), days: [])).isEmpty)
    }

    @Test func onlyTheLookaheadCountsAndTheSpanFollowsTheHours() {
        var stormy = hours(count: 60)
        stormy[50].gust = Speed(90, .kmh)  // 50 hours ahead: beyond 48.
        #expect(warnings(ForecastHazards(hours: stormy, days: [])).isEmpty)
        stormy[10].gust = Speed(70, .kmh)
        stormy[12].gust = Speed(55, .kmh)
        let found = warnings(ForecastHazards(hours: stormy, days: []))
        #expect(found.first?.onset == now + 10 * 3600)
        #expect(found.first?.end == now + 13 * 3600)
        #expect(found.first?.urgency == .future)
    }

    @Test func hoursOfTheForecastInItsOwnUnits() {
        var forecast = LocationForecast(
            coordinate: Coordinate(latitude: 41.9, longitude: 12.5), utcOffsetSeconds: 7200,
            units: ForecastUnits(precipitation: .inch))
        forecast.daily = [
            DailyForecast(
                date: LocalDate(year: 2026, month: 7, day: 1),
                temperatureMax: Temperature(fahrenheit: 100), precipitationSum: 2)
        ]
        let hazards = ForecastHazards(forecast)
        #expect(hazards.days.first?.start == utcInstant("2026-06-30T22:00"))
        #expect(hazards.days.first?.precipitationMillimetres == 50.8)
        let found = warnings(hazards)
        #expect(found.map(\.event) == ["heavy rain", "heat"])
        #expect(found.first?.severity == .severe)
    }

    /// Open-Meteo's hourly rain and gusts are the hour's before their time: the hour from
    /// 09:00 takes the values given at 10:00, in the forecast's units.
    @Test func hourlyRainAndGustsOfTheForecastCountForTheHourTheyEnd() {
        var forecast = LocationForecast(
            coordinate: Coordinate(latitude: 52.5, longitude: 13.4),
            units: ForecastUnits(wind: .mph, precipitation: .inch))
        forecast.hourly = (0..<6).map { index in
            HourlyForecast(
                time: now + Double(index) * 3600, precipitation: index == 4 ? 1.2 : 0,
                windGusts: Speed(index == 4 ? 70 : 10, .mph))
        }
        let hazards = ForecastHazards(forecast)
        #expect(hazards.hours[3].time == now + 3 * 3600)
        #expect(abs((hazards.hours[3].precipitationMillimetres ?? 0) - 30.48) < 1e-9)
        #expect(hazards.hours[3].gust == Speed(70, .mph))
        #expect(hazards.hours[4].gust == Speed(10, .mph))
        #expect(hazards.hours.last?.gust == nil, "the last hour's end is not in the forecast")
        let found = warnings(hazards)
        // 70 mph is 113 km/h (severe from 105); 30.5 mm in an hour is severe from 25.
        #expect(found.map(\.event).sorted() == ["gusts", "heavy rain"])
        #expect(found.allSatisfy { $0.severity == .severe && !$0.official })
        #expect(found.first { $0.event == "gusts" }?.onset == now + 3 * 3600)
        #expect(found.first { $0.event == "gusts" }?.end == now + 4 * 3600)
    }

    @Test func aFourHectopascalFallInThreeHoursWarns() {
        var history = PressureHistory()
        let start = utcInstant("2026-01-10T06:00")
        for minute in stride(from: 0, through: 180, by: 10) {
            let fall = 4.2 * Double(minute) / 180
            history.record(
                Pressure(hectopascals: 1000 - fall), at: start + Double(minute) * 60)
        }
        let warning = try! #require(
            DerivedWarnings.fromBarometer(history, place: "Home", unit: .hectopascal))
        #expect(warning.severity == .minor)
        #expect(!warning.official)
        #expect(warning.event == "pressure fall")
        #expect(
            warning.headline == "Pressure falling fast: 4 hPa in 3 hours (the kiosk's barometer)")
        #expect(warning.end == utcInstant("2026-01-10T10:00"))
    }

    @Test(arguments: [(3.9, nil), (4.0, WarningSeverity.minor), (6.5, .moderate), (-5.0, nil)])
    func barometerLevels(fall: Double, severity: WarningSeverity?) {
        var history = PressureHistory()
        let start = utcInstant("2026-01-10T06:00")
        history.record(Pressure(hectopascals: 1000), at: start)
        history.record(Pressure(hectopascals: 1000 - fall), at: start + 3 * 3600)
        #expect(
            DerivedWarnings.fromBarometer(history, place: "Home", unit: .hectopascal)?.severity
                == severity)
    }

    @Test func aShortHistoryGivesNoBarometerWarning() {
        var history = PressureHistory()
        history.record(Pressure(hectopascals: 1000), at: now)
        history.record(Pressure(hectopascals: 990), at: now + 3600)
        #expect(DerivedWarnings.fromBarometer(history, place: "Home", unit: .hectopascal) == nil)
    }
}
