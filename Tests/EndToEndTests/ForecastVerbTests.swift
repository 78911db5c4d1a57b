import FoundationEssentials
import KioskTesting
import Testing

/// `forecast` and `city search/add` against the fake Open-Meteo on loopback.
@Suite struct ForecastVerbTests {
    @Test func forecastFetchesOnceThenServesTheCache() async throws {
        let kiosk = try await KioskFixture.start(extra: threeCities)
        defer { Task { await kiosk.stop() } }
        let first = await kiosk.run(["forecast"])
        #expect(first.exitCode == 0, "\(first.standardError)")
        #expect(first.standardError.isEmpty)
        for name in ["Rome, Italy", "Reykjavík", "São Paulo"] {
            #expect(first.standardOutput.contains(name + " · "))
        }
        #expect(first.standardOutput.contains("  Now    "))
        #expect(first.standardOutput.contains("Today"))
        // Three cities in one forecast request, and their air quality in one more.
        #expect(kiosk.server.requests.map(\.path) == ["/v1/forecast", "/v1/air-quality"])
        let request = try #require(kiosk.server.requests.first)
        #expect(request.path == "/v1/forecast")
        #expect(
            request.queryValue("latitude")?.split(separator: ",").count == 3,
            "no station is set, so none is fetched")
        #expect(kiosk.directory.read("state/forecasts.json") != nil)

        let second = await kiosk.run(["forecast", "rome"])
        #expect(second.exitCode == 0)
        #expect(second.standardOutput.hasPrefix("Rome, Italy · "))
        #expect(!second.standardOutput.contains("São Paulo"))
        #expect(kiosk.server.requests.count == 2, "a fresh cache needs no request")
    }

    @Test func forecastJSON() async throws {
        let kiosk = try await KioskFixture.start(extra: threeCities)
        defer { Task { await kiosk.stop() } }
        let result = await kiosk.run(["forecast", "2", "--json"])
        #expect(result.exitCode == 0)
        let text = result.standardOutput
        for key in [
            "\"name\" : \"Reykjavík\"", "\"current\"", "\"days\"", "\"temperature_max_c\"",
            "\"fetched_at\"", "\"from_cache\" : false", "\"fresh\" : true",
        ] {
            #expect(text.contains(key), "missing \(key)")
        }
    }

    /// Issue 31: `forecast --json` carries every day fetched (7), the Sun and the Moon for
    /// each place; the text has a line for each.
    @Test func forecastCarriesSevenDaysTheSunAndTheMoon() async throws {
        struct Output: Decodable {
            struct Location: Decodable {
                struct Day: Decodable {
                    var date: String
                    var temperatureMaxC: Double?
                    var daylightSeconds: Double?
                    var uvIndexMax: Double?
                }
                struct Sun: Decodable {
                    var sunrise: String?
                    var sunset: String?
                    var daylightSeconds: Int
                    var daylightChangeSeconds: Int
                }
                struct Moon: Decodable {
                    var phase: String
                    var illuminationPercent: Double
                    var ageDays: Double
                }
                var name: String
                var daily: [Day]
                var sun: Sun
                var moon: Moon
            }
            var locations: [Location]
        }
        let kiosk = try await KioskFixture.start(extra: threeCities)
        defer { Task { await kiosk.stop() } }
        let result = await kiosk.run(["forecast", "--json"])
        #expect(result.exitCode == 0, "\(result.standardError)")
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let output = try decoder.decode(Output.self, from: Data(result.standardOutput.utf8))
        #expect(output.locations.count == 3)
        for location in output.locations {
            #expect(location.daily.count == 7, "\(location.name)")
            #expect(Set(location.daily.map(\.date)).count == 7)
            #expect(location.daily.allSatisfy { $0.temperatureMaxC != nil })
            #expect((0...86_400).contains(location.sun.daylightSeconds))
            #expect(abs(location.sun.daylightChangeSeconds) < 3600)
            #expect((0...100).contains(location.moon.illuminationPercent))
            #expect((0..<29.6).contains(location.moon.ageDays))
            #expect(!location.moon.phase.isEmpty)
        }
        // Rome and São Paulo have a sunrise and a sunset every day of the year.
        #expect(output.locations[0].sun.sunrise?.hasSuffix("Z") == true)
        #expect(output.locations[2].sun.sunset != nil)
        #expect(result.standardOutput.contains("\"air\""), "the air quality comes with it")

        let text = await kiosk.run(["forecast", "rome"])
        #expect(text.exitCode == 0, "\(text.standardError)")
        let lines = text.standardOutput.split(separator: "\n")
        let sun = try #require(lines.first { $0.hasPrefix("  Sun: up ") })
        #expect(sun.contains(", down ") && sun.contains(" of daylight ("))
        let moon = try #require(lines.first { $0.hasPrefix("  Moon: ") })
        #expect(moon.contains(" % lit"))
    }

    @Test func daysSetsTheTablesLengthFromOneToSeven() async throws {
        let kiosk = try await KioskFixture.start(extra: threeCities)
        defer { Task { await kiosk.stop() } }
        func rows(_ output: String) -> Int {
            // The table's rows: "Today" and a weekday with a day of the month ("Tue 24").
            output.split(separator: "\n").filter {
                $0.hasPrefix("  Today ")
                    || $0.wholeMatch(of: #/  [A-Z][a-z]{2} [0-9]{1,2} .*/#) != nil
            }.count
        }
        let week = await kiosk.run(["forecast", "rome", "--days", "7"])
        #expect(week.exitCode == 0, "\(week.standardError)")
        #expect(rows(week.standardOutput) == 7, "\(week.standardOutput)")
        let usual = await kiosk.run(["forecast", "rome"])
        #expect(rows(usual.standardOutput) == 4, "today and the next 3, as before")
        for wrong in ["0", "8"] {
            let refused = await kiosk.run(["forecast", "rome", "--days", wrong])
            #expect(refused.exitCode == 2)
            #expect(
                refused.standardError.contains("--days takes 1 to 7"), "\(refused.standardError)")
        }
        let help = await kiosk.run(["forecast", "--help"])
        #expect(help.standardOutput.contains("--days <N>"))
        #expect(kiosk.server.requests.filter { $0.path == "/v1/forecast" }.count == 1)
    }

    /// Issue 32: each place names its provider; the verb's own fetch is Open-Meteo's, and a
    /// forecast the daemon took from MET Norway (in the cache) says so, with its credit.
    @Test func forecastNamesItsProvider() async throws {
        let kiosk = try await KioskFixture.start(extra: threeCities)
        defer { Task { await kiosk.stop() } }
        let fetched = await kiosk.run(["forecast", "--json"])
        #expect(fetched.exitCode == 0, "\(fetched.standardError)")
        #expect(fetched.standardOutput.ranges(of: "\"provider\" : \"open-meteo\"").count == 3)
        #expect(!fetched.standardOutput.contains("met-norway"))
        #expect(!fetched.standardOutput.contains("attribution"))
        let text = await kiosk.run(["forecast"])
        #expect(!text.standardOutput.contains("MET Norway"))

        // The daemon served one place from MET Norway while Open-Meteo failed.
        let cache = try #require(kiosk.directory.read("state/forecasts.json"))
        let openMeteo = "\"provider\":\"open-meteo\""
        let parts = cache.split(separator: openMeteo, omittingEmptySubsequences: false)
        try #require(parts.count == 4, "\(cache.prefix(300))")
        kiosk.directory.write(
            "state/forecasts.json",
            [
                parts[0], openMeteo[...], parts[1], "\"provider\":\"met-norway\"", parts[2],
                openMeteo[...], parts[3],
            ].joined())
        let json = await kiosk.run(["forecast", "--json"])
        #expect(json.exitCode == 0, "\(json.standardError)")
        #expect(json.standardOutput.contains("\"provider\" : \"met-norway\""))
        #expect(json.standardOutput.contains("\"attribution\" : \"Data from MET Norway\""))
        let shown = await kiosk.run(["forecast"])
        #expect(shown.standardOutput.contains("MET Norway's forecast (Data from MET Norway)"))
        #expect(shown.standardOutput.ranges(of: "MET Norway's forecast").count == 1)
    }

    @Test func withoutFavouritesTheStationIsShown() async throws {
        let kiosk = try await KioskFixture.start(
            extra: "[station]\nlatitude = 52.52\nlongitude = 13.41\n")
        defer { Task { await kiosk.stop() } }
        let result = await kiosk.run(["forecast"])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.hasPrefix("Home · "))
    }

    @Test func withoutFavouritesOrStationNothingIsFetched() async throws {
        let kiosk = try await KioskFixture.start()
        defer { Task { await kiosk.stop() } }
        let result = await kiosk.run(["forecast"])
        #expect(result.exitCode == 1)
        #expect(result.standardError.contains("`weather-kiosk city add NAME`"))
        #expect(kiosk.server.requests.isEmpty)
    }

    @Test func unknownFavouriteIsAUsageError() async throws {
        let kiosk = try await KioskFixture.start(extra: threeCities)
        defer { Task { await kiosk.stop() } }
        let result = await kiosk.run(["forecast", "Paris"])
        #expect(result.exitCode == 2)
        #expect(kiosk.server.requests.isEmpty)
    }

    @Test func searchRanksExactNamesAndLargerPlacesFirst() async throws {
        let kiosk = try await KioskFixture.start()
        defer { Task { await kiosk.stop() } }
        let result = await kiosk.run(["city", "search", "Paris"])
        #expect(result.exitCode == 0)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.first?.contains("Name") == true)
        #expect(lines.dropFirst().first?.contains("France") == true)
        #expect(result.standardOutput.contains("Texas"))
        let request = try #require(kiosk.server.requests.first)
        #expect(request.path == "/v1/search")
        #expect(request.queryValue("name") == "Paris")
        #expect(request.queryValue("language") == "en")
    }

    @Test func searchEncodesNamesAndFiltersByCountry() async throws {
        let kiosk = try await KioskFixture.start()
        defer { Task { await kiosk.stop() } }
        let result = await kiosk.run(["city", "search", "São Paulo", "--country", "br", "--json"])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.contains("\"country_code\" : \"BR\""))
        let request = try #require(kiosk.server.requests.first)
        #expect(
            request.rawQuery.contains("name=S%C3%A3o%20Paulo")
                || request.rawQuery.contains("name=S%C3%A3o+Paulo"))
        #expect(request.queryValue("countryCode") == "BR")
    }

    @Test func shortNamesAreRefusedWithoutANetworkCall() async throws {
        let kiosk = try await KioskFixture.start()
        defer { Task { await kiosk.stop() } }
        let result = await kiosk.run(["city", "search", "X"])
        #expect(result.exitCode == 2)
        #expect(result.standardError.contains("2"))
        #expect(kiosk.server.requests.isEmpty)
    }

    @Test func addByNamePickAndCountry() async throws {
        let kiosk = try await KioskFixture.start()
        defer { Task { await kiosk.stop() } }
        let first = await kiosk.run(["city", "add", "Paris"])
        #expect(first.exitCode == 0)
        #expect(first.standardOutput.hasPrefix("Added Paris, Île-de-France, France ("))
        let texas = await kiosk.run(["city", "add", "Paris", "--pick", "2"])
        #expect(texas.standardOutput.contains("Texas"))
        let again = await kiosk.run(["city", "add", "paris", "--country", "US"])
        #expect(again.standardOutput.contains("is already favourite 2; nothing changed."))
        let config = try #require(kiosk.directory.read("config.toml"))
        #expect(config.hasPrefix("# Test kiosk.\n"))
        #expect(config.contains("geoname_id = "))
        #expect(config.contains("timezone = \"Europe/Paris\""))
        let outOfRange = await kiosk.run(["city", "add", "Paris", "--pick", "9"])
        #expect(outOfRange.exitCode == 2)
        let nothing = await kiosk.run(["city", "add", "Xyzzyplugh"])
        #expect(nothing.exitCode == 1, "nothing found is exit 1, as for city search")
        #expect(nothing.standardError.contains("No place named \"Xyzzyplugh\" was found"))
    }
}
