import KioskConfig
import KioskCore
import Testing

/// `forecast.fallback` and `forecast.fallback_url`: their defaults, their values, and a
/// wrong value refused in one sentence that names the key.
@Suite struct ForecastFallbackConfigTests {
    private func resolve(_ text: String) throws(ConfigFileError) -> KioskConfiguration {
        try resolveConfig(text)
    }

    private func problems(_ text: String) -> [String] { configProblems(text) }

    @Test func defaultsAreMETNorwaysPublicService() throws {
        let configuration = try resolve("")
        #expect(configuration.forecast.fallback == .metNorway)
        #expect(
            configuration.forecast.fallbackURL
                == "https://api.met.no/weatherapi/locationforecast/2.0")
        #expect(KioskSettings(configuration).fallback == .metNorway)
    }

    @Test func bothKeysAreRead() throws {
        let configuration = try resolve(
            """
            [forecast]
            fallback = "none"
            fallback_url = "http://127.0.0.1:8090/weatherapi/locationforecast/2.0"
            """)
        #expect(configuration.forecast.fallback == ForecastFallback.none)
        #expect(
            configuration.forecast.fallbackURL
                == "http://127.0.0.1:8090/weatherapi/locationforecast/2.0")
        #expect(KioskSettings(configuration).fallback == ForecastFallback.none)
    }

    @Test func wrongValuesAreRefusedNamingTheKey() {
        let found = problems(
            """
            [forecast]
            fallback = "yr"
            fallback_url = "api.met.no"
            """)
        #expect(found.count == 2)
        #expect(found.contains { $0.hasPrefix("forecast.fallback ") && $0.contains("met-norway") })
        #expect(found.contains { $0.hasPrefix("forecast.fallback_url ") })
    }
}

/// `text` as the config file /etc/wk.toml, resolved.
func resolveConfig(_ text: String) throws(ConfigFileError) -> KioskConfiguration {
    try ConfigStore.resolve(ConfigDocument(file: "/etc/wk.toml", text: text))
}

/// The problems of `text` as the config file /etc/wk.toml; empty when it resolves.
func configProblems(_ text: String) -> [String] {
    do {
        _ = try resolveConfig(text)
        return []
    } catch {
        return error.problems.map(\.message)
    }
}
