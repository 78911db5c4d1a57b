import FoundationEssentials
import KioskCore
import KioskTesting
import OpenMeteo
import Testing

@Suite struct ForecastDecodingTests {
    let twoLocations = ForecastRequest(coordinates: [
        Coordinate(latitude: 41, longitude: 2), Coordinate(latitude: 41.1, longitude: 2.1),
    ])

    func decode(_ body: String, coordinates: Int = 1) throws(OpenMeteoError) -> [LocationForecast] {
        let request = ForecastRequest(
            coordinates: Array(repeating: Coordinate(latitude: 1, longitude: 2), count: coordinates)
        )
        return try request.decodeResponse(Array(body.utf8), host: "api.open-meteo.com")
    }

    @Test func multiLocationUnixtimeArrayInOrder() throws {
        let body = try fixture("forecast-multi-2loc-unixtime-openmeteo-unittest.json")
        let forecasts = try twoLocations.decodeResponse(body, host: "fixture")
        #expect(forecasts.count == 2)
        for forecast in forecasts {
            #expect(forecast.coordinate == Coordinate(latitude: 41, longitude: 2))
            #expect(forecast.utcOffsetSeconds == 3600)
            #expect(forecast.timezone == "GMT")
            #expect(forecast.hourly.count == 48)
            #expect(forecast.hourly.first?.time == Date(timeIntervalSince1970: 1_657_584_000))
            #expect(forecast.hourly.last?.time == Date(timeIntervalSince1970: 1_657_753_200))
            #expect(forecast.hourly.allSatisfy { $0.temperature?.celsius == 20 })
            #expect(forecast.hourly.allSatisfy { $0.weatherCode == nil && $0.isDay == nil })
            // Legacy current_weather: the time is there, the dummy variables are not ours.
            #expect(forecast.current?.time == Date(timeIntervalSince1970: 1_657_588_500))
            #expect(forecast.current?.temperature == nil)
            #expect(
                forecast.daily.map(\.date) == [
                    LocalDate(year: 2022, month: 7, day: 12),
                    LocalDate(year: 2022, month: 7, day: 13),
                ])
            #expect(forecast.daily.allSatisfy { $0.temperatureMax == nil })
        }
    }

    @Test func iso8601AndUnixtimeGiveTheSameForecasts() throws {
        let iso = try twoLocations.decodeResponse(
            try fixture("forecast-multi-2loc-iso8601-openmeteo-unittest.json"), host: "fixture")
        let unix = try twoLocations.decodeResponse(
            try fixture("forecast-multi-2loc-unixtime-openmeteo-unittest.json"), host: "fixture")
        #expect(iso == unix)
        // "2022-07-12T01:00" at UTC+1 is midnight UTC.
        #expect(iso[0].hourly[0].time == utc("2022-07-12T00:00"))
    }

    @Test func magicMirrorLocalTimesBecomeInstants() throws {
        let body = try fixture("forecast-single-current-hourly-daily-magicmirror.json")
        let request = ForecastRequest(coordinates: [Coordinate(latitude: 40.79, longitude: -73.97)])
        let forecast = try #require(try request.decodeResponse(body, host: "fixture").first)
        #expect(forecast.coordinate == Coordinate(latitude: 40.78858, longitude: -73.9661))
        #expect(forecast.utcOffsetSeconds == -18000)
        #expect(forecast.timezone == "America/New_York")
        #expect(forecast.timezoneAbbreviation == "GMT-5")
        #expect(forecast.elevation == 20)
        let current = try #require(forecast.current)
        #expect(current.time == utc("2026-02-06T21:30"))
        #expect(current.temperature?.celsius == -1.4)
        #expect(current.relativeHumidity == 60)
        #expect(current.weatherCode == 3)
        #expect(current.windSpeed?.value(in: .kmh) == 4.8)
        #expect(current.windDirection == 138)
        #expect(current.apparentTemperature == nil && current.isDay == nil)
        #expect(current.seaLevelPressure == nil)
        #expect(forecast.hourly.count == 168)
        #expect(forecast.hourly[0].time == utc("2026-02-06T05:00"))
        #expect(forecast.hourly[0].temperature?.celsius == -7.1)
        #expect(forecast.hourly[2].temperature?.celsius == -8.5)
        #expect(forecast.daily.count == 7)
        let first = forecast.daily[0]
        #expect(first.date == LocalDate(year: 2026, month: 2, day: 6))
        #expect(first.weatherCode == 3)
        #expect(first.temperatureMax?.celsius == -0.2 && first.temperatureMin?.celsius == -9.2)
        #expect(first.sunrise == utc("2026-02-06T12:00"))
        #expect(first.sunset == utc("2026-02-06T22:19"))
        #expect(forecast.daily[1].weatherCode == 71)
        #expect(forecast.daily[1].precipitationSum == 0.4)
        #expect(first.precipitationProbabilityMax == nil)
        #expect(forecast.units == ForecastUnits())
    }

    /// The hourly rain as recorded (MagicMirror's answer asks for it), and gusts in the
    /// answer's own unit, in Open-Meteo's documented shape (no recorded answer has them).
    @Test func hourlyRainAndGusts() throws {
        let body = try fixture("forecast-single-current-hourly-daily-magicmirror.json")
        let request = ForecastRequest(coordinates: [Coordinate(latitude: 40.79, longitude: -73.97)])
        let forecast = try #require(try request.decodeResponse(body, host: "fixture").first)
        #expect(forecast.hourly[27].precipitation == 0)
        #expect(forecast.hourly[28].precipitation == 0.1)
        #expect(forecast.hourly[29].precipitation == 0.2)
        #expect(forecast.hourly.allSatisfy { $0.windGusts == nil })
        let gusty = try decode(
            """
            {"latitude":52.52,"longitude":13.42,"utc_offset_seconds":0,"timezone":"GMT",
             "hourly_units":{"time":"unixtime","wind_gusts_10m":"mp/h","precipitation":"inch"},
             "hourly":{"time":[1782900000,1782903600],"wind_gusts_10m":[41.6,null],
                       "precipitation":[0.12,null]}}
            """)
        let hours = try #require(gusty.first?.hourly)
        #expect(hours[0].windGusts == Speed(41.6, .mph))
        #expect(hours[0].precipitation == 0.12)
        #expect(gusty.first?.units.precipitation == .inch)
        #expect(hours[1].windGusts == nil && hours[1].precipitation == nil)
    }

    @Test func dayLengthAndUVIndexOfARecordedResponse() throws {
        let body = try fixture("forecast-single-daily-sun-moon-frenck.json")
        let request = ForecastRequest(coordinates: [Coordinate(latitude: 52.27, longitude: 6.87)])
        let forecast = try #require(try request.decodeResponse(body, host: "fixture").first)
        #expect(forecast.daily.count == 3)
        let today = forecast.daily[0]
        #expect(today.date == LocalDate(year: 2026, month: 10, day: 3))
        #expect(today.daylight == .milliseconds(41_331_180))
        #expect(today.uvIndexMax == UVIndex(3.3))
        #expect(today.uvIndexMax?.band.name == "Moderate")
        #expect(today.sunrise == utc("2026-10-03T05:36"))
        #expect(forecast.daily.map { $0.daylight?.totalSeconds } == [41331.18, 41089.74, 40849.16])
        #expect(forecast.daily.map { $0.uvIndexMax?.value } == [3.3, 3.2, 3.35])
    }

    @Test func impossibleDayLengthsAndUVIndicesAreMissingValues() throws {
        let body = """
            {"utc_offset_seconds":0,"daily":{"time":["2026-10-03","2026-10-04","2026-10-05"],
            "daylight_duration":[-1,90000,null],"uv_index_max":[-0.5,null,11.6]}}
            """
        let days = try #require(try decode(body).first).daily
        #expect(days.map(\.daylight) == [nil, nil, nil])
        #expect(days.map { $0.uvIndexMax?.value } == [nil, nil, 11.6])
        #expect(days[2].uvIndexMax?.band.name == "Extreme")
    }

    @Test func todayIsPickedByTheCitysLocalDate() throws {
        let body = try fixture("forecast-single-current-hourly-daily-magicmirror.json")
        let request = ForecastRequest(coordinates: [Coordinate(latitude: 40.79, longitude: -73.97)])
        let forecast = try #require(try request.decodeResponse(body, host: "fixture").first)
        // 03:00 UTC on the 7th is still 22:00 on the 6th in New York.
        let lateEvening = utc("2026-02-07T03:00")
        #expect(forecast.today(at: lateEvening)?.date == LocalDate(year: 2026, month: 2, day: 6))
        #expect(forecast.today(at: utc("2026-02-07T05:00"))?.date.day == 7)
        #expect(
            forecast.upcomingDays(after: lateEvening, count: 3).map(\.date.day) == [7, 8, 9])
        #expect(forecast.today(at: utc("2026-03-01T12:00")) == nil)
    }

    @Test func legacyCurrentWeatherUnixtime() throws {
        let body = try fixture("forecast-single-legacy-current_weather-unixtime-magicmirror.json")
        let request = ForecastRequest(coordinates: [Coordinate(latitude: 48.14, longitude: 11.58)])
        let forecast = try #require(try request.decodeResponse(body, host: "fixture").first)
        let current = try #require(forecast.current)
        #expect(current.time == Date(timeIntervalSince1970: 1_770_477_300))
        #expect(current.temperature?.celsius == 8.5 && current.windSpeed?.value(in: .kmh) == 4.7)
        #expect(current.windDirection == 9 && current.weatherCode == 2 && current.isDay == true)
        #expect(current.relativeHumidity == nil)
        #expect(forecast.hourly.count == 168)
        #expect(forecast.hourly[0].temperature?.celsius == 6.4)
        #expect(forecast.hourly.allSatisfy { $0.weatherCode == nil })
        // Daily unix times are local midnights: 23:00 UTC is midnight in Berlin (UTC+1).
        #expect(forecast.daily.first?.date == LocalDate(year: 2026, month: 2, day: 7))
        #expect(forecast.daily.first?.temperatureMax?.celsius == 9.5)
        #expect(forecast.daily.first?.sunrise == Date(timeIntervalSince1970: 1_770_445_978))
        #expect(forecast.daily.allSatisfy { $0.weatherCode == nil && $0.precipitationSum == nil })
    }

    /// A live answer with both pressures: the kiosk takes `pressure_msl`, what weather
    /// reports give, not `surface_pressure` (the pressure at the model's ground, 29 m up).
    @Test func theSeaLevelPressureIsPressureMSLNotTheSurfacesPressure() throws {
        let body = try fixture("forecast-single-current-pressure-frenck.json")
        let request = ForecastRequest(coordinates: [Coordinate(latitude: 52.27, longitude: 6.87)])
        let forecast = try #require(try request.decodeResponse(body, host: "fixture").first)
        let current = try #require(forecast.current)
        #expect(current.seaLevelPressure == Pressure(hectopascals: 1030.4))
        #expect(current.time == utc("2026-10-03T10:30"))
        #expect(
            current.temperature?.celsius == 17.7 && current.apparentTemperature?.celsius == 17.6)
        #expect(current.relativeHumidity == 66 && current.isDay == true && current.weatherCode == 2)
        #expect(current.windSpeed?.value(in: .kmh) == 3.6 && current.windDirection == 259)
    }

    @Test func minimalBodyWithoutBlocks() throws {
        let body = try fixture("forecast-single-minimal-no-blocks-frenck.json")
        let request = ForecastRequest(coordinates: [Coordinate(latitude: 52.27, longitude: 6.87)])
        let forecast = try #require(try request.decodeResponse(body, host: "fixture").first)
        #expect(forecast.coordinate.latitude == 52.276)
        #expect(forecast.elevation == 29)
        #expect(forecast.current == nil && forecast.hourly.isEmpty && forecast.daily.isEmpty)
    }

    @Test func nullAnywhereIsAMissingValue() throws {
        let body = """
            {"latitude":null,"longitude":null,"utc_offset_seconds":null,"elevation":null,
             "timezone":null,"current_units":null,
             "current":{"time":1700000000,"temperature_2m":null,"is_day":null,"weather_code":null},
             "hourly":{"time":[1700000000,null,1700007200],"temperature_2m":[1.5,2.5,null],
                       "weather_code":null,"is_day":[1,0]},
             "daily":{"time":["2023-11-14",null],"sunrise":[null,null],"temperature_2m_max":null},
             "hourly_units":{"temperature_2m":null}}
            """
        let forecast = try #require(try decode(body).first)
        #expect(forecast.coordinate == Coordinate(latitude: 1, longitude: 2))  // The requested one.
        #expect(forecast.utcOffsetSeconds == 0)
        #expect(forecast.current?.temperature == nil && forecast.current?.isDay == nil)
        #expect(forecast.hourly.map { $0.temperature?.celsius } == [1.5, nil])
        #expect(forecast.hourly.map(\.isDay) == [true, nil])
        #expect(forecast.hourly.allSatisfy { $0.weatherCode == nil })
        #expect(forecast.daily.count == 1)
        #expect(forecast.daily[0].sunrise == nil && forecast.daily[0].temperatureMax == nil)
    }

    @Test func currentBlockWithoutTimeIsDropped() throws {
        let forecast = try #require(try decode(#"{"current":{"temperature_2m":3}}"#).first)
        #expect(forecast.current == nil)
    }

    @Test func unitsFromTheResponseWinOverTheRequest() throws {
        let body = """
            {"hourly_units":{"time":"unixtime","temperature_2m":"°F"},
             "current_units":{"wind_speed_10m":"mp/h"},"daily_units":{"precipitation_sum":"inch"}}
            """
        let forecast = try #require(try decode(body).first)
        #expect(
            forecast.units
                == ForecastUnits(temperature: .fahrenheit, wind: .mph, precipitation: .inch))
        let request = ForecastRequest(
            coordinates: [Coordinate(latitude: 1, longitude: 2)],
            units: ForecastUnits(temperature: .fahrenheit, wind: .kn))
        let unlabelled = try request.decodeResponse(Array("{}".utf8), host: "h")
        #expect(unlabelled[0].units == ForecastUnits(temperature: .fahrenheit, wind: .kn))
    }

    @Test(arguments: [
        ("<html><body>502 Bad Gateway</body></html>", "not JSON at all"),
        (#"{"latitude":52.5,"hourly":{"time":[1700000000,17000"#, "invalid or incomplete JSON"),
        (
            #"{"latitude":52.5,"longitude":13.4}Error: database timeout"#,
            "invalid or incomplete JSON"
        ),
        (#"{"latitude":52.5,"longitude":13.4}\n{"error":true}"#, "invalid or incomplete JSON"),
        ("", "not JSON at all"),
        (#"{"hourly":{"time":"yesterday"}}"#, "hourly.time has the wrong type"),
        (#"{"hourly":{"time":["noon"]}}"#, "hourly.time[0] is not a time"),
        (#"[{"latitude":1},{"latitude":2}]"#, "2 locations for 1 requested"),
        ("[null]", "location 1 is null"),
        ("[]", "0 locations for 1 requested"),
    ])
    func malformedBodies(body: String, detail: String) {
        #expect {
            _ = try decode(body)
        } throws: { error in
            guard let error = error as? OpenMeteoError,
                case .malformedResponse(let said) = error.kind
            else { return false }
            return said == detail && error.message.contains("api.open-meteo.com")
        }
    }

    @Test func oneObjectForTwoLocationsIsMalformed() throws {
        let body = try fixture("forecast-single-minimal-no-blocks-frenck.json")
        #expect(throws: OpenMeteoError.self) { try twoLocations.decodeResponse(body, host: "h") }
    }

    @Test func errorBodyWithStatus200IsARejection() {
        #expect {
            _ = try decode(#"{"error":true,"reason":"Cannot initialize WeatherVariable"}"#)
        } throws: { error in
            (error as? OpenMeteoError)?.kind
                == .rejected(reason: "Cannot initialize WeatherVariable")
        }
    }
}
