import KioskConfig
import KioskCore
import Testing

/// The owner's `contact`, the `[warnings]` table and a favourite's `country_code`.
@Suite struct WarningConfigTests {
    private func resolve(_ text: String) throws(ConfigFileError) -> KioskConfiguration {
        try resolveConfig(text)
    }

    private func problems(_ text: String) -> [String] { configProblems(text) }

    @Test func defaultsAreTheFixedInterface() throws {
        let configuration = try resolve("")
        #expect(configuration.contact == nil)
        #expect(configuration.warnings.enabled)
        #expect(configuration.warnings.refreshMinutes == 5)
        #expect(configuration.warnings.nwsURL == "https://api.weather.gov")
        #expect(
            configuration.warnings.metAlertsURL == "https://api.met.no/weatherapi/metalerts/2.0")
        #expect(configuration.warnings.dwdURL == "https://api.brightsky.dev")
        #expect(configuration.warnings.wakeScreen == .extreme)
    }

    @Test func wakeScreenTakesItsThreeValuesAndNothingElse() throws {
        for (text, value) in [
            ("none", WarningWakeScreen.none), ("severe", .severe), ("extreme", .extreme),
        ] {
            let configuration = try resolve("[warnings]\nwake_screen = \"\(text)\"")
            #expect(configuration.warnings.wakeScreen == value)
        }
        let found = problems("[warnings]\nwake_screen = \"always\"")
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("warnings.wake_screen ") == true)
        #expect(found.first?.contains("extreme") == true, "it names the values")
        #expect(WarningWakeScreen.severe.wakes(for: .extreme))
        #expect(WarningWakeScreen.severe.wakes(for: .severe))
        #expect(!WarningWakeScreen.extreme.wakes(for: .severe))
        #expect(!WarningWakeScreen.none.wakes(for: .extreme))
    }

    @Test func everyKeyIsRead() throws {
        let configuration = try resolve(
            """
            contact = "you@example.org"
            [warnings]
            enabled = false
            refresh_minutes = 10
            nws_url = "http://127.0.0.1:8081"
            metalerts_url = "http://127.0.0.1:8082/weatherapi/metalerts/2.0"
            dwd_url = "http://127.0.0.1:8083"
            """)
        #expect(configuration.contact == "you@example.org")
        #expect(!configuration.warnings.enabled)
        #expect(configuration.warnings.refreshMinutes == 10)
        #expect(configuration.warnings.nwsURL == "http://127.0.0.1:8081")
        #expect(
            configuration.warnings.metAlertsURL
                == "http://127.0.0.1:8082/weatherapi/metalerts/2.0")
        #expect(configuration.warnings.dwdURL == "http://127.0.0.1:8083")
    }

    @Test func wrongValuesAreRefusedNamingTheKey() {
        let found = problems(
            """
            contact = "me (home); x"
            [warnings]
            enabled = "yes"
            refresh_minutes = 1
            nws_url = "api.weather.gov"
            """)
        #expect(found.count == 4)
        #expect(found.contains { $0.hasPrefix("contact must be an e-mail address or a URL") })
        #expect(found.contains { $0.hasPrefix("warnings.enabled must be true or false") })
        #expect(found.contains { $0.hasPrefix("warnings.refresh_minutes ") })
        #expect(found.contains { $0.hasPrefix("warnings.nws_url ") })
    }

    @Test func aCitysCountryCodeIsReadCheckedAndWrittenBack() throws {
        let configuration = try resolve(
            """
            [[cities]]
            name = "Oslo"
            country = "Norway"
            country_code = "NO"
            latitude = 59.91
            longitude = 10.75
            """)
        #expect(configuration.cities.first?.countryCode == "NO")
        let written = try ConfigDocument(file: "c.toml", text: "")
            .appendingCity(configuration.cities[0])
        #expect(written.text.contains("country_code = \"NO\"\n"))
        #expect(try resolve(written.text).cities == configuration.cities)

        let refused = problems(
            """
            [[cities]]
            name = "Oslo"
            country_code = "nor"
            latitude = 59.91
            longitude = 10.75
            """)
        #expect(
            refused == [
                "cities[1].country_code must be a two-letter ISO 3166-1 code such as \"NO\", not \"nor\""
            ])
    }
}
