import FoundationEssentials
import KioskCore
import KioskDaemon
import KioskTesting
import LinuxPlatform
import Testing

/// The files the kiosk keeps across restarts load as the release before typed quantities
/// wrote them: the forecast cache with its numbers in the requested units (pressure in hPa),
/// the indoor history in °C and Pa.
@Suite struct StoredFormatTests {
    /// A forecast cache as the release before wrote it: one entry asked for in °F, mph and
    /// inches, one in the defaults.
    static let cacheOfTheLastRelease = """
        {"entries":[{"coordinate":{"latitude":40.7128,"longitude":-74.006},"fetchedAt":1795000000,\
        "forecast":{"coordinate":{"latitude":40.72,"longitude":-74},"current":{"apparentTemperature":55.2,\
        "isDay":true,"relativeHumidity":61,"surfacePressure":1012.4,"temperature":59.5,\
        "time":1794999600,"weatherCode":3,"windDirection":225,"windSpeed":9.4},\
        "daily":[{"date":{"day":23,"month":11,"year":2026},"precipitationProbabilityMax":40,\
        "precipitationSum":0.12,"sunrise":1794916800,"sunset":1794952800,"temperatureMax":62.1,\
        "temperatureMin":48.3,"weatherCode":61}],"elevation":10,\
        "hourly":[{"isDay":true,"precipitationProbability":20,"temperature":58.8,\
        "time":1794999600,"weatherCode":2}],"timezone":"America\\/New_York",\
        "timezoneAbbreviation":"EST","units":{"precipitation":"inch","temperature":"fahrenheit",\
        "wind":"mph"},"utcOffsetSeconds":-18000}},\
        {"coordinate":{"latitude":41.8919,"longitude":12.5113},"fetchedAt":1795000000,\
        "forecast":{"coordinate":{"latitude":41.9,"longitude":12.52},"current":{"temperature":15.5,\
        "time":1794999600,"windSpeed":11.2,"surfacePressure":1009.7},"daily":[],"elevation":20,\
        "hourly":[],"units":{"precipitation":"mm","temperature":"celsius","wind":"kmh"},\
        "utcOffsetSeconds":3600}}],"version":1}
        """

    @Test func theForecastCacheOfTheLastReleaseLoads() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write("forecasts.json", Self.cacheOfTheLastRelease)
        let cache = ForecastCache(directory: directory.path)
        let entries = try cache.load()
        #expect(entries.count == 2)

        let newYork = try #require(entries.first?.forecast)
        #expect(
            newYork.units
                == ForecastUnits(temperature: .fahrenheit, wind: .mph, precipitation: .inch))
        let current = try #require(newYork.current)
        // Each number keeps the unit it was stored in, exactly.
        #expect(current.temperature?.value(in: .fahrenheit) == 59.5)
        #expect(abs((current.temperature?.celsius ?? 0) - 15.277_78) < 1e-4)
        #expect(current.apparentTemperature?.value(in: .fahrenheit) == 55.2)
        #expect(current.windSpeed?.value(in: .mph) == 9.4)
        #expect(abs((current.windSpeed?.value(in: .kmh) ?? 0) - 15.128) < 1e-3)
        // The last release kept the pressure at the ground: not taken for the sea level's.
        #expect(current.seaLevelPressure == nil)
        #expect(newYork.hourly.first?.temperature?.value(in: .fahrenheit) == 58.8)
        #expect(newYork.daily.first?.temperatureMax?.value(in: .fahrenheit) == 62.1)
        #expect(newYork.daily.first?.temperatureMin?.value(in: .fahrenheit) == 48.3)
        #expect(newYork.daily.first?.precipitationSum == 0.12)

        let rome = try #require(entries.last?.forecast.current)
        #expect(rome.temperature == Temperature(celsius: 15.5))
        #expect(rome.windSpeed?.value(in: .kmh) == 11.2)
        #expect(rome.seaLevelPressure == nil)

        // Written again, the same numbers in the same units: the next release reads it too,
        // and a forecast read back is the forecast written.
        FileSystem.remove(cache.path)
        try cache.store(entries, now: Date(timeIntervalSince1970: 1_795_000_000))
        let again = try cache.load()
        #expect(again == entries)
        let text = try #require(directory.read("forecasts.json"))
        for number in ["59.5", "55.2", "9.4", "58.8", "62.1", "48.3", "11.2"] {
            #expect(text.contains(":\(number)"), "the cache stores \(number) as it came")
        }
        // This release's sea-level pressure is kept in hPa, as Open-Meteo sends it.
        var withPressure = entries
        withPressure[1].forecast.current?.seaLevelPressure = Pressure(hectopascals: 1009.7)
        try cache.store(withPressure, now: Date(timeIntervalSince1970: 1_795_000_000))
        #expect(try cache.load() == withPressure)
        #expect(directory.read("forecasts.json")?.contains("\"seaLevelPressure\":1009.7") == true)

        // The last release knew one provider: its entries are Open-Meteo's. An entry from MET
        // Norway says so and keeps saying so after a restart.
        #expect(entries.allSatisfy { $0.provider == .openMeteo })
        var fromMETNorway = withPressure
        fromMETNorway[1].provider = .metNorway
        try cache.store(fromMETNorway, now: Date(timeIntervalSince1970: 1_795_000_000))
        #expect(try cache.load().map(\.provider) == [.openMeteo, .metNorway])
        #expect(directory.read("forecasts.json")?.contains("\"provider\":\"met-norway\"") == true)
    }

    @Test func theIndoorHistoryOfTheLastReleaseLoads() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let written =
            #"{"samples":[{"chip":"bme280","humidity":45.5,"pressure":100990.25,"temperature":21.5,"time":1795000000},"#
            + #"{"chip":"bmp280","pressure":100980,"temperature":21.25,"time":1795000300}]}"#
        directory.write("indoor-history.json", written)
        let history = try StateStore(directory: directory.path).loadHistory()
        #expect(history.samples.count == 2)
        let first = try #require(history.samples.first)
        #expect(first.temperature == Temperature(celsius: 21.5))
        #expect(first.pressure.pascals == 100_990.25)
        #expect(first.pressure.hectopascals == 1009.9025)
        #expect(first.humidity == 45.5)
        #expect(history.samples.last?.humidity == nil)
        // Saved by this version: byte for byte what the last release wrote (°C and Pa).
        let store = StateStore(directory: directory.file("new"))
        try store.save(history)
        #expect(directory.read("new/indoor-history.json") == written)
    }
}
