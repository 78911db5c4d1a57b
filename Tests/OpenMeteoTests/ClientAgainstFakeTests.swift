import FoundationEssentials
import KioskCore
import KioskTesting
import OpenMeteo
import Testing

/// The client and the fake Open-Meteo together, through an in-memory transport: what the
/// fake writes, the decoder must read, and the result must look like weather.
@Suite struct ClientAgainstFakeTests {
    static let now = utc("2026-03-14T15:09").addingTimeInterval(26)

    func client(
        _ fake: FakeOpenMeteo = FakeOpenMeteo(now: { ClientAgainstFakeTests.now }),
        maximumLocations: Int = 100
    ) -> (OpenMeteoClient, InMemoryOpenMeteo) {
        let transport = InMemoryOpenMeteo(fake: fake)
        return (
            OpenMeteoClient(
                transport: transport, baseURL: "http://127.0.0.1:8080",
                geocodingURL: "http://127.0.0.1:8080", maximumLocationsPerRequest: maximumLocations,
                airQualityURL: "http://127.0.0.1:8080"),
            transport
        )
    }

    func place(_ name: String) -> FakeOpenMeteo.Place {
        FakeOpenMeteo.places.first { $0.name == name }!
    }

    @Test func airQualityForCitiesAroundTheWorld() async throws {
        let cities = ["Rome", "Sydney", "Reykjavík"].map(place)
        let (client, transport) = client(maximumLocations: 2)
        let air = try await client.airQuality(for: cities.map(\.coordinate))
        #expect(transport.requests.count == 2)
        #expect(transport.requests.allSatisfy { $0.path == "/v1/air-quality" })
        #expect(air.count == 3)
        for forecast in air {
            let now = try #require(forecast.current)
            #expect(now.index(on: .european) != nil && now.index(on: .us) != nil)
            #expect(now.pm25 != nil && now.pm10 != nil && now.ozone != nil)
            #expect(now.nitrogenDioxide != nil && now.uvIndex != nil)
            #expect(forecast.hourly.count == 24)
            #expect(forecast.trend(on: .us, from: Self.now, count: 12).count == 12)
        }
        // Pollen in Europe (in March, in season), nothing in Sydney.
        #expect(air[0].current?.pollen.count == 6)
        #expect(air[1].current?.pollen.isEmpty == true)
    }

    @Test func forecastsForCitiesAroundTheWorld() async throws {
        let names = ["Rome", "Sydney", "São Paulo", "Kathmandu", "Reykjavík"]
        let cities = names.map(place)
        let (client, transport) = client()
        let forecasts = try await client.forecasts(
            for: cities.map(\.coordinate), units: ForecastUnits())
        #expect(transport.requests.count == 1)
        #expect(forecasts.map(\.timezone) == cities.map(\.timezone))
        #expect(forecasts.map(\.utcOffsetSeconds) == [3600, 36000, -10800, 20700, 0])
        for (forecast, city) in zip(forecasts, cities) {
            #expect(forecast.coordinate.distance(to: city.coordinate) < 3_000)
            let current = try #require(forecast.current)
            #expect(current.time == utc("2026-03-14T15:00"))
            #expect((-60...60).contains(try #require(current.temperature?.celsius)))
            #expect((0...100).contains(try #require(current.relativeHumidity)))
            #expect(try #require(current.weatherCode).isDocumented)
            #expect(current.isDay != nil)
            // Sea level, whatever the city's height (Kathmandu is 1,300 m up).
            let pressure = try #require(current.seaLevelPressure?.hectopascals)
            #expect((990...1036).contains(pressure), "\(city.name): \(pressure) hPa")
            #expect(current.windSpeed != nil && current.windDirection != nil)
            #expect(current.apparentTemperature != nil)
            // 48 hours from the start of the city's current local hour.
            #expect(forecast.hourly.count == 48)
            let firstHour = try #require(forecast.hourly.first).time
            #expect(firstHour <= Self.now && Self.now.timeIntervalSince(firstHour) < 3600)
            #expect(forecast.localTime(at: firstHour).minute == 0)
            #expect(forecast.upcomingHours(from: Self.now, count: 3).count == 3)
            #expect(forecast.hourly.allSatisfy { $0.temperature != nil && $0.isDay != nil })
            // Seven days from the city's own today.
            #expect(forecast.daily.count == 7)
            #expect(forecast.today(at: Self.now) == forecast.daily.first)
            for day in forecast.daily {
                let sunrise = try #require(day.sunrise)
                let sunset = try #require(day.sunset)
                #expect(sunrise < sunset)
                #expect(try #require(day.temperatureMin) <= (try #require(day.temperatureMax)))
                #expect((0...100).contains(try #require(day.precipitationProbabilityMax)))
                #expect(try #require(day.precipitationSum) >= 0)
                #expect(try #require(day.weatherCode).isDocumented)
                // The fake's day length is its sunrise to its sunset, as Open-Meteo's is.
                let daylight = try #require(day.daylight).totalSeconds
                #expect(abs(daylight - sunset.timeIntervalSince(sunrise)) < 1)
                #expect((0...13).contains(try #require(day.uvIndexMax).value))
            }
        }
        // Sydney is already on the 15th at 01:09 local time.
        #expect(forecasts[1].daily.first?.date == LocalDate(year: 2026, month: 3, day: 15))
        #expect(forecasts[0].daily.first?.date == LocalDate(year: 2026, month: 3, day: 14))
        // The hour that contains noon in Rome is daytime; its midnight is not.
        let rome = forecasts[0]
        let noon = try #require(rome.hourly.first { rome.localTime(at: $0.time).hour == 12 })
        let midnight = try #require(rome.hourly.first { rome.localTime(at: $0.time).hour == 0 })
        #expect(noon.isDay == true && midnight.isDay == false)
    }

    @Test func imperialUnitsMatchTheMetricNumbers() async throws {
        let (client, _) = client()
        let rome = [place("Rome").coordinate]
        let metric = try await client.forecasts(for: rome, units: ForecastUnits())[0]
        let imperial = try await client.forecasts(
            for: rome,
            units: ForecastUnits(temperature: .fahrenheit, wind: .mph, precipitation: .inch)
        )[0]
        #expect(
            imperial.units
                == ForecastUnits(temperature: .fahrenheit, wind: .mph, precipitation: .inch))
        for (celsius, fahrenheit) in zip(metric.hourly, imperial.hourly) {
            // The fake answered in °C and in °F: the same temperature, give or take rounding.
            let metricValue = try #require(celsius.temperature)
            let imperialValue = try #require(fahrenheit.temperature)
            #expect(abs(metricValue.fahrenheit - imperialValue.value(in: .fahrenheit)) <= 0.2)
        }
        let kmh = try #require(metric.current?.windSpeed)
        let mph = try #require(imperial.current?.windSpeed)
        #expect(abs(kmh.value(in: .kmh) / 1.609344 - mph.value(in: .mph)) <= 0.1)
    }

    @Test func nullsFromTheFakeAreMissingValues() async throws {
        let fake = FakeOpenMeteo(nullEvery: 5, now: { ClientAgainstFakeTests.now })
        let (client, _) = client(fake)
        let forecast = try await client.forecasts(
            for: [place("Berlin").coordinate], units: ForecastUnits())[0]
        #expect(forecast.hourly.count == 48)
        let missing = forecast.hourly.indices.filter { forecast.hourly[$0].temperature == nil }
        #expect(missing == Array(stride(from: 4, to: 48, by: 5)))
        #expect(forecast.current?.weatherCode == nil)  // The 5th current variable.
        #expect(forecast.current?.temperature != nil)
    }

    @Test func splittingAgreesWithTheServersLimit() async throws {
        let coordinates = FakeOpenMeteo.places.prefix(7).map(\.coordinate)
        let fake = FakeOpenMeteo(maximumLocations: 3, now: { ClientAgainstFakeTests.now })
        let (splitting, transport) = client(fake, maximumLocations: 3)
        let forecasts = try await splitting.forecasts(for: coordinates, units: ForecastUnits())
        #expect(forecasts.count == 7)
        #expect(
            transport.requests.map { $0.queryValue("latitude")?.split(separator: ",").count } == [
                3, 3, 1,
            ])
        for (forecast, coordinate) in zip(forecasts, coordinates) {
            #expect(forecast.coordinate.distance(to: coordinate) < 3_000)
        }
        let (greedy, _) = client(fake, maximumLocations: 100)
        await #expect {
            _ = try await greedy.forecasts(for: coordinates, units: ForecastUnits())
        } throws: { error in
            (error as? OpenMeteoError)?.kind
                == .rejected(
                    reason: "Parameter 'latitude' and 'longitude' must not exceed 3 coordinates.")
        }
    }

    @Test func searchRanksTheFakesMatches() async throws {
        let (client, _) = client()
        let springfields = try await client.search(name: "springfield")
        #expect(
            springfields.map(\.admin1)
                == ["Missouri", "Massachusetts", "Illinois", "Oregon", "Ohio"])
        let paris = try await client.search(name: "Paris")
        #expect(paris.first?.country == "France")
        #expect(paris.first?.city.qualifiedName == "Paris, Île-de-France, France")
        let texan = try await client.search(name: "paris", countryCode: "us")
        #expect(texan.map(\.admin1) == ["Texas", "Tennessee"])
        let rome = try await client.search(name: "Rome")
        #expect(rome.map(\.countryCode) == ["IT", "US"])
        #expect(
            rome.first?.city
                == City(
                    name: "Rome", country: "Italy", admin1: "Lazio",
                    coordinate: Coordinate(latitude: 41.89193, longitude: 12.51133),
                    timezone: "Europe/Rome", geonameID: 3_169_070, countryCode: "IT"))
    }

    @Test(arguments: [
        ("Москва", "Moscow"), ("sao paulo", "São Paulo"), ("São", "São Paulo"),
        ("ho chi minh", "Ho Chi Minh City"), ("Saigon", "Ho Chi Minh City"),
        ("zurich", "Zürich"), ("KRAKOW", "Kraków"), ("reykjavik", "Reykjavík"), ("Tok", "Tokyo"),
    ])
    func searchIgnoresCaseAndAccents(query: String, name: String) async throws {
        let (client, _) = client()
        let results = try await client.search(name: query)
        #expect(results.first?.name == name)
    }

    @Test func searchEdgeCases() async throws {
        let (client, _) = client()
        #expect(try await client.search(name: "Xyzzyplughnowhere").isEmpty)
        #expect(try await client.search(name: "Ro").isEmpty)  // Two letters: exact names only.
        // count limits what the server returns, before the client ranks it.
        let two = try await client.search(name: "Springfield", count: 2)
        #expect(two.map(\.admin1) == ["Illinois", "Oregon"])
        let island = try #require(try await client.search(name: "ile mac").first)
        #expect(island.country == nil && island.admin1 == nil && island.population == nil)
        #expect(island.countryCode == "TF")
    }

    @Test func placeByID() async throws {
        let (client, _) = client()
        let rome = try await client.place(id: 3_169_070)
        #expect(rome.name == "Rome" && rome.population == 2_318_895)
        await #expect {
            _ = try await client.place(id: 1)
        } throws: { error in
            (error as? OpenMeteoError)?.kind == .rejected(reason: "Location ID not found.")
        }
    }
}
