import KioskCore
import KioskTesting
import OpenMeteo
import Testing

@Suite struct ForecastRequestTests {
    let rome = Coordinate(latitude: 41.89193, longitude: 12.51133)
    let saoPaulo = Coordinate(latitude: -23.5475, longitude: -46.63611)

    /// The query parameters of `url`, decoded, in order.
    func parameters(_ url: String) -> [(name: String, value: String)] {
        RecordedRequest(.init(url: url)).query.map { ($0.name, $0.value) }
    }

    func value(_ name: String, in url: String) -> String? {
        parameters(url).first { $0.name == name }?.value
    }

    @Test func everyParameterOfTheDefaultRequest() {
        let url = ForecastRequest(coordinates: [rome, saoPaulo]).url(
            baseURL: "https://api.open-meteo.com")
        #expect(url.hasPrefix("https://api.open-meteo.com/v1/forecast?latitude="))
        #expect(
            parameters(url).map(\.name) == [
                "latitude", "longitude", "current", "hourly", "daily", "timezone", "timeformat",
                "forecast_days", "forecast_hours",
            ])
        #expect(value("latitude", in: url) == "41.89193,-23.5475")
        #expect(value("longitude", in: url) == "12.51133,-46.63611")
        #expect(
            value("current", in: url)
                == "temperature_2m,relative_humidity_2m,apparent_temperature,is_day,weather_code,"
                + "wind_speed_10m,wind_direction_10m,pressure_msl")
        #expect(
            value("hourly", in: url)
                == "temperature_2m,precipitation_probability,weather_code,is_day,precipitation,"
                + "wind_gusts_10m")
        #expect(
            value("daily", in: url)
                == "weather_code,temperature_2m_max,temperature_2m_min,precipitation_sum,"
                + "precipitation_probability_max,sunrise,sunset,daylight_duration,uv_index_max")
        #expect(value("timezone", in: url) == "auto")
        #expect(value("timeformat", in: url) == "unixtime")
        #expect(value("forecast_days", in: url) == "7")
        #expect(value("forecast_hours", in: url) == "48")
        // Commas between coordinates and variables stay literal.
        #expect(url.contains("latitude=41.89193,-23.5475&"))
    }

    @Test(arguments: [
        "https://api.open-meteo.com", "https://api.open-meteo.com/",
        " https://api.open-meteo.com// ",
    ])
    func baseURLWithOrWithoutTrailingSlash(base: String) {
        let url = ForecastRequest(coordinates: [rome]).url(baseURL: base)
        #expect(url.hasPrefix("https://api.open-meteo.com/v1/forecast?"))
    }

    @Test(arguments: [
        (41.89193, "41.89193"), (-0.00001, "-0.00001"), (13.0, "13"), (52.52, "52.52"),
        (0.000001, "0.000001"), (-179.9999994, "-179.999999"), (-0.0000001, "0"),
        (89.123456789, "89.123457"),
    ])
    func coordinatesInPlainDecimal(latitude: Double, text: String) {
        let url = ForecastRequest(coordinates: [Coordinate(latitude: latitude, longitude: 1)])
            .url(baseURL: "http://h")
        #expect(value("latitude", in: url) == text)
    }

    @Test func unitsOnlyWhenNotTheDefault() {
        let metric = ForecastRequest(coordinates: [rome]).url(baseURL: "http://h")
        for name in ["temperature_unit", "wind_speed_unit", "precipitation_unit"] {
            #expect(value(name, in: metric) == nil)
        }
        let imperial = ForecastRequest(
            coordinates: [rome],
            units: ForecastUnits(temperature: .fahrenheit, wind: .mph, precipitation: .inch)
        ).url(baseURL: "http://h")
        #expect(value("temperature_unit", in: imperial) == "fahrenheit")
        #expect(value("wind_speed_unit", in: imperial) == "mph")
        #expect(value("precipitation_unit", in: imperial) == "inch")
        let knots = ForecastRequest(coordinates: [rome], units: ForecastUnits(wind: .kn))
            .url(baseURL: "http://h")
        #expect(value("wind_speed_unit", in: knots) == "kn")
        #expect(value("temperature_unit", in: knots) == nil)
    }

    @Test func apiKeyOnlyWhenSetAndEncoded() {
        let free = ForecastRequest(coordinates: [rome]).url(baseURL: "http://h")
        #expect(value("apikey", in: free) == nil)
        #expect(!free.contains("apikey"))
        let paid = ForecastRequest(coordinates: [rome], apiKey: "k3y/with+odd&chars")
            .url(baseURL: "https://customer-api.open-meteo.com")
        #expect(paid.hasSuffix("&apikey=k3y%2Fwith%2Bodd%26chars"))
        #expect(value("apikey", in: paid) == "k3y/with+odd&chars")
    }

    @Test func splitsAtOneHundredLocations() {
        let coordinates = (0..<250).map {
            Coordinate(latitude: Double($0) / 10, longitude: Double($0) / 5)
        }
        let batches = ForecastRequest.batches(
            for: coordinates, units: ForecastUnits(), apiKey: "key")
        #expect(batches.map(\.coordinates.count) == [100, 100, 50])
        #expect(batches.flatMap(\.coordinates) == coordinates)
        #expect(batches.allSatisfy { $0.apiKey == "key" })
        #expect(
            ForecastRequest.batches(for: Array(coordinates.prefix(100)), units: .init()).count == 1)
        #expect(ForecastRequest.batches(for: [], units: .init()).isEmpty)
    }

    @Test(arguments: [(1, [1, 1, 1, 1, 1]), (2, [2, 2, 1]), (3, [3, 2]), (5, [5]), (9, [5])])
    func splitsAtASmallLimit(limit: Int, sizes: [Int]) {
        let coordinates = (0..<5).map { Coordinate(latitude: Double($0), longitude: 0) }
        let batches = ForecastRequest.batches(
            for: coordinates, units: .init(), maximumLocations: limit)
        #expect(batches.map(\.coordinates.count) == sizes)
        #expect(batches.flatMap(\.coordinates) == coordinates)
    }

    @Test func eachBatchURLHoldsItsOwnCoordinates() {
        let coordinates = (0..<3).map { Coordinate(latitude: Double($0) + 0.5, longitude: -1) }
        let urls = ForecastRequest.batches(for: coordinates, units: .init(), maximumLocations: 2)
            .map { $0.url(baseURL: "http://h") }
        #expect(urls.map { value("latitude", in: $0) } == ["0.5,1.5", "2.5"])
        #expect(urls.map { value("longitude", in: $0) } == ["-1,-1", "-1"])
    }

    /// (variables, days, calls): max(1, v/10, v/10 × d/14).
    static let costs: [(Int, Int, Double)] = [
        (5, 4, 1), (10, 4, 1), (19, 4, 1.9), (19, 14, 1.9), (19, 16, 1.9 * 16 / 14),
        (40, 16, 4 * 16 / 14), (100, 1, 10),
    ]

    @Test(arguments: costs)
    func apiCallsPerLocation(variables: Int, days: Int, calls: Double) {
        let cost = ForecastRequest.apiCallsPerLocation(variables: variables, days: days)
        #expect(abs(cost - calls) < 1e-9)
    }

    @Test func dailyEstimateForTenCitiesAndTheStation() {
        // 8 current, 6 hourly and 9 daily variables, 7 days: 2.3 calls a location
        // (23/10 = 2.3 is more than 1, and 7 days are below 14, so the length adds nothing).
        #expect(ForecastRequest.variableCount == 23)
        #expect(ForecastRequest.forecastDays == 7)
        // 11 locations × 2.3 calls × 96 refreshes a day.
        let estimate = ForecastRequest.estimatedDailyAPICalls(locations: 11, refreshMinutes: 15)
        #expect(abs(estimate - 2428.8) < 1e-6)
        #expect(ForecastRequest.estimatedDailyAPICalls(locations: 0, refreshMinutes: 15) == 0)
        #expect(
            abs(ForecastRequest.estimatedDailyAPICalls(locations: 1, refreshMinutes: 60) - 2.3 * 24)
                < 1e-9)
    }
}
