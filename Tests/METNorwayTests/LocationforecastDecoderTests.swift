import FoundationEssentials
import KioskCore
import METNorway
import Testing

/// Recorded Locationforecast answers decoded into the kiosk's forecast.
struct LocationforecastDecoderTests {
    func decode(
        _ name: String, at now: String, place: ForecastPlace,
        units: ForecastUnits = ForecastUnits()
    ) throws -> LocationForecast {
        try LocationforecastDecoder(place: place, units: units)
            .decode(try fixture(name), at: utc(now))
    }

    @Test func brisbanesCompactAnswerGivesNowTheHoursAndTheDays() throws {
        let forecast = try decode(
            "compact-brisbane-2026-03-30.json", at: "2026-03-30T13:22:45",
            place: place(-27.5, 153, offsetHours: 10))
        #expect(forecast.coordinate == Coordinate(latitude: -27.5, longitude: 153))
        #expect(forecast.elevation == 19)
        #expect(forecast.utcOffsetSeconds == 36_000)
        let current = try #require(forecast.current)
        #expect(current.time == utc("2026-03-30T13:00"))
        #expect(current.temperature == Temperature(celsius: 19.0))
        #expect(current.relativeHumidity == 79.2)
        #expect(current.seaLevelPressure == Pressure(hectopascals: 1022.1))
        #expect(abs(try #require(current.windSpeed).value(in: .kmh) - 2.9 * 3.6) < 1e-9)
        #expect(current.windDirection == 205.3)
        #expect(current.weatherCode == 0)
        #expect(current.isDay == false)
        // What MET Norway does not give stays missing: the pages show "–".
        #expect(current.apparentTemperature == nil)
        #expect(forecast.timezoneAbbreviation == nil)

        #expect(forecast.hourly.count == 66)
        #expect(forecast.hourly.first?.time == utc("2026-03-30T13:00"))
        #expect(forecast.hourly.last?.time == utc("2026-04-02T06:00"))
        #expect(forecast.hourly.allSatisfy { $0.precipitationProbability == nil })

        // Days from Brisbane's midnight (UTC+10): today is its last hour, then nine days.
        #expect(forecast.daily.map(\.date.description).first == "2026-03-30")
        #expect(forecast.daily.map(\.date.description).last == "2026-04-08")
        #expect(forecast.daily.count == 10)
        let tomorrow = forecast.daily[1]
        #expect(tomorrow.temperatureMax == Temperature(celsius: 25.6))
        #expect(tomorrow.temperatureMin == Temperature(celsius: 17.3))
        #expect(abs(try #require(tomorrow.precipitationSum) - 1.7) < 1e-9)
        #expect(tomorrow.weatherCode == 81)
        #expect(forecast.daily.allSatisfy { $0.precipitationProbabilityMax == nil })
        #expect(forecast.daily.allSatisfy { $0.sunrise == nil && $0.sunset == nil })
        #expect(
            forecast.today(at: utc("2026-03-30T13:22:45"))?.temperatureMax
                == Temperature(celsius: 19))
    }

    @Test func aNordicCompleteAnswerGivesTheChanceOfPrecipitation() throws {
        let forecast = try decode(
            "complete-south-of-oslo-2022-05-18.json", at: "2022-05-18T21:10",
            place: place(59, 10, offsetHours: 2))
        #expect(forecast.hourly.count == 52)
        #expect(forecast.hourly[0].precipitationProbability == 0.3)
        // Every hour with a 1-hour summary has its chance; the last hourly step has none.
        #expect(forecast.hourly.prefix(51).allSatisfy { $0.precipitationProbability != nil })
        #expect(forecast.hourly[51].precipitationProbability == nil)
        let days = forecast.daily
        #expect(days.map(\.date.description).first == "2022-05-18")
        #expect(days.map(\.date.description).last == "2022-05-26")
        let may19 = try #require(days.first { $0.date.description == "2022-05-19" })
        #expect(may19.precipitationProbabilityMax == 57.9)
        #expect(may19.temperatureMax == Temperature(celsius: 16.5))
        #expect(may19.temperatureMin == Temperature(celsius: 11.0))
        #expect(may19.weatherCode == 63)
        // A 6-hourly day's chance is the highest of its 6-hour periods.
        let may24 = try #require(days.first { $0.date.description == "2022-05-24" })
        #expect(may24.precipitationProbabilityMax == 31.4)
    }

    /// The derived gust and heavy-rain warnings read these: on the fallback they must not
    /// go silent.
    @Test func anHoursRainIsTheHourBeforeItAndItsGustTheInstants() throws {
        let forecast = try decode(
            "complete-south-of-oslo-2022-05-18.json", at: "2022-05-18T21:10",
            place: place(59, 10, offsetHours: 2))
        // The first step has no hour before it in the answer: its amount is not known.
        #expect(forecast.hourly[0].precipitation == nil)
        #expect(
            forecast.hourly[0].windGusts == Speed(Speed(metresPerSecond: 2.2).value(in: .kmh), .kmh)
        )
        #expect(forecast.hourly[1].precipitation == 0)
        let rainy = try #require(forecast.hourly.first { $0.time == utc("2022-05-19T22:00") })
        #expect(rainy.precipitation == 0.5)
        #expect(rainy.windGusts == Speed(Speed(metresPerSecond: 4.7).value(in: .kmh), .kmh))
        let next = try #require(forecast.hourly.first { $0.time == utc("2022-05-19T23:00") })
        #expect(next.precipitation == 1.0)
        // A compact answer has no gusts: none rather than zero.
        let compact = try decode(
            "compact-brisbane-2026-03-30.json", at: "2026-03-30T13:22:45",
            place: place(-27.5, 153, offsetHours: 10))
        #expect(compact.hourly.allSatisfy { $0.windGusts == nil })
    }

    @Test func londonsCompleteAnswerInFahrenheitMilesAndInches() throws {
        let units = ForecastUnits(temperature: .fahrenheit, wind: .mph, precipitation: .inch)
        let forecast = try decode(
            "complete-london-2020-07-20.json", at: "2020-07-20T11:44:31",
            place: place(51.5, -0.1, offsetHours: 1, elevation: 25), units: units)
        #expect(forecast.units == units)
        let current = try #require(forecast.current)
        #expect(
            abs(try #require(current.temperature).value(in: .fahrenheit) - (18.8 * 9 / 5 + 32))
                < 1e-9)
        #expect(abs(try #require(current.windSpeed).value(in: .mph) - 2.3 * 3600 / 1609.344) < 1e-9)
        let july25 = try #require(forecast.daily.first { $0.date.description == "2020-07-25" })
        #expect(abs(try #require(july25.temperatureMax).celsius - 23.4) < 1e-9)
        #expect(abs(try #require(july25.precipitationSum) - 1.1 / 25.4) < 1e-9)
        #expect(july25.weatherCode == 80)
        // London's complete answer of that day has no chance of precipitation anywhere.
        #expect(forecast.hourly.allSatisfy { $0.precipitationProbability == nil })
        #expect(forecast.daily.count == 9)
    }

    @Test func withoutTheOffsetTheLongitudesZoneCutsTheDays() throws {
        let forecast = try decode(
            "compact-new-york-2020-07-20.json", at: "2020-07-20T11:44:31",
            place: place(40.7, -74.0))
        #expect(forecast.utcOffsetSeconds == -5 * 3600)
        #expect(forecast.daily.first?.date.description == "2020-07-20")
        #expect(forecast.current?.time == utc("2020-07-20T11:00"))
    }

    @Test func beforeTheFirstStepNowIsTheFirstStep() throws {
        let forecast = try decode(
            "compact-brisbane-2026-03-30.json", at: "2026-03-30T09:00", place: place(-27.5, 153))
        #expect(forecast.current?.time == utc("2026-03-30T13:00"))
    }

    @Test(arguments: [
        ("", "not JSON at all"),
        ("<html>403 Forbidden</html>", "not JSON at all"),
        (#"{"type":"Feature"}"#, "properties is missing"),
        (#"{"properties":{"timeseries":[]}}"#, "properties.timeseries is empty"),
        (
            #"{"properties":{"timeseries":[{"time":"2026-03-30T13:00:00+01:00","data":{}}]}}"#,
            "properties.timeseries[0].time is not a UTC time"
        ),
        (
            #"{"properties":{"meta":{"units":{"air_temperature":"fahrenheit"}},"timeseries":[]}}"#,
            "properties.meta.units.air_temperature is \"fahrenheit\", not celsius"
        ),
        (
            #"{"properties":{"timeseries":[{"time":"2026-03-30T13:00:00Z","data":{"instant":{"details":{"air_temperature":"warm"}}}}]}}"#,
            "has the wrong type"
        ),
    ])
    func anythingElseSaysWhereItWentWrong(body: String, detail: String) {
        let decoder = LocationforecastDecoder(place: place(1, 2), units: ForecastUnits())
        #expect {
            _ = try decoder.decode(Array(body.utf8), at: utc("2026-03-30T13:00"))
        } throws: { error in
            (error as? LocationforecastDecodingError)?.detail.contains(detail) == true
        }
    }

    @Test func aStepWithNothingButItsTimeIsAnHourWithoutValues() throws {
        let body = #"{"properties":{"timeseries":[{"time":"2026-03-30T13:00:00Z","data":{}}]}}"#
        let forecast = try LocationforecastDecoder(
            place: place(1, 2, offsetHours: 0), units: ForecastUnits()
        )
        .decode(Array(body.utf8), at: utc("2026-03-30T13:30"))
        #expect(forecast.current?.temperature == nil)
        #expect(forecast.current?.weatherCode == nil)
        #expect(forecast.hourly.isEmpty)
        // A day with no values is no day: the pages show "–" for it.
        #expect(forecast.daily.isEmpty)
    }
}
